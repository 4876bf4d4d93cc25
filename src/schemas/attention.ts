import * as z from './z.js'
import { nonEmptyStringSchema, timestampSchema } from './common.js'
import { positiveNumberSchema } from './primitives.js'

/** What `createAttentionToken` accepts: the link being watched and an opaque viewer id, both optional. */
export const attentionTokenInputSchema = z.strictObject({
  code: z.optional(nonEmptyStringSchema),
  viewerId: z.optional(nonEmptyStringSchema),
})

/**
 * An attention session: an opaque token that goes with engagement reports, until `expiresAt`.
 * `issuedAt` (not in the contract; the mock sends it) is the server's time of issue: with it, the
 * token's lifetime is read on the server's clock alone, whatever the device's clock says.
 */
export const attentionSessionSchema = z.looseObject({
  token: nonEmptyStringSchema,
  sessionId: nonEmptyStringSchema,
  issuedAt: z.optional(timestampSchema),
  expiresAt: timestampSchema,
  heartbeatSeconds: z.optional(positiveNumberSchema),
})

/** Input of `createAttentionToken`. */
export type AttentionTokenInput = z.input<typeof attentionTokenInputSchema>
/** An attention session token. */
export type AttentionSession = z.infer<typeof attentionSessionSchema>
