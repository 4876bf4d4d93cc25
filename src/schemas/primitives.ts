import { rule, typed } from './common.js'
import * as z from './z.js'

// Apart from common.ts: a schema built at a module's top level is in every bundle that imports
// the module, and these are not needed by every endpoint.

/** A finite number. */
export const numberSchema = typed(Number.isFinite as (v: unknown) => v is number, 'number')

/** A positive number (a time-out, a heartbeat interval). */
export const positiveNumberSchema = z.withChecks(numberSchema, rule((n: number) => n > 0, 'must be positive'))

/** `true` or `false`. */
export const booleanSchema = typed((v): v is boolean => typeof v === 'boolean', 'boolean')
