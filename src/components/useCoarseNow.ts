import { useEffect, useState } from '../peers/react.js'

/**
 * The current time, re-read every 15 s while `at` (the time being described) is set, at `at` itself
 * when it comes sooner (what it ends, a wait or a time left, ends on time), and whenever `at`
 * changes, so that texts like "about 3 minutes left" age without a render per second.
 * `undefined` on the server and in the first client render, so that server and client markup agree.
 */
export function useCoarseNow(at: number | undefined): number | undefined {
  const [now, setNow] = useState<number>()
  useEffect(() => {
    let id: ReturnType<typeof setTimeout>
    const tick = () => {
      const t = Date.now()
      setNow(t)
      if (at !== undefined) id = setTimeout(tick, Math.min(15_000, at > t ? at - t : 15_000))
    }
    tick()
    return () => clearTimeout(id)
  }, [at])
  return now
}
