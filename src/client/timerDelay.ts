/**
 * A delay timers keep: at most 2^31 - 1 ms (about 24.8 days). Browsers and Node run a timer with a
 * longer delay (or Infinity) after 1 ms, which would turn a far deadline from the API (a quote, a
 * token, a Retry-After) into a loop of requests.
 */
export const timerDelay = (ms: number) => Math.min(ms, 2_147_483_647)

/**
 * A function that returns one that does nothing: the `subscribe` of a store that never changes, a
 * `reset` without a store. Here because every bundle that needs it has this module: one copy.
 */
export const noop = () => () => {}
