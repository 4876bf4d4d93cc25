/**
 * `Partial<T>` whose members also take an explicit `undefined`, for options read with `??` or a
 * check for `undefined`: under `exactOptionalPropertyTypes`, `Partial` alone refuses
 * `{ pay: t.pay }` when `t.pay` may be missing.
 */
export type PartialOrUndefined<T> = { [K in keyof T]?: T[K] | undefined }
