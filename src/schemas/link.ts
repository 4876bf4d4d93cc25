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
  /** The link's code, which addresses it (`GET /links/{code}`, the body of `POST /payments/verify`). */
  code: nonEmptyStringSchema,
  /** The creator the link belongs to. */
  creatorId: z.string,
  /** The chain the link settles on: an opaque name (`base`, `solana`, `eip155:8453`, …). */
  chainType: z.string,
  /** `payment` or `engagement`; another string is a model this version does not know. */
  model: z.string as OpenEnum<typeof LINK_MODELS>,
  /** Division of proceeds, in basis points (10 000 is the whole). */
  splits: z.looseObject({
    /** The creator's share, in basis points (`7000` is 70 %). */
    creator: shareSchema,
    /** The platform's share, in basis points (`3000` is 30 %). */
    platform: shareSchema,
  }),
  // Cast to its own type, which the built link.d.ts then names: a copy of price's fields written out
  // there would be without their JSDoc.
  /** What paying the link costs; absent when it has none, and the 402 gate then refuses to sell it. */
  price: z.optional(priceSchema) as z.Optional<typeof priceSchema>,
  /** A title to show; may be absent. */
  title: z.optional(z.string),
  /** A URL of the link to share; may be absent. */
  url: z.optional(z.string),
  /** `active` or `disabled` (or a status this version does not know); may be absent. */
  status: z.optional(z.string as OpenEnum<['active', 'disabled']>),
  /** When the link was created (ISO 8601; `parseTimestamp` reads it). */
  createdAt: timestampSchema,
})

/** A payment link. */
export type Link = z.infer<typeof linkSchema>
/** A link's model: `payment` or `engagement` (or a model this version does not know). */
export type LinkModel = Link['model']
