import { SECURITY_HEADERS } from './securityHeaders.js'

/** A response with the contract's error body, `{"error":{"code","message"}}`. */
export function jsonError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { ...headers, ...SECURITY_HEADERS, 'Content-Type': 'application/json' },
  })
}
