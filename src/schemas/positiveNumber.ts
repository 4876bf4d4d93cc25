import * as z from 'zod/mini'
import { rule } from './common.js'

/** A positive number (a time-out, a heartbeat interval). */
export const positiveNumberSchema = z.number().check(rule((n: number) => n > 0, 'must be positive'))
