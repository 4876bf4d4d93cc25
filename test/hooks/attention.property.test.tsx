import { act, cleanup, render, type RenderResult } from '@testing-library/react'
import fc from 'fast-check'
import type { ReactElement } from 'react'
import { type AttentionReport, lastInput } from '../../src/components/AttentionReporter.js'
import { AttentionTracker } from '../../src/components/AttentionTracker.js'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { advance, FakeIntersectionObserver, fire, input, scrollTo, setVisibility } from './attentionFakes.js'
import { testClient, wrapperFor } from './harness.js'

// Creators are paid by this attention: over-reporting is fraud a platform is blamed for,
// under-reporting takes their money. Over random pages (readers coming and going, two trackers of
// one link, a laptop asleep, a clock set back, a token endpoint that fails), the reports never add
// up to more than the README's rule counts: visible ∧ focused ∧ in view ∧ (an input within
// idleTimeoutMs ∨ media playing with its sound on), none over a sleep, one tracker at a time.
// No slack but a clock set back's (see clockBack); an under-count is not checked (the bound is one
// way). FC_SEED in the environment replays a run.

type Slot = 'a' | 'b'
const SLOTS: Slot[] = ['a', 'b']
interface Answer {
  latencyMs: number
  result: 'ok' | '429' | '500' | '400' | 'noToken'
  retryAfter: number
  ttlMs: number
}
type Step =
  | { t: 'advance' | 'read' | 'sleep' | 'clockBack' | 'bfcache'; ms: number }
  | { t: 'input' | 'consent' | 'code' | 'viewer' }
  | { t: 'hidden' | 'focused'; on: boolean }
  | { t: 'scroll'; slot: Slot; ratio: number; height: number }
  | { t: 'media'; slot: Slot; action: 'play' | 'pause' | 'mute' | 'unmute' }
  | { t: 'mount'; slot: Slot }
  | { t: 'answer'; answer: Answer }

/** A tracker's reporter (one per mount, code and viewer): where its totals last went back to 0. */
interface Reporter {
  attn0: number
  vis0: number
  needsDwell: boolean
  stopped: boolean
  gone: boolean
}
interface SlotState {
  mounted: boolean
  mounts: number
  renders: number
  ratio: number
  height: number
  playing: boolean
  muted: boolean
  rep: Reporter
  /** The model's attention and visible time of this tracker, up to `World.t`. */
  attn: number
  vis: number
  children: ReactElement
}
interface Session {
  rep: Reporter
  attn0: number
  vis0: number
  activeMs: number
  visibleMs: number
  finals: number
  consentLost: boolean
}
interface World {
  cfg: Config
  /** The model's clock (true time), and what turns Date.now() into it. */
  t: number
  offset: number
  consent: boolean
  hidden: boolean
  focused: boolean
  input: number
  code: string
  viewerId: string | undefined
  slots: Record<Slot, SlotState>
  /** Time any tracker had attention: what the sessions together may report at most. */
  union: number
  /** What the clocks set back may have added to an input's time (see clockBack). */
  slack: number
  /** The clock set back since a started tracker last read it (see sleep). */
  unreadBack: number
  answers: Answer[]
  requests: number
  tokens: Map<string, string>
  sessions: Map<string, Session>
  violations: string[]
  view?: RenderResult & { Page: () => ReactElement }
}
interface Config {
  heartbeatSeconds: number | undefined
  minDwellMs: number | undefined
  idleTimeoutMs: number | undefined
  tokenHeartbeat: number | undefined
  ttlMs: number
  issuedAt: boolean
  consent: boolean
  /** Whether the content starts in view. */
  inView: boolean
}

