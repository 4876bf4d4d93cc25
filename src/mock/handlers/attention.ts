import type { HttpHandler } from 'msw'
import * as z from 'zod/mini'
import { ownIssues } from '../../client/validate.js'
import { attentionTokenInputSchema } from '../../schemas/attention.js'
import { type MockContext, nextId } from '../context.js'
import { iso, randomHex } from '../ids.js'
import { apiError, json, NOT_JSON, notJson } from '../respond.js'
import { route } from '../route.js'
import { lookupLink } from './lookupLink.js'

/** How often the mock asks an attention session to report. */
const HEARTBEAT_SECONDS = 15

/** `POST /attention/token`: a session for an existing link (or none), valid for `attentionTtlMs`. */
export function attentionHandlers(ctx: MockContext): HttpHandler[] {
  return [
    route(ctx, 'createAttentionToken', 'post', '/attention/token', ({ requestId, body }) => {
      // No body asks for a session without a link; a body that cannot be read asks for nothing.
      if (body === NOT_JSON) return notJson(requestId)
      const input = z.safeParse(attentionTokenInputSchema, body ?? {})
      if (!input.success) {
        return apiError(requestId, 422, 'invalid_request', 'The token request is invalid', ownIssues(input.error.issues))
      }
      const { code } = input.data
      if (code !== undefined && !lookupLink(ctx, code)) return apiError(requestId, 404, 'not_found', `No link with code ${code}`)
      return json(requestId, 201, {
        token: `att_${randomHex(16)}`,
        sessionId: nextId(ctx, 'ses'),
        issuedAt: iso(ctx.now()),
        // attentionTtlMs: Infinity is a token that never expires (iso stops at the end of year 9999).
        expiresAt: iso(ctx.now() + ctx.attentionTtlMs),
        heartbeatSeconds: HEARTBEAT_SECONDS,
      })
    }),
  ]
}
