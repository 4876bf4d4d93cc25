import type { Link } from '../../schemas/link.js'
import type { MockContext } from '../context.js'

/** A link by code, or `undefined` when there is none (or the `link-not-found` scenario is on). */
export function lookupLink(ctx: MockContext, code: string): Link | undefined {
  return ctx.scenarios.has('link-not-found') ? undefined : ctx.state.links.get(code)
}
