import { useEffect, useState } from 'react'

/**
 * The current time, re-read every 15 s while `active` and whenever `resetKey` changes, so
 * that texts like "about 3 minutes left" age without a render per second. `undefined` on the
 * server and in the first client render, so that server and client markup agree.
 */
export function useCoarseNow(active: boolean, resetKey?: unknown): number | undefined {
  const [now, setNow] = useState<number>()
  useEffect(() => {
    setNow(Date.now())
    if (!active) return
    const id = setInterval(() => setNow(Date.now()), 15_000)
    return () => clearInterval(id)
  }, [active, resetKey])
  return now
}
