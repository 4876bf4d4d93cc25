/** Whether an HTTP status says that the server refused a paid request without acting on it (nothing was paid). */
export const isRefusal = (status: number) =>
  // A 4xx says the server refused the request without acting on it, except these, which say "not
  // now" or "conflict" and so leave a paid request's outcome open.
  status >= 400 && status < 500 && ![408, 409, 425, 429].includes(status)