const inView = (s: SlotState) => s.ratio >= 0.5 || s.height >= 500
const idleMs = (w: World) => w.cfg.idleTimeoutMs ?? 30_000
const seen = (w: World, s: SlotState) => s.mounted && w.consent && !w.hidden && inView(s)
/** Attention of one tracker in [from, to] under the conditions that hold now. */
function gain(w: World, s: SlotState, from: number, to: number) {
  if (!seen(w, s) || !w.focused) return 0
  if (s.playing && !s.muted) return to - from
  return Math.max(0, Math.min(to, w.input + idleMs(w)) - Math.max(from, w.input))
}
const modelNow = (w: World) => Date.now() + w.offset
/** Totals up to `to`: the tracker's attention and visible time, and attention of any tracker. */
function totalsAt(w: World, to: number) {
  const [a, b] = SLOTS.map((slot) => gain(w, w.slots[slot], w.t, to))
  const of = (slot: Slot) => [w.slots[slot].attn + (slot === 'a' ? a! : b!), w.slots[slot].vis + (seen(w, w.slots[slot]) ? to - w.t : 0)] as const
  return { a: of('a'), b: of('b'), union: w.union + Math.max(a!, b!) }
}
/** Brings the model up to now (or skips time that counts nothing: a sleep, a frozen page). */
function checkpoint(w: World, counts = true) {
  const to = modelNow(w)
  if (counts) {
    const totals = totalsAt(w, to)
    for (const slot of SLOTS) [w.slots[slot].attn, w.slots[slot].vis] = totals[slot]
    w.union = totals.union
  }
  w.t = to
}
const newReporter = (s: Pick<SlotState, 'attn' | 'vis'>): Reporter => ({ attn0: s.attn, vis0: s.vis, needsDwell: true, stopped: false, gone: false })

function onReport(w: World, slot: Slot, rep: Reporter, r: AttentionReport) {
  const t = modelNow(w)
  const say = (what: string) => w.violations.push(`${what}: ${slot} ${JSON.stringify(r)} at ${t}`)
  if (!w.consent) say('reported without consent')
  if (rep.gone) say('reported after its tracker went')
  if (rep.stopped) say('reported after stopped')
  if (w.tokens.get(r.sessionId) !== r.token) say('a token not of its session')
  if (rep.needsDwell && r.activeMs < (w.cfg.minDwellMs ?? 3_000)) say('reported before minDwellMs')
  rep.needsDwell = false
  let session = w.sessions.get(r.sessionId)
  if (!session) w.sessions.set(r.sessionId, (session = { rep, attn0: rep.attn0, vis0: rep.vis0, activeMs: 0, visibleMs: 0, finals: 0, consentLost: false }))
  if (session.rep !== rep) say('one session reported by two trackers')
  if (session.finals) say('reported after its final')
  if (r.activeMs < session.activeMs || r.visibleMs < session.visibleMs) say('totals went down')
  if (r.activeMs > r.visibleMs) say('activeMs above visibleMs')
  const totals = totalsAt(w, t)
  const [attn, vis] = totals[slot]
  if (r.activeMs > attn - session.attn0 + w.slack) say(`activeMs above the ${attn - session.attn0} ms of attention`)
  if (r.visibleMs > vis - session.vis0) say(`visibleMs above the ${vis - session.vis0} ms visible`)
  Object.assign(session, { activeMs: r.activeMs, visibleMs: r.visibleMs })
  const booked = [...w.sessions.values()].reduce((sum, s) => sum + s.activeMs, 0)
  if (booked > totals.union + w.slack) say(`the sessions add up to ${booked} ms, above the ${totals.union} ms of attention`)
  if (r.final) {
    session.finals++
    Object.assign(rep, { attn0: attn, vis0: vis })
  }
}

/** The token endpoint: each request takes the next answer queued, else a token. */
function tokenFetch(w: World): typeof fetch {
  return async () => {
    // Numbered as it comes in, not as it is answered: a slow request overtaken by a later one (a
    // tracker's request still on its way when the other tracker of the link takes over and asks) is
    // its own session, as every POST is on the server; numbered after its latency, it was given the
    // later one's token, and the two trackers seemed to report one session.
    const n = ++w.requests
    const a = w.answers.shift() ?? { latencyMs: 0, result: 'ok', retryAfter: 0, ttlMs: w.cfg.ttlMs }
    if (a.latencyMs) await new Promise((resolve) => setTimeout(resolve, a.latencyMs))
    const status = { ok: 201, noToken: 201, 429: 429, 500: 500, 400: 400 }[a.result]
    if (status !== 201) {
      const headers = a.result === '429' ? { 'Retry-After': String(a.retryAfter) } : undefined
      return Response.json({ error: { code: 'refused', message: a.result } }, { status, headers })
    }
    if (a.result === 'noToken') return Response.json({}, { status })
    // The server's clock is true time; the device's may have been set back.
    const at = modelNow(w) + 1_700_000_000_000
    w.tokens.set(`ses_${n}`, `att_${n}`)
    const { tokenHeartbeat: heartbeatSeconds, issuedAt } = w.cfg
    return Response.json(
      {
        token: `att_${n}`,
        sessionId: `ses_${n}`,
        expiresAt: new Date(at + a.ttlMs).toISOString(),
        ...(issuedAt && { issuedAt: new Date(at).toISOString() }),
        ...(heartbeatSeconds && { heartbeatSeconds }),
      },
      { status },
    )
  }
}

