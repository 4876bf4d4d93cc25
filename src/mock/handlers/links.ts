import type { HttpHandler } from 'msw'
import * as z from 'zod/mini'
import { ownIssues } from '../../client/validate.js'
import { createLinkInputSchema } from '../../schemas/createLinkInput.js'
import type { Link } from '../../schemas/link.js'
import { type MockContext, nextId } from '../context.js'
import { iso } from '../ids.js'
import { apiError, json, NOT_JSON, notJson } from '../respond.js'
import { route } from '../route.js'
import { lookupLink } from './lookupLink.js'

/** `POST /links` (validated like the client does) and `GET /links/{code}`. */
export function linkHandlers(ctx: MockContext): HttpHandler[] {
  return [
    route(ctx, 'createLink', 'post', '/links', ({ requestId, body }) => {
      if (body === undefined || body === NOT_JSON) return notJson(requestId)
      const input = z.safeParse(createLinkInputSchema, body)
      if (!input.success) {
        return apiError(requestId, 422, 'invalid_request', 'The link is invalid', ownIssues(input.error.issues))
      }
      const code = nextId(ctx, 'lnk')
      const link: Link = { ...input.data, code, url: `https://pay.paylink.test/l/${code}`, status: 'active', createdAt: iso(ctx.now()) }
      ctx.state.links.set(code, link)
      return json(requestId, 201, link)
    }),
    route(ctx, 'getLink', 'get', '/links/:code', ({ params, requestId }) => {
      const link = lookupLink(ctx, params.code!)
      return link ? json(requestId, 200, link) : apiError(requestId, 404, 'not_found', `No link with code ${params.code}`)
    }),
  ]
}
