import * as z from 'zod/mini'

/** A positive number (a time-out, a heartbeat interval). */
export const positiveNumberSchema = z.number().check(z.refine((n) => n > 0, 'must be positive'))
