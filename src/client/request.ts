import type { PayLinkClient, RetryPolicy } from './createPayLinkClient.js'
import { PayLinkConfigError, PayLinkHttpError, PayLinkNetworkError, PayLinkValidationError } from './errors.js'
import { parseErrorBody } from './parseErrorBody.js'
import { parseRetryAfter } from './retryAfter.js'
import { setTimer, timedFetch } from './timedFetch.js'
import type { Transport } from './transport.js'

/** Settles as `promise` does, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const wait = new Promise<void>((resolve) => (timer = setTimer(resolve, ms)))
  return (signal ? untilAborted(wait, signal) : wait).finally(() => clearTimeout(timer))
}

// Lower case lets a later header replace one of any spelling.
function lowerCased(target: Record<string, string>, headers: Record<string, string> | undefined) {
  for (const name in headers) target[name.toLowerCase()] = headers[name]!
  return target
}

const RETRY_STATUSES = [429, 502, 503, 504]

/**
 * The transport of one client: sends each API call with the client's time-out, retry policy and
 * headers. Returns 2xx answers and the statuses listed in `expect`; throws the package's typed
 * errors for everything else.
 */
export function createTransport(client: PayLinkClient, apiKey: string | undefined): Transport {
  const { baseUrl, timeoutMs, retry } = client
  // The client's own headers, lower-cased once: a plain record costs fetch less than a Headers
  // object per request.
  const clientHeaders = { ...lowerCased({}, client.headers), accept: 'application/json' }
  // With a key, a redirect is not followed: fetch would carry X-API-Key to wherever it points
  // (it strips only Authorization and Cookie across origins). The 3xx becomes a PayLinkHttpError.
  const redirect = apiKey ? 'manual' : 'follow'

  return async (req) => {
    const { endpoint, signal } = req
    if (baseUrl.startsWith('/') && typeof location === 'undefined') {
      throw new PayLinkConfigError(`baseUrl "${baseUrl}" is a path: on a server (SSR, a script), give an absolute URL`)
    }
    const url = `${baseUrl}${req.path}${req.query ? `?${new URLSearchParams(req.query)}` : ''}`
    const headers: Record<string, string> = { ...clientHeaders }
    if (req.body !== undefined) headers['content-type'] = 'application/json'
    lowerCased(headers, req.headers)
    if (apiKey) headers['x-api-key'] = apiKey
    // The key and the payment headers are removed from anything that goes into an error.
    const redact = (text: string) =>
      [apiKey, headers['payment-signature'], headers['x-payment']].reduce(
        (t: string, secret) => (secret && secret.length >= 4 ? t.replaceAll(secret, '[redacted]') : t),
        text,
      )
    // A POST is repeated only when the server can recognise the repeat (an Idempotency-Key).
    const attempts = retry && (req.method === 'GET' || 'idempotency-key' in headers) ? retry.attempts : 1

    // One attempt under its own time-out, body included. JSON.stringify(undefined) is undefined: no body.
    const init: RequestInit = { method: req.method, headers, body: JSON.stringify(req.body), redirect }
    const attempt = () => timedFetch(client.fetch, url, init, { signal, timeoutMs, endpoint }, (response) => response.text())

    const readJson = (text: string, ok: boolean): unknown => {
      if (!text.trim()) return undefined
      try {
        return JSON.parse(text)
      } catch {
        // An expected non-2xx (a v2 402) can say everything in its headers, over a plain-text body.
        if (!ok) return undefined
        // No cause: the SyntaxError quotes the unredacted body.
        throw new PayLinkValidationError({
          endpoint,
          source: 'response',
          issues: [{ path: '', message: `expected a JSON body, got ${JSON.stringify(redact(text).slice(0, 60))}` }],
        })
      }
    }

    for (let attemptNo = 1; ; attemptNo++) {
      let error: unknown
      try {
        const [response, text] = await attempt()
        const { ok, status, headers: responseHeaders } = response
        if (ok || req.expect?.includes(status)) return { status, headers: responseHeaders, data: readJson(text, ok) }
        const parsed = parseErrorBody(status, redact(text))
        error = new PayLinkHttpError({
          ...parsed,
          endpoint,
          status,
          requestId: parsed.requestId ?? responseHeaders.get('X-Request-Id') ?? undefined,
          retryAfterSeconds: parseRetryAfter(responseHeaders.get('Retry-After')),
        })
      } catch (thrown) {
        error = thrown
      }
      const retryable = error instanceof PayLinkHttpError ? RETRY_STATUSES.includes(error.status) : error instanceof PayLinkNetworkError
      if (attemptNo >= attempts || !retryable) throw error
      // More than one attempt means a retry policy.
      const { baseDelayMs, maxDelayMs, maxRetryAfterMs } = retry as RetryPolicy
      // A Retry-After (a network error has none) is honoured up to maxRetryAfterMs; otherwise the
      // back-off doubles up to maxDelayMs, and a random wait between half of it and all of it
      // spreads the clients out.
      const { retryAfterSeconds } = error as PayLinkHttpError
      const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attemptNo - 1))
      const delay = retryAfterSeconds === undefined ? (ceiling * (1 + Math.random())) / 2 : Math.min(retryAfterSeconds * 1000, maxRetryAfterMs)
      await sleep(delay, signal)
    }
  }
}
