// The packed-consumer check of the test command: installs the tarball `npm pack` makes as an app
// does (extracted into node_modules, with the app's own copies of the peers), then type-checks,
// bundles, imports and runs it from there. publint and attw read package.json and dist/; this
// catches what only an install shows: a file left out of `files`, a .d.ts that needs a
// devDependency, a bin that does not start. Offline: the app's packages are symlinks into this
// repository's node_modules. Needs dist/ (`npm run build`).
import { execFile, spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, extname, join, normalize, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from './chromium.mjs'

const repo = resolve(dirname(new URL(import.meta.url).pathname), '..')
const run = promisify(execFile)
const started = performance.now()
// Real, as the type-checker names the files it reads (macOS's tmpdir is a symlink).
const dir = await mkdtemp(join(await realpath(tmpdir()), 'paylink-consumer-'))
const app = join(dir, 'app')
const pkg = join(app, 'node_modules/@paylink/react')
let bin

// Runs a script of the app (a path from its root) with node, failing with the script's output.
async function tool(label, file, args = []) {
  try {
    return (await run(process.execPath, [file, ...args], { cwd: app, maxBuffer: 1 << 24, timeout: 120_000 })).stdout
  } catch (error) {
    throw new Error(`${label} failed:\n${error.stdout}${error.stderr}`)
  }
}

const files = {
  'package.json': JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  // Every entry, each through a typed use an app makes of it.
  'all.tsx': `
import { PayLinkButton, PayLinkProvider, type PayLinkButtonProps } from '@paylink/react'
import { createPayLinkClient, getLink, PayLinkError, type Link } from '@paylink/react/client'
import { getLinkQueryOptions } from '@paylink/react/query'
import { createPayLinkProxy, toNodeHandler, type PayLinkProxy } from '@paylink/react/server'
import { BASE_SEPOLIA_USDC, createTestSigner, MOCK_LINKS, startMockServer } from '@paylink/react/mock'
import { createMockApi } from '@paylink/react/mock/browser'
import { createEvmSigner } from '@paylink/react/evm'
import { fetchWithPayment, type PaymentSigner } from '@paylink/react/x402'
import '@paylink/react/styles.css'
import { QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createServer } from 'node:http'
import { privateKeyToAccount } from 'viem/accounts'

const client = createPayLinkClient({ baseUrl: '/api/paylink' })
export const link: Promise<Link> = getLink(client, MOCK_LINKS.demo).catch((error: unknown) => {
  throw error instanceof PayLinkError ? new Error(error.name) : error
})
export const code: string | undefined = getLinkQueryOptions(client, 'demo').queryKey[0]
// A factory's options are typed, not \`any\` (a type TanStack Query does not export reads as any).
// @ts-expect-error: options are not a number
export const notANumber: number = getLinkQueryOptions(client, 'demo')
export const cached: Link | undefined = new QueryClient().getQueryData(getLinkQueryOptions(client, 'demo').queryKey)
export const useCode = (): string => useSuspenseQuery(getLinkQueryOptions(client, 'demo')).data.code
const proxy: PayLinkProxy = createPayLinkProxy({ apiKey: 'k', upstream: 'https://api.paylink.example', basePath: '/api/paylink' })
export const server = createServer(toNodeHandler(proxy))
export const mock: Promise<string> = startMockServer({ port: 0 }).then((running) => running.url)
export const handlers = createMockApi().handlers
const signer: PaymentSigner = createEvmSigner(privateKeyToAccount(\`0x\${'11'.repeat(32)}\`))
export const paid: Promise<Response> = fetchWithPayment('https://x402.example', undefined, { signer })
const props: PayLinkButtonProps = {
  code: MOCK_LINKS.demo,
  signer: createTestSigner(),
  maxAmount: { [BASE_SEPOLIA_USDC]: '2000000' },
  onSettled: (proof) => console.log(proof?.transaction),
}
export const App = () => <PayLinkProvider client={client}><PayLinkButton {...props} /></PayLinkProvider>
`,
  // A browser app as Vite's template sets it up: no Node types. Its components are the app's own,
  // which React Compiler memoizes (vite.config.mjs): Status follows the purchase the button makes.
  'main.tsx': `
import { PayLinkButton, PayLinkProvider, usePayLink } from '@paylink/react'
import { BASE_SEPOLIA_USDC, createTestSigner } from '@paylink/react/mock/browser'
import { createRoot } from 'react-dom/client'
import '@paylink/react/styles.css'

const signer = createTestSigner()

function Status() {
  const { status } = usePayLink('demo')
  return <output data-state={status}>{status}</output>
}

function App() {
  return (
    <PayLinkProvider baseUrl="/api/paylink">
      <PayLinkButton code="demo" signer={signer} maxAmount={{ [BASE_SEPOLIA_USDC]: '2000000' }} />
      <Status />
    </PayLinkProvider>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
`,
  // React Compiler on the app's own components, not on node_modules (the package ships as built),
  // through Babel as @vitejs/plugin-react did before version 6.
  'vite.config.mjs': `
import { transformAsync } from '@babel/core'

export default {
  plugins: [
    {
      name: 'react-compiler',
      enforce: 'pre',
      async transform(code, id) {
        if (!id.endsWith('.tsx') || id.includes('/node_modules/')) return
        const { code: compiled, map } = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: ['jsx', 'typescript'] },
          plugins: ['babel-plugin-react-compiler'],
        })
        // Its memo cache comes from react/compiler-runtime: without that import, nothing was compiled.
        if (!compiled.includes('react/compiler-runtime')) throw new Error(\`React Compiler left \${id} as it was\`)
        return { code: compiled, map }
      },
    },
  ],
}
`,
  'index.html': '<!doctype html><div id="root"></div><script type="module" src="/main.tsx"></script>',
  // An ESM Node script, as a server, a route loader or a test setup runs it.
  'node.mjs': `
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { PayLinkButton, PayLinkProvider } from '@paylink/react'
import { createTestSigner } from '@paylink/react/mock'

await Promise.all(['client', 'query', 'server', 'mock/browser', 'evm', 'x402'].map((entry) => import(\`@paylink/react/\${entry}\`)))
const button = createElement(PayLinkButton, { code: 'demo', signer: createTestSigner() })
console.log(renderToString(createElement(PayLinkProvider, { baseUrl: '/api/paylink' }, button)))
`,
}

// The app as built, served on 127.0.0.1 with the package's proxy in front of its mock API, in
// Chromium: it renders, is styled, and pays, with no error on the page (a Node global such as
// `process` or `Buffer` left in the bundle throws here). The server side is imported as the app
// resolves it, so its dependencies resolve from the extracted package as on the app's server.
async function inBrowser() {
  const entry = (name) => import(pathToFileURL(createRequire(join(app, 'package.json')).resolve(name)).href)
  const { MOCK_API_KEY, startMockServer } = await entry('@paylink/react/mock')
  const { createPayLinkProxy, toNodeHandler } = await entry('@paylink/react/server')
  const mock = await startMockServer({ settleDelayMs: 0 })
  const proxy = toNodeHandler(createPayLinkProxy({ apiKey: MOCK_API_KEY, upstream: mock.url, basePath: '/api/paylink' }))
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
  const site = createServer(async (request, response) => {
    if (request.url.startsWith('/api/paylink/')) return proxy(request, response)
    const file = normalize(request.url === '/' ? 'index.html' : request.url.slice(1))
    const body = file.startsWith('..') ? undefined : await readFile(join(app, 'dist', file)).catch(() => undefined)
    if (body) response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body)
    else response.writeHead(404).end()
  })
  await new Promise((done) => site.listen(0, '127.0.0.1', done))
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`http://127.0.0.1:${site.address().port}/`)
    const button = page.locator('button.paylink-button')
    const reach = async (state) => {
      const reached = await button.and(page.locator(`[data-state="${state}"]`)).waitFor({ timeout: 15_000 }).then(() => true, () => false)
      if (!reached || errors.length > 0) {
        const shown = await button.evaluate((node) => node.outerHTML).catch(() => 'no button')
        throw new Error(`the Vite-built app in Chromium did not reach data-state="${state}": ${shown}\n${errors.join('\n')}`)
      }
    }
    await reach('ready')
    // A token of the stylesheet, read where the components read it.
    const radius = await button.evaluate((node) => getComputedStyle(node).getPropertyValue('--paylink-radius'))
    if (radius.trim() !== '8px') throw new Error('the Vite-built app in Chromium: the button is not styled by @paylink/react/styles.css')
    await button.click()
    await reach('settled')
    // The app's compiled component, on the same purchase through usePayLink.
    const status = page.locator('output[data-state="settled"]')
    if (!(await status.waitFor({ timeout: 5_000 }).then(() => true, () => false))) {
      throw new Error(`the Vite-built app in Chromium: usePayLink in a compiled component shows ${await page.locator('output').textContent()}, not settled`)
    }
    const { size } = await stat(join(app, 'dist/assets', (await readdir(join(app, 'dist/assets'))).find((file) => file.endsWith('.js'))))
    return `vite build ("use client" warned of, not refused; ${size} B of JS, its components compiled by React Compiler) in Chromium: styled, "ready" then "settled" on a click, and usePayLink in a compiled component "settled" too, over /server's proxy and /mock's server`
  } finally {
    await browser.close()
    await new Promise((done) => site.close(done))
    await mock.close()
  }
}

