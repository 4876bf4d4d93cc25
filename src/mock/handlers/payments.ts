import { type HttpHandler, HttpResponse } from 'msw'
import * as z from 'zod/mini'
import { ownIssues } from '../../client/validate.js'
import { verifyInputSchema } from '../../schemas/payment.js'
import type { MockContext } from '../context.js'
import { paymentAt } from '../progress.js'
import { apiError, json, NOT_JSON, notJson } from '../respond.js'
import { route } from '../route.js'
import type { StoredAnswer } from '../state.js'
import { offerFor, paymentRequired } from '../x402/offer.js'
import { takePayment } from '../x402/takePayment.js'
import { speaks } from '../x402/versions.js'
import { lookupLink } from './lookupLink.js'

async function snapshot(paymentHeader: string, response: Response): Promise<StoredAnswer> {
  return { paymentHeader, status: response.status, headers: Object.fromEntries(response.headers), body: await response.clone().text() }
}

const replay = (stored: StoredAnswer) => new HttpResponse(stored.body, { status: stored.status, headers: stored.headers })

/** `POST /payments/verify` (the 402 gate, with `Idempotency-Key` replay) and `GET /payments/{id}`. */
export function paymentHandlers(ctx: MockContext): HttpHandler[] {
  return [
    route(ctx, 'verifyPayment', 'post', '/payments/verify', async ({ request, requestId, body }) => {
      // The header of a version the gate speaks wins over one it does not, which it refuses.
      const v2 = request.headers.get('PAYMENT-SIGNATURE')
      const v1 = request.headers.get('X-PAYMENT')
      const signature = v1 === null || speaks(ctx.x402Version, 'PAYMENT-SIGNATURE') ? v2 : null
      const header = signature ?? v1
      const key = request.headers.get('Idempotency-Key') ?? undefined
      const apiKey = request.headers.get('X-API-Key') ?? ''
      // Before the link is looked up: a resend after a lost answer gets the charge it made, even if
      // the link has since been disabled or removed.
      const claimed = header === null || key === undefined ? undefined : ctx.state.idempotency.get(apiKey)?.get(key)
      if (claimed) {
        const stored = await claimed
        if (stored.paymentHeader === header) return replay(stored)
        return apiError(requestId, 409, 'conflict', 'This Idempotency-Key was used with another payment')
      }
      if (body === NOT_JSON) return notJson(requestId)
      const input = z.safeParse(verifyInputSchema, body ?? {})
      if (!input.success) return apiError(requestId, 422, 'invalid_request', 'The body must name a link', ownIssues(input.error.issues))
      const link = lookupLink(ctx, input.data.code)
      if (!link) return apiError(requestId, 404, 'not_found', `No link with code ${input.data.code}`)
      const offer = offerFor(ctx.seed.x402, link, request.url, ctx.x402Version)
      if ('conflict' in offer) return apiError(requestId, 409, 'conflict', offer.conflict)
      if (header === null) return paymentRequired(requestId, offer)
      const outcome = takePayment(ctx, offer, header, signature !== null ? 'PAYMENT-SIGNATURE' : 'X-PAYMENT', key, requestId)
      // Claimed before any await: a concurrent resend under this key waits for this answer instead of paying again.
      if (key !== undefined) {
        const answers = ctx.state.idempotency.get(apiKey) ?? new Map<string, Promise<StoredAnswer>>()
        ctx.state.idempotency.set(apiKey, answers.set(key, snapshot(header, outcome.answer)))
      }
      return outcome.shown ?? outcome.answer
    }),
    route(ctx, 'getPayment', 'get', '/payments/:id', ({ params, requestId }) => {
      const record = ctx.state.payments.get(params.id!)
      if (!record) return apiError(requestId, 404, 'not_found', `No payment with id ${params.id}`)
      return json(requestId, 200, paymentAt(record, ctx.now()))
    }),
  ]
}
