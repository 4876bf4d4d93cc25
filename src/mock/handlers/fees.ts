import type { HttpHandler } from 'msw'
import * as z from 'zod/mini'
import { ownIssues } from '../../client/validate.js'
import { feeEstimateParamsSchema } from '../../schemas/fees.js'
import type { MockContext } from '../context.js'
import { addDecimal, basisPointsOf, formatDecimal, parseDecimal } from '../decimal.js'
import { iso } from '../ids.js'
import { QUICK_QUOTE_TTL_MS } from '../scenarios.js'
import { apiError, json } from '../respond.js'
import { route } from '../route.js'

const PARAMS = ['sourceChain', 'destinationChain', 'asset', 'amount'] as const

/** `GET /fees/estimate`: the route's gas fee plus the platform's basis points of the amount, in exact decimals. */
export function feeHandlers(ctx: MockContext): HttpHandler[] {
  return [
    route(ctx, 'estimateFees', 'get', '/fees/estimate', ({ request, requestId }) => {
      const query = new URL(request.url).searchParams
      const given = Object.fromEntries(PARAMS.flatMap((p) => (query.has(p) ? [[p, query.get(p)]] : [])))
      const parsed = z.safeParse(feeEstimateParamsSchema, given)
      const invalid = (details: unknown) => apiError(requestId, 422, 'invalid_request', 'The fee request is invalid', details)
      if (!parsed.success) return invalid(ownIssues(parsed.error.issues))
      const { sourceChain, destinationChain, asset, amount } = parsed.data
      const table = ctx.seed.fees
      if (!table.assets.includes(asset)) return invalid([{ path: 'asset', message: `expected one of ${table.assets.join(', ')}` }])
      const found = table.routes.find(
        ({ chains: [a, b] }) => (a === sourceChain && b === destinationChain) || (b === sourceChain && a === destinationChain),
      )
      if (!found) return invalid([{ path: 'destinationChain', message: `no bridge route from ${sourceChain} to ${destinationChain}` }])
      const gas = parseDecimal(found.gasFee)
      const platform = basisPointsOf(parseDecimal(amount), table.platformFeeBps)
      const now = ctx.now()
      const ttl = ctx.scenarios.has('fees-expire-quickly') ? QUICK_QUOTE_TTL_MS : table.quoteTtlMs
      return json(requestId, 200, {
        totalFee: `${formatDecimal(addDecimal(gas, platform))} ${asset}`,
        estimatedTime: `${found.estimatedSeconds} seconds`,
        gasFee: `${formatDecimal(gas)} ${asset}`,
        platformFee: `${formatDecimal(platform)} ${asset}`,
        quotedAt: iso(now),
        expiresAt: iso(now + ttl),
      })
    }),
  ]
}
