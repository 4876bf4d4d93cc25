import { HttpResponse } from 'msw'
import { PayLinkConfigError } from '../client/errors.js'

/**
 * The shapes of an error body the contract says a client must cope with: `contract`
 * (`{"error":{"code","message","requestId"}}`), `error-string` (`{"error":"text"}`), `message`
 * (`{"message":"text"}`), `empty` (no body), `text` (a plain-text line) and `html` (a gateway's page).
 */
export const MOCK_ERROR_BODIES = ['contract', 'error-string', 'message', 'empty', 'text', 'html'] as const

/** The shape of the mock's error bodies (see `MOCK_ERROR_BODIES`). */
export type MockErrorBody = (typeof MOCK_ERROR_BODIES)[number]

/** Throws a `PayLinkConfigError` for a shape the mock does not know, so that a typo does not pass as the contract's. */
export function checkErrorBody(shape: MockErrorBody | undefined): void {
  if (shape !== undefined && !(MOCK_ERROR_BODIES as readonly string[]).includes(shape)) {
    throw new PayLinkConfigError(`Unknown mock error body ${JSON.stringify(shape)}`, { details: `Known: ${MOCK_ERROR_BODIES.join(', ')}` })
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * An error answer in the contract's shape rewritten in `shape`, its status and headers (`Retry-After`,
 * `X-Request-Id`) kept. A 402 is an x402 answer, not an error body, and stays as it is; so does a
 * body that is not the contract's (a gateway page, malformed JSON).
 */
export async function reshapeError(response: Response, shape: MockErrorBody): Promise<Response> {
  if (shape === 'contract' || response.status < 400 || response.status === 402) return response
  let message: string
  try {
    // Every JSON error the mock answers is apiError's, whose message is a string.
    message = ((await response.clone().json()) as { error: { message: string } }).error.message
  } catch {
    return response
  }
  const headers = new Headers(response.headers)
  // msw's JSON answers carry the length of the old body, which startMockServer would send as is.
  headers.delete('Content-Length')
  const init = { status: response.status, headers }
  if (shape === 'error-string' || shape === 'message') return HttpResponse.json({ [shape === 'message' ? 'message' : 'error']: message }, init)
  headers.delete('Content-Type')
  if (shape === 'empty') return new HttpResponse(null, init)
  if (shape === 'text') return HttpResponse.text(message, init)
  const title = `${response.status} Error`
  return HttpResponse.html(`<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(message)}</p></body></html>`, init)
}
