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
  z.strictObject({
    /** The creator's share, in basis points: an integer from 0 (`7000` is 70 %). */
    creator: shareSchema,
    /** The platform's share, in basis points: an integer from 0 (`3000` is 30 %). */
    platform: shareSchema,
  }),
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

// A price of zero makes a link no x402 gate can charge: it would ask for 0, which no payment
// settles. A free link leaves its price out. Only an amount of the decimal format is tested here,
// so "abc" gets one issue, the format's. Fraction digits are not capped: the currency's decimals are
// the server's to know (6 for USDC, 24 for some tokens), and any cap here would be one or the other.
/** A decimal amount (`"1.50"`) above zero. */
const priceAmountSchema = z.withChecks(
  decimalStringSchema,
  rule((s: string) => !/^0+(\.0+)?$/.test(s), 'must be more than 0'),
)

/** What `createLink` accepts; checked on the client before anything is sent. */
export const createLinkInputSchema = z.strictObject({
  /** The creator the link belongs to; sent trimmed, and must not be blank. */
  creatorId: nameSchema,
  /** The chain the link settles on, an opaque name (`base`, `solana`, …); sent trimmed, and must not be blank. */
  chainType: nameSchema,
  /** `payment` or `engagement`. */
  model: oneOf(LINK_MODELS),
  /** Division of proceeds, in basis points: `creator + platform` must be 10 000. */
  splits: splitsSchema,
  /** The price of the link; optional. */
  price: z.optional(
    z.looseObject({
      /** The amount, as a decimal string above zero (`"1.50"`); a free link leaves `price` out. */
      amount: priceAmountSchema,
      /** The currency code (`USDC`); sent trimmed, and must not be blank. */
      currency: nameSchema,
    }),
  ),
  /** A title to show; optional. */
  title: z.optional(z.string),
})

/** Input of `createLink`. */
export type CreateLinkInput = z.input<typeof createLinkInputSchema>
