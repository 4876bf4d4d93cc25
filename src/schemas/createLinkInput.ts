import * as z from './z.js'
import { oneOf, rule } from './common.js'
import { LINK_MODELS, shareSchema } from './link.js'
import { decimalStringSchema } from './price.js'

// Apart from link.ts: a schema built at a module's top level is in every bundle that imports the
// module, and only createLink (and the mock) checks this input.

// Strict, unlike a link's splits in an answer: a third share sent along would be paid out of a
// sum that only creator + platform is checked against.
/** Division of proceeds in basis points; `creator + platform` is 10 000, and there is no other share. */
const splitsSchema = z.withChecks(
  z.strictObject({ creator: shareSchema, platform: shareSchema }),
  rule((s) => s.creator + s.platform === 10_000, 'creator + platform must equal 10000 (basis points)'),
)

// Names, as a form's text input gives them: a pasted " USDC" would be stored as the link's
// currency, which no payment gate then takes, and a blank one passed as non-empty.
/** A string sent trimmed, that must not be empty once trimmed. */
const nameSchema = z.withChecks(
  z.string,
  z.check((payload) => {
    payload.value = payload.value.trim()
  }),
  rule((s: string) => s !== '', 'must not be empty'),
)

/** What `createLink` accepts; checked on the client before anything is sent. */
export const createLinkInputSchema = z.strictObject({
  creatorId: nameSchema,
  chainType: nameSchema,
  model: oneOf(LINK_MODELS),
  splits: splitsSchema,
  price: z.optional(z.looseObject({ amount: decimalStringSchema, currency: nameSchema })),
  title: z.optional(z.string),
})

/** Input of `createLink`. */
export type CreateLinkInput = z.input<typeof createLinkInputSchema>
