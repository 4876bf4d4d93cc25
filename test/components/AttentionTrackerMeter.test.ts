import { EventEmitter } from 'node:events'
import {
  type AttentionReport,
  createAttentionReporter,
  isHalfInView,
  lastInput,
} from '../../src/components/AttentionReporter.js'
import type { AttentionTrackerProps } from '../../src/components/AttentionTracker.js'

// The reporter's counting on a stand-in DOM (Node has none), with a fake clock: the totals are read
// from the final report that finish() sends.

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000 })
  // Each test is a new page: no input of the one before (at the same clock).
  lastInput.current = -Infinity
})
// One AbortSignal detaches a dozen listeners, past Node's leak warning at 10 (browsers have none).
EventEmitter.defaultMaxListeners = 20
afterEach(() => {
  vi.useRealTimers()
})

/** A stand-in for IntersectionObserver that a test moves by hand. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.last = this
  }
  observe() {}
  disconnect() {}
  show() {
    const entry = { isIntersecting: true, intersectionRatio: 1, intersectionRect: { height: 100 }, rootBounds: { height: 1000 } }
    this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver)
  }
}

/**
 * Starts a reporter on a stand-in element, document and window: in view (no IntersectionObserver
 * unless the test gives one), visible and focused unless `dom` says otherwise, with `media` inside.
 * Heartbeats are an hour apart and the token lives a day, so only finish() reports; `extra` changes
 * either (and any other prop).
 */
function track(
  idleTimeoutMs: number,
  dom: { hidden?: boolean; focused?: boolean; media?: object[]; IntersectionObserver?: unknown } = {},
  extra: { props?: Partial<AttentionTrackerProps>; tokenTtlMs?: number; create?: typeof createAttentionReporter } = {},
) {
  const win = Object.assign(new EventTarget(), { IntersectionObserver: dom.IntersectionObserver })
  const doc = Object.assign(new EventTarget(), {
    defaultView: win,
    hidden: dom.hidden ?? false,
    hasFocus: () => dom.focused ?? true,
  })
  const phases: string[] = []
  const element = Object.assign(new EventTarget(), {
    ownerDocument: doc,
    querySelectorAll: () => dom.media ?? [],
    // The content holds its media (a restart keeps those heard playing that it still holds).
    contains: (node: unknown) => (dom.media ?? []).includes(node as object),
    setAttribute: (name: string, value: string) => phases.push(`${name}=${value}`),
  })
  const reports: AttentionReport[] = []
  const props: { current: AttentionTrackerProps } = {
    current: {
      consent: true,
      heartbeatSeconds: 3_600,
      minDwellMs: 0,
      idleTimeoutMs,
      onHeartbeat: (report) => reports.push(report),
      onError: (error) => {
        throw error
      },
      ...extra.props,
    },
  }
  let tokens = 0
  const [start, finish] = (extra.create ?? createAttentionReporter)(async () => {
    tokens += 1
    return { token: 'att_test', sessionId: 'session', expiresAt: new Date(Date.now() + (extra.tokenTtlMs ?? 86_400_000)).toISOString() }
  }, props)
  let stop = start(element as unknown as HTMLElement)
  return {
    win,
    doc,
    /** The tracker's props, which its render changes (`latest` is this same ref here). */
    props,
    /** The data-state last written on the element. */
    phase: () => phases[phases.length - 1]?.replace('data-state=', ''),
    phases,
    reports,
    /** Token requests so far. */
    tokens: () => tokens,
    /** Moves the clock `ms` on, running the timers due and the token request. */
    advance: (ms: number) => vi.advanceTimersByTimeAsync(ms),
    /** Sets the clock, forwards or back, without running timers; the token request settles. */
    setClock: async (ms: number) => {
      vi.setSystemTime(1_000 + ms)
      await vi.advanceTimersByTimeAsync(0)
    },
    input: () => win.dispatchEvent(new Event('pointerdown')),
    stop: () => stop(),
    /** Starts again, with this idle timeout (the tracker stops and starts the reporter when it changes). */
    start: (timeoutMs = idleTimeoutMs) => {
      props.current = { ...props.current, idleTimeoutMs: timeoutMs }
      stop = start(element as unknown as HTMLElement)
    },
    /** The totals of the final report that finish() sends, or undefined when it sends none (no new attention). */
    totals: () => {
      const sent = reports.length
      finish()
      if (reports.length === sent) return undefined
      const { activeMs, visibleMs, final } = reports[sent]!
      expect(final).toBe(true)
      return { activeMs, visibleMs }
    },
  }
}

