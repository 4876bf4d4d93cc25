import { http, HttpResponse, type HttpHandler } from 'msw'
import { type MockContext, nextId } from './context.js'
import { reshapeError } from './errorBody.js'
import { faultResponse, type MockRoute, takeFault } from './faults.js'
import { apiError, readJson } from './respond.js'
import { scenarioFault } from './scenarios.js'
import type { MockState } from './state.js'

/** What a route's resolver gets. */
export interface RouteRequest {
  request: Request
  params: Record<string, string>
  requestId: string
  /** A POST's JSON body as `readJson` reads it; read by the route, before the state is checked. */
  body: unknown
}

function authorized(ctx: MockContext, request: Request): boolean {
  if (ctx.apiKeys === false) return true
  const key = request.headers.get('X-API-Key')
  return key !== null && ctx.apiKeys.includes(key)
}

/** The reason `startMockServer` aborts the requests it still holds when it is closed. */
export const SERVER_CLOSED = new Error('The mock server was closed')

/**
 * The state each request of `startMockServer` arrived in. msw takes a few ticks to reach the route,
 * and reading the body more: a `reset()` meanwhile must drop the request, not hand it the fresh state.
 */
export const ARRIVED_IN = new WeakMap<Request, MockState>()

// msw's delay, but cut short when the server closes or the mock is reset with the request still
// waiting, so that its timer does not keep the process alive after `close()` or the test. A client
// that gives up does not cut it short: the service would still act on what it received. Capped as
// setTimeout caps it.
function pause(ctx: MockContext, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => (clearTimeout(timer), ctx.waiting.delete(done), resolve())
    const timer = setTimeout(done, Math.min(ms, 2 ** 31 - 1))
    ctx.waiting.add(done)
    signal.addEventListener('abort', () => signal.reason === SERVER_CLOSED && done())
  })
}

/**
 * One route of the mock on any origin (`*` + `/pub/v1` + `path`), so it serves whatever baseUrl a
 * client uses. Faults come first, then the key check: a gateway fails before the service is reached.
 * Every error answer, the route's own or a fault's, leaves in the error body shape in force.
 */
export function route(
  ctx: MockContext,
  name: MockRoute,
  method: 'get' | 'post',
  path: string,
  resolve: (req: RouteRequest) => Response | Promise<Response>,
): HttpHandler {
  return http[method](`*/pub/v1${path}`, async ({ request, params }) => {
    // Behind setupServer, where nothing sees it arrive, the state it reaches the route in.
    const state = ARRIVED_IN.get(request) ?? ctx.state
    // Nobody is left to answer (closed), or the state it was sent to is gone (reset): the service
    // was never reached, and nothing of a test lands in the next one's state or ledger.
    const dropped = () => request.signal.reason === SERVER_CLOSED || ctx.state !== state
    // Closed or reset while msw matched it (a few ticks): its wait would not be cut short, nor a fault spent.
    if (dropped()) return HttpResponse.error()
    const requestId = nextId(ctx, 'req')
    const fault = takeFault(ctx.faults, name)
    const latency = ctx.latencyMs + (fault?.latencyMs ?? 0)
    if (latency > 0) await pause(ctx, latency, request.signal)
    // Read before the check: the resolvers then reach the state with no wait between.
    const body = method === 'post' ? await readJson(request) : undefined
    if (dropped()) return HttpResponse.error()
    // An injected fault's answer first; one that only delays leaves the answer to the scenarios.
    const scenario = scenarioFault(ctx)
    const faulted = (fault && faultResponse(fault, requestId)) || (scenario && faultResponse(scenario, requestId))
    const answer =
      faulted ||
      (authorized(ctx, request) ?
        await resolve({ request, params: params as Record<string, string>, requestId, body })
      : apiError(requestId, 401, 'unauthorized', 'A valid X-API-Key header is required'))
    return reshapeError(answer, fault?.errorBody ?? ctx.errorBody)
  })
}
