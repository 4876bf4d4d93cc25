import * as z from './z.js'
import { nonEmptyStringSchema, oneOf, openEnum, rule, timestampSchema } from './common.js'
import { priceSchema } from './price.js'
import { numberSchema } from './primitives.js'

/** The link models the contract names. */
export const LINK_MODELS = ['payment', 'engagement'] as const

// Not an integer ends the check (abort): the sum below would only repeat it.
const shareSchema = z.withChecks(
  numberSchema,
  rule(Number.isSafeInteger, 'expected an integer', true),
  rule((n: number) => n >= 0, 'must be at least 0'),
)

/** Division of proceeds in basis points; `creator + platform` is 10 000. */
export const splitsSchema = z.withChecks(
  z.looseObject({ creator: shareSchema, platform: shareSchema }),
  rule((s) => s.creator + s.platform === 10_000, 'creator + platform must equal 10000 (basis points)'),
)

/** What `createLink` accepts; checked on the client before anything is sent. */
export const createLinkInputSchema = z.strictObject({
  creatorId: z.withChecks(
    z.string(),
    z.check((payload) => {
      payload.value = payload.value.trim()
    }),
    rule((s: string) => s !== '', 'must not be empty'),
  ),
  chainType: nonEmptyStringSchema,
  model: oneOf(LINK_MODELS),
  splits: splitsSchema,
  price: z.optional(priceSchema),
  title: z.optional(z.string()),
})

/** A payment link as the API returns it. Unknown extra fields are kept. */
export const linkSchema = z.looseObject({
  code: nonEmptyStringSchema,
  creatorId: z.string(),
  chainType: z.string(),
  model: openEnum(LINK_MODELS),
  splits: z.looseObject({ creator: shareSchema, platform: shareSchema }),
  price: z.optional(priceSchema),
  title: z.optional(z.string()),
  url: z.optional(z.string()),
  status: z.optional(openEnum(['active', 'disabled'] as const)),
  createdAt: timestampSchema,
})

/** Input of `createLink`. */
export type CreateLinkInput = z.input<typeof createLinkInputSchema>
/** A payment link. */
export type Link = z.infer<typeof linkSchema>
/** A link's model: `payment` or `engagement` (or a model this version does not know). */
export type LinkModel = Link['model']