// Each program checks its root and every .d.ts of the package it reaches, with skipLibCheck off, as
// an app's tsc would; the other packages' own .d.ts are theirs to check, and half the run time here.
const base = { strict: true, skipLibCheck: false, noEmit: true, jsx: 'react-jsx', target: 'es2022', lib: ['es2022', 'dom', 'dom.iterable'] }
const programs = [
  ['all.tsx', { module: 'esnext', moduleResolution: 'bundler', types: ['node'] }],
  ['all.tsx', { module: 'nodenext', moduleResolution: 'nodenext', types: ['node'] }],
  ['main.tsx', { module: 'esnext', moduleResolution: 'bundler', types: [] }],
]
// The same app with other versions of the peers: theirs to vary, so TypeScript 6 alone checks these.
const peerPrograms = [
  // The oldest TanStack Query the peers allow, from the React 18 harness (npm test's pretest installs it).
  ['all.tsx', { module: 'esnext', moduleResolution: 'bundler', types: ['node'], paths: { '@tanstack/react-query': [join(repo, 'test/react18/node_modules/@tanstack/react-query')] } }],
  // msw 3, the newest major of the optional peer, from its harness (npm test's pretest installs it).
  ['all.tsx', { module: 'esnext', moduleResolution: 'bundler', types: ['node'], paths: { msw: [join(repo, 'test/msw3/node_modules/msw')] } }],
]
function typecheck() {
  const ts = createRequire(join(app, 'package.json'))('typescript')
  for (const [root, options] of [...programs, ...peerPrograms]) {
    const converted = ts.convertCompilerOptionsFromJson({ ...base, ...options }, app)
    const program = ts.createProgram({ rootNames: [join(app, root)], options: converted.options })
    const ours = program.getSourceFiles().filter(({ fileName }) => fileName === join(app, root) || fileName.startsWith(join(pkg, 'dist/')))
    const diagnostics = [...converted.errors, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
    for (const file of ours) diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file))
    if (diagnostics.length > 0) {
      const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => app, getNewLine: () => '\n' }
      throw new Error(`tsc (${root}, ${options.moduleResolution}):\n${ts.formatDiagnostics(diagnostics, host)}`)
    }
  }
}

