import * as z from './z.js'
import { nonEmptyStringSchema, type OpenEnum, rule, timestampSchema } from './common.js'
import { priceSchema } from './price.js'
import { numberSchema } from './primitives.js'

/** The link models the contract names. */
export const LINK_MODELS = ['payment', 'engagement'] as const

// Not an integer ends the checks (a type check): the sum in createLinkInput.ts would only repeat it.
/** A share of proceeds in basis points: a non-negative integer. */
export const shareSchema = z.withChecks(
  numberSchema,
  z.typeCheck(Number.isSafeInteger, 'an integer'),
  rule((n: number) => n >= 0, 'must be at least 0'),
)

/** A payment link as the API returns it. Unknown extra fields are kept. */
export const linkSchema = z.looseObject({
  code: nonEmptyStringSchema,
  creatorId: z.string,
  chainType: z.string,
  model: z.string as OpenEnum<typeof LINK_MODELS>,
  splits: z.looseObject({ creator: shareSchema, platform: shareSchema }),
  price: z.optional(priceSchema),
  title: z.optional(z.string),
  url: z.optional(z.string),
  status: z.optional(z.string as OpenEnum<['active', 'disabled']>),
  createdAt: timestampSchema,
})

/** A payment link. */
export type Link = z.infer<typeof linkSchema>
/** A link's model: `payment` or `engagement` (or a model this version does not know). */
export type LinkModel = Link['model']
