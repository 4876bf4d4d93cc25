// A 4xx says the server refused the request without acting on it, except these, which say "not
// now" or "conflict" and so leave a paid request's outcome open.
const AMBIGUOUS_STATUSES = [408, 409, 425, 429]

/** Whether an HTTP status says that the server refused a paid request without acting on it (nothing was paid). */
export const isRefusal = (status: number) => status >= 400 && status < 500 && !AMBIGUOUS_STATUSES.includes(status)