test('a page just loaded, with no input yet, counts nothing until the first input', async () => {
  // A fresh module: the page's first tracker, before any input of this or an earlier test.
  vi.resetModules()
  const fresh = await import('../../src/components/AttentionReporter.js')
  const t = track(30_000, {}, { create: fresh.createAttentionReporter })
  await t.advance(10_000)
  expect(t.phase()).toBe('waiting')
  expect(t.tokens()).toBe(0)
  expect(t.totals()).toBeUndefined()
})

test('input counts for idleTimeoutMs, cut exactly at the deadline even when nothing happens then', async () => {
  const t = track(5_000)
  expect(t.phases).toEqual(['data-state=waiting'])
  t.input()
  expect(t.phase()).toBe('active')
  await t.advance(4_999)
  expect(t.phase()).toBe('active')
  await t.advance(1)
  expect(t.phase()).toBe('paused')
  await t.advance(7_000)
  expect(t.totals()).toEqual({ activeMs: 5_000, visibleMs: 12_000 })
})

test('playing media counts without input and has no idle deadline', async () => {
  const video = Object.assign(new EventTarget(), { paused: false, ended: false, readyState: 3 })
  const t = track(5_000, { media: [video] })
  await t.advance(60_000)
  expect(t.phases).toEqual(['data-state=active'])
  expect(t.totals()).toEqual({ activeMs: 60_000, visibleMs: 60_000 })
  video.dispatchEvent(new Event('pause'))
  expect(t.phase()).toBe('paused')
})

test('media found at start that is not paused but still loading (readyState below HAVE_FUTURE_DATA) does not count', async () => {
  const video = Object.assign(new EventTarget(), { paused: false, ended: false, readyState: 2 })
  const t = track(5_000, { media: [video] })
  await t.advance(60_000)
  expect(t.phases).toEqual(['data-state=waiting'])
  expect(t.totals()).toBeUndefined()
})

test('each condition missing stops attention; only visibility stops visible time', async () => {
  for (const missing of ['inView', 'documentVisible', 'focused'] as const) {
    const dom = {
      hidden: missing === 'documentVisible',
      focused: missing !== 'focused',
      IntersectionObserver: missing === 'inView' ? FakeIntersectionObserver : undefined,
    }
    const t = track(30_000, dom)
    t.input()
    await t.advance(10_000)
    expect(t.phase()).toBe('waiting')
    // Then the condition comes back: 1 s of attention, and whatever visible time there was before.
    if (missing === 'inView') FakeIntersectionObserver.last!.show()
    if (missing === 'documentVisible') {
      t.doc.hidden = false
      t.doc.dispatchEvent(new Event('visibilitychange'))
    }
    if (missing === 'focused') {
      dom.focused = true
      t.win.dispatchEvent(new Event('focus'))
    }
    t.input()
    expect(t.phase()).toBe('active')
    await t.advance(1_000)
    expect(t.totals()).toEqual({ activeMs: 1_000, visibleMs: missing === 'focused' ? 11_000 : 1_000 })
  }
})

test('a clock set back adds nothing for the step, and counts the time that passes after it', async () => {
  const t = track(30_000)
  await t.setClock(5_000)
  t.input()
  await t.setClock(1_000)
  // No attention counted in the 4 s back (with minDwellMs 0, any would be reported).
  expect(t.totals()).toBeUndefined()
  await t.setClock(6_000)
  // That finish() ended the visit, so the totals count from it: the 5 s that passed since, not the
  // 1 s from where the clock had been (5 s) to 6 s.
  expect(t.totals()).toEqual({ activeMs: 5_000, visibleMs: 5_000 })
})

test('a shorter idle timeout applies from the change on', async () => {
  const t = track(30_000)
  t.input()
  await t.advance(10_000)
  t.stop()
  t.start(5_000)
  expect(t.phase()).toBe('paused')
  await t.advance(10_000)
  expect(t.totals()).toEqual({ activeMs: 10_000, visibleMs: 20_000 })
})

test('nothing counts between a stop and the next start', async () => {
  const t = track(30_000)
  t.input()
  await t.advance(2_000)
  t.stop()
  await t.advance(10_000)
  t.start()
  t.input()
  await t.advance(1_000)
  expect(t.totals()).toEqual({ activeMs: 3_000, visibleMs: 3_000 })
})

