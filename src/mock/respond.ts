import { HttpResponse } from 'msw'

/** A JSON answer with the request id the mock gives every answer. */
export function json(requestId: string, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(body as Record<string, unknown>, { status, headers: { ...headers, 'X-Request-Id': requestId } })
}

/** An error answer in the contract's shape: `{ error: { code, message, requestId, details? } }`. */
export function apiError(requestId: string, status: number, code: string, message: string, details?: unknown): Response {
  return json(requestId, status, { error: { code, message, requestId, ...(details !== undefined && { details }) } })
}

/** What `readJson` returns for a body that is there but is not JSON. */
export const NOT_JSON: unique symbol = Symbol('not JSON')

/** The answer to a body that is not JSON, on every route that reads one. */
export const notJson = (requestId: string) => apiError(requestId, 400, 'invalid_request', 'The body must be a JSON object')

/** Reads a JSON request body; `undefined` when it is missing, `NOT_JSON` when it is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return NOT_JSON
  }
}