function pageFor(w: World) {
  const Wrapper = wrapperFor(testClient(tokenFetch(w)))
  return function Page() {
    return (
      <Wrapper>
        {SLOTS.map((slot) => {
          const s = w.slots[slot]
          const { rep } = s
          return (
            s.mounted && (
              <AttentionTracker
                key={slot + s.mounts}
                data-testid={slot}
                consent={w.consent}
                code={w.code}
                viewerId={w.viewerId}
                heartbeatSeconds={w.cfg.heartbeatSeconds}
                minDwellMs={w.cfg.minDwellMs}
                idleTimeoutMs={w.cfg.idleTimeoutMs}
                onHeartbeat={(r) => onReport(w, slot, rep, r)}
                onError={() => rep.gone && w.violations.push(`onError after ${slot} went`)}
              >
                {s.children}
              </AttentionTracker>
            )
          )
        })}
      </Wrapper>
    )
  }
}

const rootOf = (slot: Slot) => document.querySelector<HTMLElement>(`[data-testid="${slot}"]`)
const observed = new WeakSet<FakeIntersectionObserver>()
/** What a real IntersectionObserver does on observe(): tells the content's place at once. */
function tellNewObservers(w: World) {
  for (const observer of FakeIntersectionObserver.live) {
    if (observed.has(observer)) continue
    observed.add(observer)
    const [target] = observer.targets
    const s = w.slots[(target as HTMLElement).dataset.testid as Slot]
    scrollTo(s.ratio, s.height, target)
  }
}

