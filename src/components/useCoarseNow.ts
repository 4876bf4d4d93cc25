import { useEffect, useState } from 'react'

/**
 * The current time, re-read every 15 s while `at` (the time being described) is set and whenever
 * `at` or `resetKey` changes, so that texts like "about 3 minutes left" age without a render per
 * second. `undefined` on the server and in the first client render, so that server and client
 * markup agree.
 */
export function useCoarseNow(at: number | undefined, resetKey?: unknown): number | undefined {
  const [now, setNow] = useState<number>()
  useEffect(() => {
    setNow(Date.now())
    if (at === undefined) return
    const id = setInterval(() => setNow(Date.now()), 15_000)
    return () => clearInterval(id)
  }, [at, resetKey])
  return now
}
