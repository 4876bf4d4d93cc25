// The real path, in a few lines: a page and the proxy on 127.0.0.1, in front of the mock API.
// The browser talks to /api/paylink with no key; only the proxy knows it. Run: npm run build && node examples/proxy-demo.mjs
import { createServer } from 'node:http'
import { startMockServer } from '../dist/mock.js'
import { createPayLinkProxy, toNodeHandler } from '../dist/server.js'

const apiKey = 'sk_demo_server_only'
const api = await startMockServer({ port: 0, apiKeys: [apiKey] }) // stands in for the real API
const proxy = toNodeHandler(createPayLinkProxy({ apiKey, upstream: api.url, basePath: '/api/paylink' }))

const page = `<!doctype html><html lang="en"><meta charset="utf-8"><title>PayLink proxy demo</title>
<h1>PayLink through the proxy</h1><p id="link">Loading the link…</p><pre id="gate"></pre>
<script type="module">
  const base = '/api/paylink/pub/v1'
  const link = await (await fetch(base + '/links/demo')).json()
  document.getElementById('link').textContent = link.title + ': ' + link.price.amount + ' ' + link.price.currency
  const gate = await fetch(base + '/payments/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"demo"}' })
  const required = JSON.parse(atob(gate.headers.get('PAYMENT-REQUIRED')))
  document.getElementById('gate').textContent = gate.status + ' Payment Required\\n' + JSON.stringify(required.accepts[0], null, 2)
</script></html>`

const server = createServer((req, res) => {
  if (req.url?.startsWith('/api/paylink/')) return proxy(req, res)
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
})
const port = Number(process.env.PORT ?? 5173)
server.listen(port, '127.0.0.1', () => console.log(`Open http://127.0.0.1:${port} (the API key stays in this process)`))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => api.close().then(() => process.exit(0))))
