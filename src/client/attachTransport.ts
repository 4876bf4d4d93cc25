import type { PayLinkClient, RetryPolicy } from './createPayLinkClient.js'
import { PayLinkConfigError, PayLinkHttpError, PayLinkNetworkError, PayLinkValidationError } from './errors.js'
import { parseErrorBody, redact } from './parseErrorBody.js'
import { timedFetch, wait } from './timedFetch.js'
import { identities, identityHashes, transports } from './transport.js'

// Lower case lets a later header replace one of any spelling.
function lowerCased(target: Record<string, string>, headers: Record<string, string> | undefined) {
  for (const name in headers) target[name.toLowerCase()] = headers[name]!
  return target
}

/**
 * Reads the `Retry-After` of an answer (delta seconds or an HTTP date) as seconds from now, at most
 * a day; `undefined` when unreadable. A date is counted from the answer's own `Date`, the server's
 * clock: on a device clock an hour off, "in 30 s" would read as an hour and a half, or as long
 * past (a retry at once). Without one (not exposed to a cross-origin page), from the device's clock.
 * An answer a cache kept (a CDN's 429 or 503) waited there its `Age` (RFC 9111): that much of the
 * wait has passed already, counted off the delay and off the `Date`'s clock.
 */
function retryAfterSeconds(answer: Headers): number | undefined {
  // An HTTP date, NaN without one. All three formats are GMT, asctime's too, which writes no zone:
  // Date.parse would read it in the device's.
  const at = (name: string) => Date.parse(answer.get(name)?.replace(/( GMT)?$/, ' GMT')!)
  const value = answer.get('Retry-After')
  // Seconds only; anything else (a list a second cache joined on) counts as no time in a cache.
  const age = /^\d+$/.test(answer.get('Age')!) ? Number(answer.get('Age')) : 0
  // Date.parse takes "1.5" or "-1" for a day of 2001, which would mean "now": only a value with a
  // time of day, as each of the three HTTP date formats has, is read as a date.
  // Headers has trimmed the value. The server's now is its Date plus the Age; without a Date (NaN),
  // the device's now, which the Age does not move.
  const seconds = /^\d+$/.test(value!)
    ? Number(value) - age
    : /\d:\d\d:\d\d/.test(value!)
      ? Math.ceil((at('Retry-After') - (at('Date') + age * 1000 || Date.now())) / 1000)
      : NaN
  // A day at most: 400 digits read as Infinity, which no "Try again in …" can format, and a wait of
  // years would keep a retry button disabled for good.
  if (!Number.isNaN(seconds)) return Math.min(86_400, Math.max(0, seconds))
}

/**
 * Gives `client` its transport, which sends each API call with the client's time-out, retry policy
 * and headers. It returns 2xx answers and the statuses listed in `expect`, and throws the package's
 * typed errors for everything else. Throws a `PayLinkConfigError` for headers (the key's included)
 * that fetch would refuse. For `createPayLinkClient` only.
 */
