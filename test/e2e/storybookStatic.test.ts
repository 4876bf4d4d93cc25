import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { promisify } from 'node:util'
import { type Browser, chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs'

// `npm run build-storybook` as a designer publishes it: a static site, no dev server, the mock API
// in a service worker, and often under a path of a larger site (a project page, /storybook/ on a
// docs server) rather than at the root.
const PREFIX = '/storybook/'
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' }
let outDir: string
let server: Server
let browser: Browser
let site: string

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'paylink-storybook-'))
  await promisify(execFile)('node_modules/.bin/storybook', ['build', '--quiet', '--disable-telemetry', '-o', outDir], { timeout: 150_000 })
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const file = path.startsWith(PREFIX) ? normalize(path.slice(PREFIX.length)) : undefined
    const body = file && !file.startsWith('..') ? await readFile(join(outDir, file)).catch(() => undefined) : undefined
    if (!body) response.writeHead(404).end()
    else response.writeHead(200, { 'content-type': types[extname(file!)] ?? 'application/octet-stream' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`
  browser = await chromium.launch(chromiumLaunchOptions)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

test('the built Storybook, served under a path, renders a story over its mock: the Settled story pays and shows "Paid"', async () => {
  const page = await browser.newPage()
  await page.goto(`${site}iframe.html?id=components-paylinkbutton--settled&viewMode=story`)
  const paid = page.getByRole('button', { name: 'Paid' })
  await paid.waitFor({ timeout: 20_000 })
  expect(await paid.getAttribute('data-state')).toBe('settled')
  await page.close()
}, 60_000)
