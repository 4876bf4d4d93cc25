import * as z from './z.js'
import { nonEmptyStringSchema, timestampSchema } from './common.js'
import { decimalStringSchema } from './price.js'

/** An amount as the fee estimate states it, parsed exactly: `{ amount: '0.42', currency: 'USDC', raw: '0.42 USDC' }`. */
export interface FeeAmount {
  /** The decimal amount, as a string (never a float). */
  amount: string
  /** The currency code: the asset's symbol as the API writes it, case kept, e.g. `USDC`, `ETH`, `USDC.e`, `cbBTC`. */
  currency: string
  /** The string as the API sent it. */
  raw: string
}

// The code is a token's symbol, and real ones are mixed-case or dotted (`USDbC`, `cbBTC`, `USDC.e`).
const FEE_AMOUNT = /^(\d+(?:\.\d+)?) ([a-z\d](?:[\w.-]{0,30}[a-z\d])?)$/i
const DURATION = /^(\d+(?:\.\d+)?) seconds?$/

/** Parses `"<amount> <currency_code>"` (e.g. `"0.000123 ETH"`), or returns `undefined` when it is not in that format. */
export function parseFeeAmount(raw: string): FeeAmount | undefined {
  const m = FEE_AMOUNT.exec(raw)
  return m ? { amount: m[1]!, currency: m[2]!, raw } : undefined
}

/** Parses `"<number> seconds"` into seconds, or returns `undefined` when it is not in that format. */
export function parseDurationSeconds(raw: string): number | undefined {
  const m = DURATION.exec(raw)
  const seconds = Number(m?.[1])
  // Digits past a double's range read as Infinity: not a duration anyone can show.
  return Number.isFinite(seconds) ? seconds : undefined
}

// With `replace`, the string is replaced by its parsed form by the check that parses it, which sets
// the payload's value: `pipe` and `transform` would add two more schema classes to every bundle.
/**
 * A string that `parse` reads, else an issue saying what was `expected`, which ends the checks (its
 * parent's included), as `z.typeCheck`'s issue does.
 */
function parsableString(parse: (raw: string) => unknown, expected: string, replace?: boolean) {
  return z.withChecks(
    z.string,
    z.check<string>((payload) => {
      const parsed = parse(payload.value)
      if (parsed === undefined) {
        // No `continue`: the issue ends the checks, as zod does with any issue not marked to go on.
        // Not what came: a server may echo the API key there, which no error may carry.
        payload.issues.push({ code: 'custom', input: payload.value, message: `expected ${expected}` })
      } else if (replace) payload.value = parsed as string
    }),
  )
}

const feeAmountSchema = parsableString(parseFeeAmount, '"<amount> <CURRENCY>"', true) as unknown as z.Schema<FeeAmount, string>

/** What `estimateFees` takes: all four are required and sent as the query string. */
export const feeEstimateParamsSchema = z.strictObject({
  /** The chain the transfer leaves from, an opaque name (`solana`). */
  sourceChain: nonEmptyStringSchema,
  /** The chain the transfer arrives on, an opaque name (`base`). */
  destinationChain: nonEmptyStringSchema,
  /** The asset moved (`USDC`). */
  asset: nonEmptyStringSchema,
  /** The amount moved, as a decimal string (`"100.5"`). */
  amount: decimalStringSchema,
})

const feeFieldsSchema = z.looseObject({
  /** The whole fee, gas and platform fees included, parsed from the API's `"<amount> <CODE>"` (`"0.42 USDC"`). */
  totalFee: feeAmountSchema,
  /** How long the transfer should take, as sent: `"<number> seconds"` (`estimatedSeconds` is the number). */
  estimatedTime: parsableString(parseDurationSeconds, '"<number> seconds"'),
  /** The gas part of the fee, parsed as `totalFee` is; may be absent. */
  gasFee: z.optional(feeAmountSchema),
  /** The platform's part of the fee, parsed as `totalFee` is; may be absent. */
  platformFee: z.optional(feeAmountSchema),
  /** When the server made the quote (ISO 8601); may be absent. */
  quotedAt: z.optional(timestampSchema),
  /** When the quote stops being valid (ISO 8601), and the query fetches a new one; may be absent. */
  expiresAt: z.optional(timestampSchema),
})

/** Parameters of a fee estimate. */
export type FeeEstimateParams = z.input<typeof feeEstimateParamsSchema>
/** A parsed fee estimate. `estimatedTime` keeps the raw string; `estimatedSeconds` is its number. */
export type FeeEstimate = z.output<typeof feeFieldsSchema> & {
  /** `estimatedTime` in seconds, e.g. `90` for `"90 seconds"`. */
  estimatedSeconds: number
}

/** A fee estimate, with `totalFee`, `gasFee` and `platformFee` parsed exactly and `estimatedSeconds` added. */
export const feeEstimateSchema = z.withChecks(
  feeFieldsSchema,
  z.check((payload) => {
    payload.value = { ...payload.value, estimatedSeconds: parseDurationSeconds(payload.value.estimatedTime)! }
  }),
) as unknown as z.Schema<FeeEstimate, z.input<typeof feeFieldsSchema>>
