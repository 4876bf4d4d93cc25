import * as z from '../schemas/z.js'

/**
 * An array of `item`s, each parsed by it, with the item's index on its issues. The same as
 * `z.array(item)`, whose class costs more than every other x402 schema together.
 */
export function listOf<T extends z.Schema>(item: T) {
  const list = z.withChecks(
    z.unknown(),
    z.check((ctx) => {
      if (!Array.isArray(ctx.value)) {
        ctx.issues.push({ code: 'invalid_type', expected: 'array', input: ctx.value })
        return
      }
      ctx.value = ctx.value.map((value: unknown, index) => z.parseInto(ctx, item, value, index)[0])
    }),
  )
  return list as unknown as z.Schema<z.output<T>[], z.input<T>[]>
}
