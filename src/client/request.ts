import type { PayLinkClient } from './createPayLinkClient.js'
import {
  PayLinkConfigError,
  type PayLinkEndpoint,
  PayLinkHttpError,
  PayLinkNetworkError,
  PayLinkValidationError,
} from './errors.js'
import { parseErrorBody } from './parseErrorBody.js'
import { parseRetryAfter } from './retryAfter.js'
import type { ApiRequest, ApiResponse } from './transport.js'

interface Answer {
  response: Response
  text: string
}

// setTimeout fires after 1 ms for a longer delay (or Infinity), which would turn "no limit" into "at once".
const MAX_TIMER_MS = 2_147_483_647

function buildUrl(client: PayLinkClient, req: ApiRequest): string {
  const query = req.query ? `?${new URLSearchParams(req.query)}` : ''
  const url = `${client.baseUrl}${req.path}${query}`
  if (url.startsWith('/') && typeof location === 'undefined') {
    throw new PayLinkConfigError(`baseUrl "${client.baseUrl}" is a path: on a server (SSR, a script), give an absolute URL`)
  }
  return url
}

// The client's own headers, lower-cased once per client: a plain record costs fetch less than a
// Headers object per request, and lower case lets a later header replace one of any spelling.
const baseHeaders = new WeakMap<PayLinkClient, Record<string, string>>()

function lowerCased(target: Record<string, string>, headers: Record<string, string> | undefined) {
  for (const name in headers) target[name.toLowerCase()] = headers[name]!
  return target
}

function buildHeaders(client: PayLinkClient, req: ApiRequest, key: string | undefined): Record<string, string> {
  let base = baseHeaders.get(client)
  if (!base) baseHeaders.set(client, (base = { ...lowerCased({}, client.headers), accept: 'application/json' }))
  const headers = { ...base }
  if (req.body !== undefined) headers['content-type'] = 'application/json'
  lowerCased(headers, req.headers)
  if (key) headers['x-api-key'] = key
  return headers
}

/** Removes the API key and payment headers from anything that goes into an error. */
function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((t, s) => (s.length >= 4 ? t.split(s).join('[redacted]') : t), text)
}

/** Settles as `promise` does, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal!.reason)
    if (signal?.aborted) onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal?.removeEventListener('abort', onAbort))
  })
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.min(ms, MAX_TIMER_MS))
  })
  return untilAborted(wait, signal).finally(() => clearTimeout(timer))
}

async function attempt(client: PayLinkClient, req: ApiRequest, url: string, headers: Record<string, string>): Promise<Answer> {
  req.signal?.throwIfAborted()
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), Math.min(client.timeoutMs, MAX_TIMER_MS))
  const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal
  try {
    // JSON.stringify(undefined) is undefined: no body.
    // With a key, a redirect is not followed: fetch would carry X-API-Key to wherever it points
    // (it strips only Authorization and Cookie across origins). The 3xx becomes a PayLinkHttpError.
    const redirect = 'x-api-key' in headers ? 'manual' : 'follow'
    const response = await client.fetch(url, { method: req.method, headers, body: JSON.stringify(req.body), signal, redirect })
    // The time-out covers the body too: a server that stalls mid-body is as stuck as one that never
    // answers. Not every fetch errors the body when its signal aborts after the headers (mocks such
    // as MSW, polyfills), so the read races the signal itself.
    return { response, text: await untilAborted(response.text(), signal) }
  } catch (cause) {
    if (req.signal?.aborted) throw req.signal.reason
    throw new PayLinkNetworkError({ endpoint: req.endpoint, timedOut: timeout.signal.aborted, cause, timeoutMs: client.timeoutMs })
  } finally {
    clearTimeout(timer)
  }
}

function toHttpError(req: ApiRequest, { status, headers }: Response, text: string): PayLinkHttpError {
  const parsed = parseErrorBody(status, text)
  return new PayLinkHttpError({
    ...parsed,
    endpoint: req.endpoint,
    status,
    requestId: parsed.requestId ?? headers.get('X-Request-Id') ?? undefined,
    retryAfterSeconds: parseRetryAfter(headers.get('Retry-After')),
  })
}

const RETRY_STATUSES = new Set([429, 502, 503, 504])

function backoffMs(client: PayLinkClient, attemptNo: number, error: unknown): number {
  const policy = client.retry as Exclude<PayLinkClient['retry'], false>
  if (error instanceof PayLinkHttpError && error.retryAfterSeconds !== undefined) {
    return Math.min(error.retryAfterSeconds * 1000, policy.maxRetryAfterMs)
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attemptNo - 1))
  return ceiling / 2 + Math.random() * (ceiling / 2)
}

function isRetryable(error: unknown): boolean {
  return error instanceof PayLinkNetworkError || (error instanceof PayLinkHttpError && RETRY_STATUSES.has(error.status))
}

/**
 * Sends one API call with the client's time-out, retry policy and headers. Returns 2xx answers
 * and the statuses listed in `expect`; throws the package's typed errors for everything else.
 */
export async function request(client: PayLinkClient, req: ApiRequest, apiKey?: string): Promise<ApiResponse> {
  const url = buildUrl(client, req)
  const headers = buildHeaders(client, req, apiKey)
  const secrets = [apiKey, headers['payment-signature'], headers['x-payment']].filter((s): s is string => !!s)
  // A POST is repeated only when the server can recognise the repeat (an Idempotency-Key).
  const retryable = client.retry !== false && (req.method === 'GET' || 'idempotency-key' in headers)
  const attempts = retryable ? Math.max(1, (client.retry as { attempts: number }).attempts) : 1

  for (let attemptNo = 1; ; attemptNo++) {
    let error: unknown
    try {
      const { response, text } = await attempt(client, req, url, headers)
      const { ok, status } = response
      if (ok || req.expect?.includes(status)) return { status, headers: response.headers, data: parseJson(req, ok, text, secrets) }
      error = toHttpError(req, response, redact(text, secrets))
    } catch (thrown) {
      error = thrown
    }
    if (attemptNo >= attempts || !isRetryable(error)) throw error
    await sleep(backoffMs(client, attemptNo, error), req.signal)
  }
}

function parseJson(req: ApiRequest, ok: boolean, text: string, secrets: readonly string[]): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    // An expected non-2xx (a v2 402) can say everything in its headers, over a plain-text body.
    if (!ok) return undefined
    // No cause: the SyntaxError quotes the unredacted body.
    throw new PayLinkValidationError({
      endpoint: req.endpoint,
      source: 'response',
      issues: [{ path: '', message: `expected a JSON body, got ${JSON.stringify(redact(text, secrets).slice(0, 60))}` }],
    })
  }
}
