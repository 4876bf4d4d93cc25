#!/usr/bin/env node
// paylink-mock: serves the PayLink mock API on 127.0.0.1 until SIGINT/SIGTERM.
import { parseArgs } from 'node:util'

const usage = `Usage: paylink-mock [--port 4010] [--host 127.0.0.1] [--api-key KEY ...] [--no-auth] [--scenario NAME ...] [--x402-version 1|2|both] [--error-body SHAPE]`

let args
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'api-key': { type: 'string', multiple: true },
      'no-auth': { type: 'boolean', default: false },
      scenario: { type: 'string', multiple: true },
      'x402-version': { type: 'string', default: 'both' },
      'error-body': { type: 'string', default: 'contract' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values
} catch (error) {
  console.error(`${error.message}\n${usage}`)
  process.exit(2)
}
if (args.help) {
  console.log(usage)
  process.exit(0)
}

const port = Number(args.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got ${args.port}\n${usage}`)
  process.exit(2)
}

const asked = args['x402-version']
const x402Version = asked === 'both' ? asked : asked === '1' || asked === '2' ? Number(asked) : undefined
if (x402Version === undefined) {
  console.error(`--x402-version must be 1, 2 or both, got ${args['x402-version']}\n${usage}`)
  process.exit(2)
}

// A busy port, a host that does not resolve, or msw missing is the user's to fix: a line, not a stack.
const fail = (error) => {
  const message = String(error?.message ?? error).split('\n')[0]
  const hint = error?.code === 'ERR_MODULE_NOT_FOUND' && message.includes("'msw'") ? '; install msw: npm install --save-dev msw' : ''
  console.error(`paylink-mock: ${message}${hint}\n${usage}`)
  process.exit(1)
}

const { MOCK_API_KEY, MOCK_ERROR_BODIES, MOCK_SCENARIOS, startMockServer } = await import('../dist/mock.js').catch(fail)
if (!MOCK_ERROR_BODIES.includes(args['error-body'])) {
  console.error(`Unknown error body ${args['error-body']}; known: ${MOCK_ERROR_BODIES.join(', ')}`)
  process.exit(2)
}
const unknown = (args.scenario ?? []).filter((name) => !MOCK_SCENARIOS.includes(name))
if (unknown.length > 0) {
  console.error(`Unknown scenario ${unknown.join(', ')}; known: ${MOCK_SCENARIOS.join(', ')}`)
  process.exit(2)
}

const apiKeys = args['no-auth'] ? false : (args['api-key'] ?? [MOCK_API_KEY])
const server = await startMockServer({
  port,
  host: args.host,
  apiKeys,
  scenarios: args.scenario ?? [],
  x402Version,
  errorBody: args['error-body'],
}).catch(fail)
console.log(`PayLink mock API on ${server.url} (${apiKeys === false ? 'no API key' : `X-API-Key: ${apiKeys.join(' | ')}`})`)

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