// The programs with the installed peers, under the oldest TypeScript an app may use (5.5, the oldest zod 4 supports) and the newest
// (7, the native compiler, which has no API in process): each one's tsc, from test/typescript
// (installed by npm test's pretest), runs on a tsconfig of each program, in processes of their own
// while TypeScript 6 checks here. Other packages' errors are theirs, as above: only errors in the
// root or in dist/ fail, and any without a file (an option refused).
const otherCompilers = ['5.5', '7']
async function typecheckWith(version) {
  const tsc = join(repo, `test/typescript/node_modules/typescript-${version}/bin/tsc`)
  for (const [index, [root, options]] of programs.entries()) {
    const config = `tsconfig.${version}-${index}.json`
    await writeFile(join(app, config), JSON.stringify({ compilerOptions: { ...base, ...options }, files: [root] }))
    const output = await run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { cwd: app, maxBuffer: 1 << 24, timeout: 120_000 }).then(
      ({ stdout }) => stdout,
      (error) => `${error.stdout}${error.stderr}`,
    )
    const ours = output.split('\n').filter((line) => /error TS\d+/.test(line) && (!/^[^(]+\(\d+,\d+\)/.test(line) || line.startsWith(root) || line.startsWith('node_modules/@paylink/react/')))
    if (ours.length > 0) throw new Error(`TypeScript ${version}'s tsc (${root}, ${options.moduleResolution}):\n${ours.join('\n')}`)
  }
}

// What the app installed itself; the package's own dependencies go under it (below), as npm nests
// them when the app has another version, so that they resolve from the package or not at all.
const peers = ['react', 'react-dom', '@tanstack/react-query', 'msw', 'viem', 'typescript', 'vite', '@types/react', '@types/react-dom', '@types/node', '@babel/core', 'babel-plugin-react-compiler']

