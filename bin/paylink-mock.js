#!/usr/bin/env node
// paylink-mock: serves the PayLink mock API on 127.0.0.1 until SIGINT/SIGTERM.
import { parseArgs } from 'node:util'

const usage = `Usage: paylink-mock [--port 4010] [--host 127.0.0.1] [--api-key KEY ...] [--no-auth] [--scenario NAME ...]`

let args
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'api-key': { type: 'string', multiple: true },
      'no-auth': { type: 'boolean', default: false },
      scenario: { type: 'string', multiple: true },
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

// A busy port, a host that does not resolve, or msw missing is the user's to fix: a line, not a stack.
const fail = (error) => {
  const message = String(error?.message ?? error).split('\n')[0]
  const hint = error?.code === 'ERR_MODULE_NOT_FOUND' && message.includes("'msw'") ? '; install msw: npm install --save-dev msw' : ''
  console.error(`paylink-mock: ${message}${hint}\n${usage}`)
  process.exit(1)
}

const { MOCK_API_KEY, MOCK_SCENARIOS, startMockServer } = await import('../dist/mock.js').catch(fail)
const unknown = (args.scenario ?? []).filter((name) => !MOCK_SCENARIOS.includes(name))
if (unknown.length > 0) {
  console.error(`Unknown scenario ${unknown.join(', ')}; known: ${MOCK_SCENARIOS.join(', ')}`)
  process.exit(2)
}

const apiKeys = args['no-auth'] ? false : (args['api-key'] ?? [MOCK_API_KEY])
const server = await startMockServer({ port, host: args.host, apiKeys, scenarios: args.scenario ?? [] }).catch(fail)
console.log(`PayLink mock API on ${server.url} (${apiKeys === false ? 'no API key' : `X-API-Key: ${apiKeys.join(' | ')}`})`)

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
