import { useEffect, useState } from '../peers/react.js'

// Timers stand still while a laptop sleeps (and a page sits in the back-forward cache), and a hidden
// tab's are held back: back on screen, the text would be as old as the sleep until the next tick.
// (Re-read as the page hides too: one render, and simpler than asking which way it went.)
const SHOWN = ['visibilitychange', 'pageshow']

/**
 * The current time, re-read every 15 s while `at` (the time being described) is set, at `at` itself
 * when it comes sooner (what it ends, a wait or a time left, ends on time), whenever the page shows
 * again, and whenever `at` changes, so that texts like "about 3 minutes left" age without a render
 * per second. `undefined` on the server and in the first client render, so that server and client
 * markup agree.
 */
export function useCoarseNow(at: number | undefined): number | undefined {
  const [now, setNow] = useState<number>()
  useEffect(() => {
    let id: ReturnType<typeof setTimeout>
    const tick = () => {
      clearTimeout(id)
      const t = Date.now()
      setNow(t)
      if (at !== undefined) id = setTimeout(tick, Math.min(15_000, at > t ? at - t : 15_000))
    }
    tick()
    if (at !== undefined) for (const type of SHOWN) addEventListener(type, tick)
    return () => {
      clearTimeout(id)
      for (const type of SHOWN) removeEventListener(type, tick)
    }
  }, [at])
  return now
}