test('half in view: half the content, or half the viewport for tall content', () => {
  const entry = (ratio: number, height: number, rootHeight: number | null = 1_000) =>
    ({
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height },
      rootBounds: rootHeight === null ? null : { height: rootHeight },
    }) as unknown as IntersectionObserverEntry
  expect(isHalfInView(entry(0.5, 50), 1_000)).toBe(true)
  expect(isHalfInView(entry(0.4999, 50), 1_000)).toBe(true)
  expect(isHalfInView(entry(0.45, 45), 1_000)).toBe(false)
  expect(isHalfInView(entry(0.2, 500), 1_000)).toBe(true)
  expect(isHalfInView(entry(0.2, 499), 1_000)).toBe(false)
  expect(isHalfInView(entry(0.2, 400, null), 800)).toBe(true)
  // A feed in a 300 px scroll pane: half the pane, not half the viewport.
  expect(isHalfInView(entry(0.1, 150), 1_000, 300)).toBe(true)
  expect(isHalfInView(entry(0.1, 149), 1_000, 300)).toBe(false)
  expect(isHalfInView(entry(0.1, 150, null), 1_000, 300)).toBe(true)
  expect(isHalfInView(entry(0, 0), 1_000)).toBe(false)
  // An empty viewport (a collapsed iframe) shows nothing: an empty intersection is not half of it.
  expect(isHalfInView(entry(0, 0, 0), 0)).toBe(false)
  expect(isHalfInView(entry(0, 0, null), 0)).toBe(false)
})

// A timer holds at most 2^31 - 1 ms (about 24.8 days); a longer delay fires after 1 ms, in browsers
// and Node alike (and in the fake timers here).
const DAY = 86_400_000

test('a token that lives longer than a timer can wait is not renewed in a loop', async () => {
  const t = track(30_000, {}, { tokenTtlMs: 60 * DAY })
  t.input()
  await t.advance(1_000)
  expect(t.tokens()).toBe(1)
  await t.advance(10_000)
  expect(t.tokens()).toBe(1)
})

test('a token let lapse takes the attention due with it, once, and is not asked for again', async () => {
  // A 40 s token is renewed after 20 s, before the first heartbeat at 60 s.
  const dom = { focused: true }
  const t = track(30_000, dom, { tokenTtlMs: 40_000, props: { heartbeatSeconds: 60, minDwellMs: 3_000 } })
  for (let i = 0; i < 10; i++) {
    t.input()
    await t.advance(1_000)
  }
  // Another window takes the focus.
  dom.focused = false
  t.win.dispatchEvent(new Event('blur'))
  await t.advance(580_000)
  // The session ends with its token: the attention due goes as its final report.
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([[10_000, true]])
  // The first token, and the renewal for the attention since it.
  expect(t.tokens()).toBe(2)
})

test.each([1e-9, 30 * 86_400, 1e300])('a heartbeat of %s s sends no flood of reports', async (heartbeatSeconds) => {
  const t = track(30_000, {}, { props: { heartbeatSeconds } })
  t.input()
  await t.advance(10_000)
  // A heartbeat is at least a second apart: one report a second (not none), and none for a long one.
  expect(t.reports.map((r) => r.activeMs)).toEqual(heartbeatSeconds < 1 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => s * 1_000) : [])
})

test('an idle timeout longer than a timer can wait does not spin its timer', async () => {
  const t = track(30 * DAY)
  t.input()
  const timers = vi.spyOn(globalThis, 'setTimeout')
  await t.advance(1_000)
  expect(t.phase()).toBe('active')
  expect(timers.mock.calls.length).toBeLessThan(5)
})

// parseInt of a missing setting gives NaN: as fast a heartbeat as timers allow, or no counting or
// reporting at all, where the default was meant.
test.each([
  ['heartbeatSeconds', [15_000, 30_000, 30_000]],
  ['minDwellMs', [30_000]],
  ['idleTimeoutMs', [30_000]],
] as const)('%s NaN counts and reports as if not given', async (name, activeMs) => {
  for (const value of [undefined, NaN]) {
    // One input, then 40 s: 30 s of attention (the default idle timeout), heartbeats every 15 s
    // (the default) when heartbeatSeconds is the one tested, then the final report (the same totals
    // as the last heartbeat: the session reported, so it is told that it ended).
    const t = track(30_000, {}, { props: { [name]: value } })
    t.input()
    await t.advance(40_000)
    t.totals()
    t.stop()
    expect(t.reports.map((r) => r.activeMs)).toEqual(activeMs)
  }
})

// The tracker's render takes consent away (its insertion effect sets the latest props) before its
// passive effect stops the reporter: a heartbeat or the page turning hidden in between must not
// send a report, with attention counted before the withdrawal, to an app told "no consent".
test('consent withdrawn, in the moment before the tracker stops its reporter: a page turning hidden then, or a heartbeat, sends nothing, nor does the final report', async () => {
  const t = track(30_000, {}, { props: { heartbeatSeconds: 5 } })
  t.input()
  await t.advance(2_000)
  const sent = t.reports.length
  t.props.current = { ...t.props.current, consent: false }
  t.doc.hidden = true
  t.doc.dispatchEvent(new Event('visibilitychange'))
  t.doc.hidden = false
  t.doc.dispatchEvent(new Event('visibilitychange'))
  t.input()
  await t.advance(6_000)
  expect(t.reports.slice(sent)).toEqual([])
  expect(t.totals()).toBeUndefined()
})
