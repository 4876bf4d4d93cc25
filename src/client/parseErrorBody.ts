import { secretPattern } from './secretPattern.js'

/** What an error response said, whatever shape it came in. */
export interface ParsedErrorBody {
  /** The API's error code, or one derived from the status. */
  code: string
  /** A message for a person. */
  message: string
  /** The request id, when the body had one. */
  requestId?: string | undefined
  /** `details` of the contract's error body. */
  details?: unknown
  /** The body: parsed JSON, the text, or `undefined` when empty. */
  body: unknown
}

const CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'invalid_request',
  429: 'rate_limited',
}

/** The contract's error code for a status, for bodies that carry none. */
export function codeForStatus(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'server_error' : `http_${status}`)
}

/**
 * `text` with each secret of 4 characters or more (shorter ones would blank out words) replaced by
 * `[redacted]`, in any JSON spelling of it too.
 */
export const redact = (text: string, secrets: readonly (string | undefined)[]): string =>
  secrets.reduce<string>((t, s) => (s && s.length > 3 ? t.replace(secretPattern(s), '[redacted]') : t), text)

// A non-empty string, or undefined.
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined)

/**
 * Understands `{error:{code,message,requestId?,details?}}`, `{error:'…'}`, `{message:'…'}`, an
 * empty body and a non-JSON body such as a gateway's HTML page. Never throws. Each of `secrets`
 * (e.g. the API key) of 4 characters or more is replaced by `[redacted]` wherever it appears in
 * the result, however JSON escapes it (`\/`, `\u002B`, `\"`).
 */
export function parseErrorBody(status: number, text: string, secrets: readonly (string | undefined)[] = []): ParsedErrorBody {
  // Redacted before parsing, so that a body which is not one JSON value loses the secrets too.
  text = redact(text.trim(), secrets)
  let json: Record<string, unknown> | undefined
  try {
    // Only an object or an array counts; anything else (a secret that looked like a number and
    // broke the JSON included) is read as text.
    if (/^[[{]/.test(text)) json = JSON.parse(text)
  } catch {
    // Not JSON after all: read as text.
  }
  let page = ''
  // A gateway's HTML page (a JSON body never starts with "<").
  if (/^<(!doctype|html|head|body)/i.test(text)) {
    const title = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(text)?.[1]?.trim()
    page = ` with an HTML page${title ? ` (${title})` : ''}`
  }
  const o = json ?? {}
  // The contract nests the fields under `error`; other servers put them at the top. A string
  // `error` is the message, unless there is a `message` too: Spring Boot and NestJS write the
  // status's reason phrase (`Not Found`) in `error`, and what went wrong in `message`.
  const e = (o.error && typeof o.error === 'object' && !Array.isArray(o.error) ? o.error : o) as Record<string, unknown>
  return {
    code: str(e.code) ?? codeForStatus(status),
    message: str(e.message) ?? str(o.error) ?? `The API answered HTTP ${status}${page}`,
    requestId: str(e.requestId) ?? str(o.requestId),
    details: e.details,
    // The first 4 KiB of a text body.
    body: json ?? (text.slice(0, 4_096) || undefined),
  }
}
