import type { PartialOrUndefined } from '../client/PartialOrUndefined.js'

/**
 * `defaults` with the texts of `given` over them, but for the ones it leaves `undefined`: a missing
 * translation (`labels={{ pay: t.pay }}`) keeps the default instead of crashing the render.
 */
export function withDefaults<T extends object>(defaults: T, given: PartialOrUndefined<T> | undefined): T {
  const labels = { ...defaults }
  for (const key in given) if (given[key] !== undefined) labels[key] = given[key]!
  return labels
}