async function run(w: World, step: Step) {
  checkpoint(w)
  const s = 'slot' in step ? w.slots[step.slot] : undefined
  const video = s?.mounted ? rootOf((step as { slot: Slot }).slot)!.querySelector('video')! : undefined
  const rerendered = (change: () => void) => {
    const old = SLOTS.map((slot) => w.slots[slot].rep)
    change()
    const { Page, rerender } = w.view!
    act(() => rerender(<Page />))
    return old
  }
  switch (step.t) {
    case 'advance':
      await advance(step.ms)
      break
    case 'read':
      for (let t = 0; t < step.ms; t += 1_000) {
        w.input = modelNow(w)
        input()
        await advance(1_000)
        checkpoint(w)
      }
      break
    case 'input':
      w.input = w.t
      input()
      break
    case 'sleep':
      // Timers and page frozen, the device's clock on: a laptop asleep. The page sees the gap on the
      // device's clock: one set back since a tracker last read it (during the sleep: the network
      // correcting it on waking) makes the sleep look that much shorter, and a page cannot tell a
      // sleep shortened to two heartbeats (15 s at most here) from a freeze that short, which the
      // README counts. Then the sleep may count in full, as the conditions before it had it.
      vi.setSystemTime(Date.now() + step.ms)
      checkpoint(w, step.ms - w.unreadBack <= 30_000)
      // The page hears of the wake at once, as timers overdue in the sleep fire then (these fake
      // timers keep their places instead): a clock set back later does not shorten the gap.
      fire(window, w.focused ? 'focus' : 'blur')
      break
    case 'clockBack':
      // The only slack allowed. The reporters' clock goes on from its last reading (or from the
      // device's, if that is still later), so it loses up to the step back (at most a heartbeat when
      // a tracker was running), and an input before the step counts for that much longer in truth:
      // by what of that longer idleTimeoutMs is still ahead.
      w.slack += Math.max(0, Math.min(step.ms, w.input + idleMs(w) + step.ms - w.t))
      w.unreadBack += step.ms
      vi.setSystemTime(Date.now() - step.ms)
      w.offset += step.ms
      break
    case 'hidden':
      w.hidden = step.on
      setVisibility(step.on ? 'hidden' : 'visible')
      break
    case 'focused':
      w.focused = step.on
      vi.mocked(document.hasFocus).mockReturnValue(step.on)
      fire(window, step.on ? 'focus' : 'blur')
      break
    case 'scroll':
      Object.assign(s!, { ratio: step.ratio, height: step.height })
      if (s!.mounted) scrollTo(step.ratio, step.height, rootOf(step.slot)!)
      break
    case 'media':
      if (!video) break
      if (step.action === 'play' || step.action === 'pause') {
        s!.playing = step.action === 'play'
        Object.defineProperties(video, { paused: { value: !s!.playing, configurable: true }, readyState: { value: 4, configurable: true } })
        fire(video, s!.playing ? 'playing' : 'pause')
      } else {
        // The sound is turned on by a click, and off by one too.
        w.input = w.t
        input()
        s!.muted = video.muted = step.action === 'mute'
        fire(video, 'volumechange')
      }
      break
    case 'bfcache': {
      // Left for another page and back: frozen in the back/forward cache meanwhile.
      act(() => void window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true })))
      for (const slot of SLOTS) if (w.slots[slot].mounted && w.consent) Object.assign(w.slots[slot].rep, { attn0: w.slots[slot].attn, vis0: w.slots[slot].vis, needsDwell: true })
      w.hidden = true
      setVisibility('hidden')
      vi.setSystemTime(Date.now() + step.ms)
      checkpoint(w, false)
      act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })))
      w.hidden = false
      setVisibility('visible')
      break
    }
    case 'consent':
      rerendered(() => {
        w.consent = !w.consent
        if (!w.consent) for (const session of w.sessions.values()) session.consentLost ||= !session.finals
      })
      break
    case 'code':
    case 'viewer':
      for (const old of rerendered(() => {
        if (step.t === 'code') w.code = w.code === MOCK_LINKS.demo ? MOCK_LINKS.engagement : MOCK_LINKS.demo
        else w.viewerId = w.viewerId ? undefined : 'viewer-1'
        for (const slot of SLOTS) if (w.slots[slot].mounted) w.slots[slot].rep = newReporter(w.slots[slot])
      }))
        old.gone = true
      break
    case 'mount': {
      const [a, b] = rerendered(() => {
        s!.mounted = !s!.mounted
        if (s!.mounted) {
          s!.mounts++
          s!.rep = newReporter(s!)
        } else Object.assign(s!, { playing: false, muted: false })
      })
      if (!s!.mounted) (step.slot === 'a' ? a : b)!.gone = true
      break
    }
    case 'answer':
      w.answers.push(step.answer)
      break
  }
  tellNewObservers(w)
  // Lets a token that answers at once arrive, inside act.
  await advance(0)
  checkpoint(w)
  // A started tracker read the clock in these steps (an event it hears, a start or stop, a
  // heartbeat), and so goes on from there whatever was set back before.
  const read = ['input', 'read', 'hidden', 'focused', 'sleep', 'bfcache', 'consent', 'code', 'viewer', 'mount'].includes(step.t) || (step.t === 'advance' && step.ms >= 15_000)
  if (read && w.consent && SLOTS.some((slot) => w.slots[slot].mounted)) w.unreadBack = 0
  const states = SLOTS.map((slot) => rootOf(slot)?.getAttribute('data-state'))
  if (states.every((state) => state === 'active')) w.violations.push(`both trackers active after ${JSON.stringify(step)}`)
  for (const [i, slot] of SLOTS.entries()) if (states[i] === 'stopped' && w.consent) w.slots[slot].rep.stopped = true
}

