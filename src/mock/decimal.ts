// Money in the mock goes through BigInt scaled integers, never floats, like the client promises.

/** A decimal as an integer and a count of decimal places: 1.50 is `{ units: 150n, scale: 2 }`. */
export interface Decimal {
  units: bigint
  scale: number
}

/** Reads a non-negative decimal string (`"1.50"`); the caller has checked its format. */
export function parseDecimal(text: string): Decimal {
  const [whole = '0', fraction = ''] = text.split('.')
  return { units: BigInt(whole + fraction), scale: fraction.length }
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale)
}

/** Adds two decimals exactly. */
export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale)
  return { units: rescale(a, scale) + rescale(b, scale), scale }
}

/** `bps` basis points of `d`, exactly (dividing by 10 000 only adds four decimal places). */
export function basisPointsOf(d: Decimal, bps: number): Decimal {
  return { units: d.units * BigInt(bps), scale: d.scale + 4 }
}

/** Writes a decimal without trailing zeros: `{ units: 42150n, scale: 5 }` → `"0.4215"`. */
export function formatDecimal(d: Decimal): string {
  const digits = d.units.toString().padStart(d.scale + 1, '0')
  const whole = digits.slice(0, digits.length - d.scale)
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** A decimal amount in a token's atomic units (`"1.50"`, 6 decimals → `"1500000"`), or `undefined` when it has more decimals than the token. */
export function toAtomicUnits(amount: string, decimals: number): string | undefined {
  const d = parseDecimal(amount)
  // Zero when the amount has no more places than the token, or only zeros past them.
  const extra = d.units % 10n ** BigInt(Math.max(0, d.scale - decimals))
  if (extra !== 0n) return undefined
  return d.scale > decimals ? (d.units / 10n ** BigInt(d.scale - decimals)).toString() : rescale(d, decimals).toString()
}
