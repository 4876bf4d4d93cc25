import * as z from './z.js'
import { nonEmptyStringSchema, timestampSchema } from './common.js'
import { positiveNumberSchema } from './primitives.js'

/** What `createAttentionToken` accepts: the link being watched and an opaque viewer id, both optional. */
export const attentionTokenInputSchema = z.strictObject({
  /** The code of the link being watched; optional. */
  code: z.optional(nonEmptyStringSchema),
  /** An opaque id of the viewer, of the app's choosing; optional. */
  viewerId: z.optional(nonEmptyStringSchema),
})

/**
 * An attention session: an opaque token that goes with engagement reports, until `expiresAt`.
 * `issuedAt` (not in the contract; the mock sends it) is the server's time of issue: with it, the
 * token's lifetime is read on the server's clock alone, whatever the device's clock says.
 */
export const attentionSessionSchema = z.looseObject({
  /** The opaque token that goes with each engagement report. */
  token: nonEmptyStringSchema,
  /** The session's id. */
  sessionId: nonEmptyStringSchema,
  /** When the server issued the token (ISO 8601); may be absent. */
  issuedAt: z.optional(timestampSchema),
  /** When the token stops being valid (ISO 8601). */
  expiresAt: timestampSchema,
  /** Seconds between heartbeats the server asks for, a positive number; may be absent (`AttentionTracker` then uses 15). */
  heartbeatSeconds: z.optional(positiveNumberSchema),
})

/** Input of `createAttentionToken`. */
export type AttentionTokenInput = z.input<typeof attentionTokenInputSchema>
/** An attention session token. */
export type AttentionSession = z.infer<typeof attentionSessionSchema>
