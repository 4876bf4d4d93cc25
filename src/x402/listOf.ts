import * as z from '../schemas/z.js'
import { typed } from '../schemas/common.js'

/**
 * An array of `item`s, each parsed by it, with the item's index on its issues. The same as
 * `z.array(item)`, whose class costs more than every other x402 schema together; a non-array is
 * refused through `typed`, whose issue reads as zod's (`expected array`).
 */
export function listOf<T extends z.Schema>(item: T) {
  const list = z.withChecks(
    typed(Array.isArray, 'array'),
    z.check((ctx) => {
      ctx.value = ctx.value.map((value: unknown, index) => z.parseInto(ctx, item, value, index)[0])
    }),
  )
  return list as unknown as z.Schema<z.output<T>[], z.input<T>[]>
}