export function attachTransport(client: PayLinkClient, apiKey: string | undefined): void {
  const { baseUrl, timeoutMs, retry } = client
  // The client's own headers, lower-cased once: a plain record costs fetch less than a Headers
  // object per request.
  const clientHeaders = lowerCased({}, client.headers)
  clientHeaders.accept = 'application/json'
  // The key is in the headers each request copies, not added to each copy: a field added to a copy
  // cost about 2 µs a request beside the loopback fetch of bench/overhead.bench.ts, the copy 0.2 µs.
  // A request's own headers (verifyPayment's payment and idempotency headers) never name it.
  if (apiKey) clientHeaders['x-api-key'] = apiKey
  // fetch refuses such a header on every request, which would read as "could not reach the server"
  // and be retried (and polled) for good. Headers checks as fetch does; its error, which quotes
  // the value (maybe the key), is left out.
  try {
    new Headers(clientHeaders)
  } catch {
    throw new PayLinkConfigError('headers and apiKey must be valid HTTP headers')
  }
  // With a key, a redirect is not followed: fetch would carry X-API-Key to wherever it points
  // (it strips only Authorization and Cookie across origins). The 3xx becomes a PayLinkHttpError.
  const redirect = apiKey ? 'manual' : 'follow'
  // The names in order (the array lists the fields to write, in its order): the same headers listed
  // in another order are the same API, or a payment kept under one would not be found under the other.
  const identity = baseUrl + JSON.stringify(clientHeaders, Object.keys(clientHeaders).sort())
  identities.set(client, identity)
  // Its hash names the client's signed payments in sessionStorage (sharedPurchase): made here,
  // once per client, so that no component bundles the hashing.
  let hash = 0
  for (const c of identity) hash = (hash * 31 + c.charCodeAt(0)) | 0
  identityHashes.set(client, hash)

  transports.set(client, async ({ endpoint, signal, path, body, expect, headers: extra }) => {
    if (baseUrl[0] === '/' && typeof location === 'undefined') {
      throw new PayLinkConfigError(`baseUrl "${baseUrl}" is a path: on a server, give an absolute URL`)
    }
    const headers: Record<string, string> = { ...clientHeaders }
    const method = body === undefined ? 'GET' : 'POST'
    if (body !== undefined) headers['content-type'] = 'application/json'
    lowerCased(headers, extra)
    // A value fetch cannot send (an em dash in an idempotencyKey) would fail every attempt before
    // anything left, as "could not reach the server", and be retried: it is the caller's input.
    try {
      new Headers(extra)
    } catch {
      throw new PayLinkValidationError({ endpoint, source: 'input', issues: [{ path: 'headers', message: 'must be valid HTTP headers' }] })
    }
    // A POST is repeated only when the server can recognise the repeat (an Idempotency-Key).
    const attempts = retry && (method === 'GET' || 'idempotency-key' in headers) ? retry.attempts : 1
    // The text of an error loses the key and the payment headers, listed only when there is one.
    const secrets = () => [apiKey, headers['payment-signature'], headers['x-payment']]
    // JSON.stringify(undefined) is undefined: no body.
    const json = JSON.stringify(body)

    for (let attempt = 1; ; attempt++) {
      let error: unknown
      let retryable: boolean
      try {
        // One attempt under its own time-out, body included. Its own init: timedFetch sets the
        // attempt's signal on it, and a fetch wrapper still holding a timed-out attempt's init
        // must keep that attempt's aborted signal, not the next one's.
        const [{ ok, status, headers: answer }, body] = await timedFetch(
          client.fetch,
          baseUrl + path,
          { method, headers, body: json, redirect },
          { signal, timeoutMs, endpoint },
          (response) => response.text(),
        )
        if (ok || expect?.includes(status)) {
          let data: unknown
          try {
            data = body.trim() ? JSON.parse(body) : undefined
          } catch {
            // An expected non-2xx (a v2 402) can say everything in its headers, over a plain-text body;
            // a 2xx cannot. No cause: the SyntaxError quotes the unredacted body.
            if (ok) {
              throw new PayLinkValidationError({
                endpoint,
                source: 'response',
                issues: [{ path: '', message: `expected a JSON body, got ${JSON.stringify(redact(body, secrets()).slice(0, 60))}` }],
              })
            }
          }
          return { status, headers: answer, data, body: data }
        }
        const parsed = parseErrorBody(status, body, secrets())
        error = new PayLinkHttpError({
          ...parsed,
          endpoint,
          attempt,
          status,
          // A header with no value is no id either. Redacted as the body is: an API that echoes the key
          // echoes it here too, and loggers print the id.
          requestId: parsed.requestId || redact(answer.get('X-Request-Id') ?? '', secrets()) || undefined,
          retryAfterSeconds: retryAfterSeconds(answer),
        })
        retryable = [429, 502, 503, 504].includes(status)
      } catch (thrown) {
        error = thrown
        retryable = thrown instanceof PayLinkNetworkError
      }
      // Without a retry policy (`false`: one attempt, which the test below ends) the fields read undefined.
      const { baseDelayMs, maxDelayMs, maxRetryAfterMs } = retry as RetryPolicy
      // A Retry-After (NaN without one) is honoured, and one longer than maxRetryAfterMs ends the
      // retries at once: an attempt before it would only meet the same refusal, after the caller
      // had waited for nothing.
      const after = (error as PayLinkHttpError | undefined)?.retryAfterSeconds! * 1000
      if (attempt >= attempts || !retryable || after > maxRetryAfterMs) throw error
      // Without one, the back-off doubles up to maxDelayMs, and a random wait between half of it
      // and all of it spreads the clients out.
      await wait(after >= 0 ? after : (Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)) * (1 + Math.random())) / 2, signal)
    }
  })
}