try {
  // Without dist/ the tarball holds only the bin: every check below would fail, none saying why.
  await stat(join(repo, 'dist/index.js')).catch(() => {
    throw new Error('no dist/: run npm run build first')
  })
  const packed = JSON.parse((await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: repo })).stdout)[0]
  await mkdir(dirname(pkg), { recursive: true })
  await run('tar', ['-xzf', join(dir, packed.filename), '-C', dirname(pkg)])
  await rename(join(dirname(pkg), 'package'), pkg)
  for (const name of peers) {
    await mkdir(dirname(join(app, 'node_modules', name)), { recursive: true })
    await symlink(join(repo, 'node_modules', name), join(app, 'node_modules', name), 'dir')
  }
  const { dependencies = {}, bin: bins = {}, license } = JSON.parse(await readFile(join(pkg, 'package.json'), 'utf8'))
  for (const name of Object.keys(dependencies)) {
    await mkdir(dirname(join(pkg, 'node_modules', name)), { recursive: true })
    await symlink(join(repo, 'node_modules', name), join(pkg, 'node_modules', name), 'dir')
  }
  // npm links each bin into node_modules/.bin and makes it executable.
  await mkdir(join(app, 'node_modules/.bin'))
  for (const [name, file] of Object.entries(bins)) {
    await chmod(join(pkg, file), 0o755)
    await symlink(join('../@paylink/react', file), join(app, 'node_modules/.bin', name))
  }
  for (const [name, text] of Object.entries(files)) await writeFile(join(app, name), text)
  // What an installed package is read by besides its code: the license its package.json names (MIT
  // asks that its text go with every copy) and the README npm shows.
  const licenseText = await readFile(join(pkg, 'LICENSE'), 'utf8').catch(() => '')
  if (license !== 'MIT' || !licenseText.startsWith('MIT License')) throw new Error(`the tarball's license: package.json says ${license}, LICENSE starts ${JSON.stringify(licenseText.slice(0, 20))}`)
  await stat(join(pkg, 'README.md'))
  const checks = [`packed ${packed.filename}: ${packed.size} B, ${packed.entryCount} files, LICENSE (MIT) and README.md among them`]

  // vite builds in its own process while this one type-checks.
  const built = tool('vite build', 'node_modules/vite/bin/vite.js', ['build'])
  built.catch(() => {})
  const checkedElsewhere = Promise.all(otherCompilers.map(typecheckWith))
  checkedElsewhere.catch(() => {})
  typecheck()
  await checkedElsewhere
  checks.push('types: every entry under moduleResolution bundler and nodenext, the root in a browser app without @types/node, with TanStack Query 5.48, and with msw 3 (skipLibCheck off); the first three (the installed peers) under TypeScript 5.5 and 7 too')

  await built
  checks.push(await inBrowser())

  const html = await tool('node (every entry, react-dom/server)', 'node.mjs')
  if (!html.includes('data-state="loading"') || !html.includes('Loading…')) throw new Error(`renderToString of PayLinkButton gave ${html}`)
  checks.push('node: every entry imports as ESM; renderToString of PayLinkButton renders its loading state')

  // The bin as `npx paylink-mock` runs it: through the .bin link, by its shebang.
  bin = spawn(join(app, 'node_modules/.bin/paylink-mock'), ['--port', '0'], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise((done) => bin.once('exit', (code, signal) => done(code ?? signal)))
  let output = ''
  const url = await new Promise((done, fail) => {
    const read = (chunk) => {
      output += chunk
      const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (found) done(found[1])
    }
    bin.stdout.on('data', read)
    bin.stderr.on('data', read)
    exited.then((code) => fail(new Error(`paylink-mock exited (${code}) before it listened:\n${output}`)))
    setTimeout(() => fail(new Error(`paylink-mock did not listen within 15 s:\n${output}`)), 15_000).unref()
  })
  const answer = await fetch(`${url}/pub/v1/links/demo`, { headers: { 'X-API-Key': 'pk_test_paylink' } })
  if (!answer.ok) throw new Error(`paylink-mock answered GET /pub/v1/links/demo with ${answer.status}`)
  bin.kill('SIGTERM')
  const code = await exited
  if (code !== 0) throw new Error(`paylink-mock exited with ${code} on SIGTERM`)
  checks.push(`bin: paylink-mock answered on ${url}, stopped on SIGTERM`)

  for (const line of checks) console.log(`consumer: ${line}`)
  console.log(`consumer: packed tarball works as installed (${((performance.now() - started) / 1000).toFixed(1)} s)`)
} catch (error) {
  console.error(`check-consumer: ${error.message}`)
  process.exitCode = 1
} finally {
  bin?.kill('SIGTERM')
  await rm(dir, { recursive: true, force: true })
}