const ms = (min: number, max: number) => fc.integer({ min, max })
const slot = fc.constantFrom<Slot>('a', 'b')
const answer = fc.record({
  latencyMs: fc.oneof(fc.constant(0), ms(500, 20_000)),
  result: fc.constantFrom<Answer['result']>('ok', 'ok', '429', '500', '400', 'noToken'),
  retryAfter: ms(1, 40),
  ttlMs: fc.constantFrom(8_000, 60_000),
})
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('advance' as const), ms: fc.oneof(ms(1, 2_000), ms(2_000, 70_000)) }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('read' as const), ms: ms(1_000, 20_000) }) },
  { weight: 2, arbitrary: fc.constant({ t: 'input' as const }) },
  // Longer than two heartbeats of the longest interval (15 s): a gap that counts nothing.
  fc.record({ t: fc.constant('sleep' as const), ms: ms(30_001, 600_000) }),
  fc.record({ t: fc.constant('clockBack' as const), ms: ms(1_000, 3_600_000) }),
  fc.record({ t: fc.constant('bfcache' as const), ms: fc.oneof(ms(0, 3_000), ms(3_000, 300_000)) }),
  { weight: 2, arbitrary: fc.record({ t: fc.constantFrom('hidden' as const, 'focused' as const), on: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('scroll' as const),
      slot,
      // [ratio, height]: a 100 px block at that ratio, or a tall article filling that much of a 1000 px viewport.
      view: fc.constantFrom([0, 0], [0.25, 25], [0.45, 45], [0.5, 50], [0.75, 75], [1, 100], [0.2, 600], [0.2, 400]),
    }).map(({ view: [ratio, height], ...rest }) => ({ ...rest, ratio: ratio!, height: height! })),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('media' as const), slot, action: fc.constantFrom('play' as const, 'pause' as const, 'mute' as const, 'unmute' as const) }) },
  fc.constant({ t: 'consent' as const }),
  fc.constantFrom({ t: 'code' as const }, { t: 'viewer' as const }),
  { weight: 2, arbitrary: fc.record({ t: fc.constant('mount' as const), slot }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('answer' as const), answer }) },
)
const config: fc.Arbitrary<Config> = fc.record({
  heartbeatSeconds: fc.constantFrom(undefined, 1, 2, 5),
  minDwellMs: fc.constantFrom(undefined, 0, 3_000, 8_000),
  idleTimeoutMs: fc.constantFrom(undefined, 1_000, 5_000),
  tokenHeartbeat: fc.constantFrom(undefined, 3, 10),
  ttlMs: fc.constantFrom(8_000, 60_000),
  issuedAt: fc.boolean(),
  consent: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
  inView: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
})

test('the reports never credit more attention than the README counts, each session ends once, and nothing goes without consent or after the end', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    await fc.assert(
      fc.asyncProperty(config, fc.array(step, { minLength: 5, maxLength: 25, size: 'max' }), async (cfg, steps) => {
        const errors = vi.spyOn(console, 'error')
        vi.spyOn(document, 'hasFocus').mockReturnValue(true)
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
        Object.defineProperty(document, 'hidden', { value: false, configurable: true })
        // Each run is a new page: no input of the one before.
        lastInput.current = -Infinity
        unhandled.length = 0
        const zero = { attn: 0, vis: 0 }
        const slotState = (slot: Slot, mounted: boolean): SlotState => {
          function Child() {
            w.slots[slot].renders++
            return <p>Article</p>
          }
          const children = (
            <>
              <Child />
              <video />
            </>
          )
          return { mounted, mounts: +mounted, renders: 0, ratio: +cfg.inView, height: 100 * +cfg.inView, playing: false, muted: false, rep: newReporter(zero), ...zero, children }
        }
        const w: World = {
          cfg,
          t: 0,
          offset: -Date.now(),
          consent: cfg.consent,
          hidden: false,
          focused: true,
          input: -Infinity,
          code: MOCK_LINKS.demo,
          viewerId: undefined,
          slots: { a: slotState('a', true), b: slotState('b', false) },
          union: 0,
          slack: 0,
          unreadBack: 0,
          answers: [],
          requests: 0,
          tokens: new Map(),
          sessions: new Map(),
          violations: [],
        }
        const Page = pageFor(w)
        try {
          w.view = Object.assign(render(<Page />), { Page })
          tellNewObservers(w)
          for (const s of steps) {
            await run(w, s)
            expect(w.violations).toEqual([])
          }
          checkpoint(w)
          act(() => w.view!.unmount())
          for (const slot of SLOTS) w.slots[slot].rep.gone = true
          await advance(120_000)
          expect(w.violations).toEqual([])
          // Every session that reported ends with one final report, unless consent was withdrawn meanwhile.
          for (const [id, session] of w.sessions) expect([id, session.finals || (session.consentLost ? 'consent withdrawn' : 0)]).not.toEqual([id, 0])
          for (const slot of SLOTS) expect([slot, w.slots[slot].renders]).toEqual([slot, w.slots[slot].mounts])
          expect(errors).not.toHaveBeenCalled()
          expect(unhandled).toEqual([])
        } finally {
          cleanup()
          FakeIntersectionObserver.live.clear()
          errors.mockRestore()
        }
      }),
      { numRuns: 200 },
    )
  } finally {
    process.off('unhandledRejection', onUnhandled)
    vi.useRealTimers()
  }
}, 60_000)
