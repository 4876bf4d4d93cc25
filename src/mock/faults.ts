import { HttpResponse } from 'msw'
import { PayLinkConfigError } from '../client/errors.js'
import { codeForStatus } from '../client/parseErrorBody.js'
import type { PayLinkEndpoint } from '../client/errors.js'
import type { MockErrorBody } from './errorBody.js'
import { apiError } from './respond.js'

/** A route of the mock, named after the endpoint function that calls it. */
export type MockRoute = PayLinkEndpoint

/** Every route of the mock. */
export const MOCK_ROUTES = [
  'createLink',
  'getLink',
  'verifyPayment',
  'getPayment',
  'createAttentionToken',
  'getBridgeStatus',
  'estimateFees',
] as const satisfies readonly MockRoute[]

/** A fault to inject on a route; the first kind set wins, in the order listed here after `latencyMs`. */
export interface MockFault {
  /** Delay before answering (added to the mock's own `latencyMs`). Alone, the route then answers normally. */
  latencyMs?: number | undefined
  /** Drop the connection without an answer (a network error for the client). */
  dropConnection?: boolean | undefined
  /** Answer 502 with a gateway's HTML page. */
  html502?: boolean | undefined
  /** Answer with a body that is not JSON, with status `status`. */
  malformedJson?: boolean | undefined
  /** Answer with a `Retry-After` header (seconds, or an HTTP date) and status `status`. */
  retryAfter?: number | string | undefined
  /** The status of the answer, from 200 to 599. Defaults to `429` with `retryAfter`, `200` with `malformedJson`; alone, an error body of the contract with the code of that status. */
  status?: number | undefined
  /**
   * The shape of the error body (see `MOCK_ERROR_BODIES`) of this fault's `status` or `retryAfter`
   * answer and, while the fault holds, of the route's own error answers (a 404, a 409). Defaults to
   * the mock's `errorBody`. A 402, `html502` and `malformedJson` keep their own bodies.
   */
  errorBody?: MockErrorBody | undefined
  /** How many requests the fault hits before it clears itself: a whole number, `0` for none (it removes the route's fault). Defaults to every request until `clearFaults`. */
  times?: number | undefined
}

/**
 * Throws a `PayLinkConfigError` for a `times` that counts no requests (`-1`, `1.5`, `NaN`), which would
 * otherwise hit once or for ever, and for a `status` no answer can carry (`99`, `600`, `1.5`), which
 * would otherwise fail each request it hits, far from the `inject` that set it.
 */
export function checkFault({ times, status }: MockFault): void {
  if (times !== undefined && !(Number.isInteger(times) && times >= 0)) {
    throw new PayLinkConfigError(`Mock fault times must be a whole number of requests, not ${times}`)
  }
  if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599)) {
    throw new PayLinkConfigError(`Mock fault status must be a whole number from 200 to 599, not ${status}`)
  }
}

const GATEWAY_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><p>nginx</p></body></html>'

/** The answer a fault replaces the route's own with, or `undefined` when the route should answer (latency only). */
export function faultResponse(fault: MockFault, requestId: string): Response | undefined {
  if (fault.dropConnection) return HttpResponse.error()
  if (fault.html502) {
    return new HttpResponse(GATEWAY_PAGE, { status: 502, headers: { 'Content-Type': 'text/html', 'X-Request-Id': requestId } })
  }
  if (fault.malformedJson) {
    return new HttpResponse('{"code": "demo", "creatorId": ', {
      status: fault.status ?? 200,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    })
  }
  if (fault.retryAfter !== undefined) {
    const status = fault.status ?? 429
    const message = status === 429 ? 'Too many requests; slow down' : 'Unavailable; try again later'
    const response = apiError(requestId, status, codeForStatus(status), message)
    response.headers.set('Retry-After', String(fault.retryAfter))
    return response
  }
  if (fault.status !== undefined) {
    return apiError(requestId, fault.status, codeForStatus(fault.status), `Injected fault: HTTP ${fault.status}`)
  }
  return undefined
}

/** Takes the fault of a route for one request, counting down `times` and clearing it when spent. */
export function takeFault(faults: Map<MockRoute, MockFault>, route: MockRoute): MockFault | undefined {
  const fault = faults.get(route)
  if (!fault || fault.times === undefined) return fault
  if (fault.times <= 1) faults.delete(route)
  else faults.set(route, { ...fault, times: fault.times - 1 })
  return fault
}
