import * as z from '../schemas/z.js'
import { typed } from '../schemas/common.js'

/**
 * An array of the `item`s that parse, in order: an item that does not (an offer of a scheme or a
 * version of x402 this one cannot read) is left out, as x402's own clients leave out an offer they
 * cannot pay, so that it does not hide the others. Only when none parses are the items' issues
 * raised, each with the item's index; an empty array stays empty. Not `z.array(item)`, whose class
 * costs more than every other x402 schema together; a non-array is refused through `typed`, whose
 * issue reads as zod's (`expected array`).
 */
export function listOf<T extends z.Schema>(item: T) {
  const list = z.withChecks(
    typed(Array.isArray, 'array'),
    z.check((ctx) => {
      // Parsed into the list's own issues (none yet: only an array gets here), which go if any item
      // parsed. Not pushed from a list of their own: spread as arguments, 100 000 of them overflow the stack.
      // The items as sent: the requirement schemas change nothing they accept (so `raw` is as sent).
      ctx.value = ctx.value.filter((value: unknown, index: number) => !z.parseInto(ctx, item, value, index)[1])
      if (ctx.value.length) ctx.issues.length = 0
    }),
  )
  return list as unknown as z.Schema<z.output<T>[], z.input<T>[]>
}
