import type { HttpHandler } from 'msw'
import type { MockContext } from '../context.js'
import { transferAt } from '../progress.js'
import { apiError, json } from '../respond.js'
import { route } from '../route.js'
import { transferCourse } from '../scenarios.js'

/** `GET /bridge/status/{id}`: the transfer as it stands on the mock's clock. */
export function bridgeHandlers(ctx: MockContext): HttpHandler[] {
  return [
    route(ctx, 'getBridgeStatus', 'get', '/bridge/status/:id', ({ params, requestId }) => {
      const record = ctx.state.transfers.get(params.id!)
      if (!record) return apiError(requestId, 404, 'not_found', `No transfer with id ${params.id}`)
      return json(requestId, 200, transferAt(record, ctx.now(), ctx.transferStepMs, transferCourse(ctx)))
    }),
  ]
}
