import { type Agent, createServer, type IncomingHttpHeaders, type IncomingMessage, request, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A server listening on 127.0.0.1 at a random port. */
export interface Listening {
  server: Server
  port: number
  origin: string
  close: () => Promise<void>
}

/** Starts `handler` on 127.0.0.1, port 0. */
export async function listen(handler: RequestListener): Promise<Listening> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** One request seen by a test upstream. */
export interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

/** Reads a whole request body. */
export async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

/** An answer as the test client saw it. */
export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/**
 * Sends one request with `node:http`, the path exactly as given (no normalisation), and resolves
 * with the answer. `chunks` are written one by one without a length (chunked); with `end: false`
 * the body is never finished, and the answer is awaited anyway.
 */
export function send(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; chunks?: readonly string[]; end?: boolean; agent?: Agent },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { method = 'GET', path, headers, agent = false } = options
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent })
    req.on('response', (res) => {
      readAll(res).then((body) => {
        resolve({ status: res.statusCode!, headers: res.headers, body })
        if (options.end === false) req.destroy()
      }, reject)
    })
    req.on('error', reject)
    for (const chunk of options.chunks ?? []) req.write(chunk)
    if (options.end !== false) req.end()
  })
}
