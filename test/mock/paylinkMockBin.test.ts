import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const BIN = join(import.meta.dirname, '../../bin/paylink-mock.js')
const USAGE = /^Usage: paylink-mock /

// Listens as startMockServer does: a listen error rejects with Node's own error.
const LISTENING_ENTRY = `
import { createServer } from 'node:http'
export const MOCK_API_KEY = 'pk_test_paylink'
export const MOCK_SCENARIOS = []
export const MOCK_ERROR_BODIES = ['contract', 'message']
export const startMockServer = ({ port, host }) => new Promise((resolve, reject) => {
  const server = createServer().once('error', reject)
  server.listen(port, host, () => resolve({ url: 'http://' + host + ':' + port, close: async () => server.close() }))
})
`

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** The launcher copied next to a stand-in for the built entry (`dist/mock.js`), outside any node_modules: no build needed. */
function launcher(entry: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'paylink-mock-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'bin'))
  mkdirSync(join(dir, 'dist'))
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}')
  writeFileSync(join(dir, 'dist/mock.js'), entry)
  copyFileSync(BIN, join(dir, 'bin/paylink-mock.js'))
  return join(dir, 'bin/paylink-mock.js')
}

function run(bin: string, args: string[]): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { timeout: 10_000 }, (error, _, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, lines: stderr.trimEnd().split('\n') })
    })
  })
}

test('a port already in use: exit 1, the reason on one line and the usage, no stack', async () => {
  const busy = createServer()
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = busy.address() as AddressInfo
    const { code, lines } = await run(launcher(LISTENING_ENTRY), ['--port', String(port)])
    expect(code).toBe(1)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/EADDRINUSE.*127\.0\.0\.1/)
    expect(lines[1]).toMatch(USAGE)
  } finally {
    busy.close()
  }
})

test('a host that does not resolve: exit 1, the reason naming it and the usage, no stack', async () => {
  const { code, lines } = await run(launcher(LISTENING_ENTRY), ['--port', '0', '--host', 'no-such-host.invalid'])
  expect(code).toBe(1)
  expect(lines).toHaveLength(2)
  expect(lines[0]).toContain('no-such-host.invalid')
  expect(lines[1]).toMatch(USAGE)
})

test('msw not installed: exit 1, and it says to install msw', async () => {
  const { code, lines } = await run(launcher(`import 'msw'\n${LISTENING_ENTRY}`), [])
  expect(code).toBe(1)
  expect(lines).toHaveLength(2)
  expect(lines[0]).toMatch(/'msw'.*install msw/)
  expect(lines[1]).toMatch(USAGE)
})

// Says what it was started with, then fails: the options the launcher passed on.
const ECHO_ENTRY = `
export const MOCK_API_KEY = 'pk_test_paylink'
export const MOCK_SCENARIOS = []
export const MOCK_ERROR_BODIES = ['contract', 'message']
export const startMockServer = async ({ x402Version, errorBody }) => { throw new Error(JSON.stringify({ x402Version, errorBody })) }
`

test('--x402-version and --error-body reach the mock (both and contract by default); a bad value: exit 2 and the usage', async () => {
  expect((await run(launcher(ECHO_ENTRY), [])).lines[0]).toBe('paylink-mock: {"x402Version":"both","errorBody":"contract"}')
  expect((await run(launcher(ECHO_ENTRY), ['--x402-version', '1', '--error-body', 'message'])).lines[0]).toBe('paylink-mock: {"x402Version":1,"errorBody":"message"}')
  expect((await run(launcher(ECHO_ENTRY), ['--x402-version', '2'])).lines[0]).toBe('paylink-mock: {"x402Version":2,"errorBody":"contract"}')
  const version = await run(launcher(ECHO_ENTRY), ['--x402-version', '3'])
  expect(version.code).toBe(2)
  expect(version.lines[1]).toMatch(USAGE)
  const body = await run(launcher(ECHO_ENTRY), ['--error-body', 'xml'])
  expect(body).toEqual({ code: 2, lines: ['Unknown error body xml; known: contract, message'] })
})

// As ECHO_ENTRY, for the key and scenario flags.
const ACCESS_ENTRY = `
export const MOCK_API_KEY = 'pk_test_paylink'
export const MOCK_SCENARIOS = ['offline', 'rate-limited']
export const MOCK_ERROR_BODIES = ['contract']
export const startMockServer = async ({ apiKeys, scenarios }) => { throw new Error(JSON.stringify({ apiKeys, scenarios })) }
`

test('--api-key (repeatable), --no-auth and --scenario (repeatable) reach the mock; an unknown scenario: exit 2, naming the known ones', async () => {
  const started = async (args: string[]) => (await run(launcher(ACCESS_ENTRY), args)).lines[0]
  expect(await started([])).toBe('paylink-mock: {"apiKeys":["pk_test_paylink"],"scenarios":[]}')
  expect(await started(['--api-key', 'k1', '--api-key', 'k2'])).toBe('paylink-mock: {"apiKeys":["k1","k2"],"scenarios":[]}')
  expect(await started(['--no-auth', '--scenario', 'offline', '--scenario', 'rate-limited'])).toBe(
    'paylink-mock: {"apiKeys":false,"scenarios":["offline","rate-limited"]}',
  )
  expect(await run(launcher(ACCESS_ENTRY), ['--scenario', 'nope'])).toEqual({ code: 2, lines: ['Unknown scenario nope; known: offline, rate-limited'] })
})
