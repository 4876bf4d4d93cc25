import { timerDelay } from '../client/timerDelay.js'
import type { PayLinkErrorType } from '../client/errors.js'
import type { AttentionSession } from '../schemas/attention.js'
import type { AttentionTrackerProps } from './AttentionTracker.js'
import { parseTimestamp } from '../schemas/parseTimestamp.js'

/** One engagement report: the session it belongs to and the totals so far, in ms. */
export interface AttentionReport {
  /** The attention token the report goes with. */
  token: string
  /** The attention session id. */
  sessionId: string
  /** Attention counted so far in this session (cumulative within it; a new session starts at 0). */
  activeMs: number
  /** Time at least half visible in a visible document so far in this session (cumulative within it). */
  visibleMs: number
  /**
   * True for the last report of the session, sent on `pagehide`, when the tracker goes away (or
   * the link or viewer changes) and when the token is renewed, lapses or expires, if a report went
   * since the last final one or attention is owed: nothing more comes with this token, and later
   * attention gets a new token, whose totals start at 0. False for a heartbeat and for the report
   * sent when the document turns hidden (the last event a mobile browser reliably delivers), after
   * which the session goes on if the page is shown again. Totals are cumulative within a session,
   * so a final report may repeat the previous one's.
   */
  final: boolean
}

/**
 * Where tracking stands once it has consent: no attention yet, attention counted now, attention
 * paused, or tracking ended for good (`stopped`: a token request refused, as with a 401, or
 * answered with something that is no token; nothing is counted or sent until the tracker is
 * given another `code`, `viewerId` or client, or mounted anew). A tracker whose link and viewer
 * another tracker on the page is counting reads `waiting` or `paused` until that one stops.
 */
export type AttentionPhase = 'waiting' | 'active' | 'paused' | 'stopped'

/**
 * What `createAttentionReporter` returns: `start` observes an element and starts the timers
 * (heartbeat, renewal, idle) and announces the phase, returning the function that stops them all
 * (the token and the totals are kept); `finish` sends the final report with consent if a report
 * went since the last final one or attention is owed (pagehide, unmount), which ends the session
 * and the visit: later attention gets a new token, counts from 0 and needs `minDwellMs` again.
 */
export type AttentionReporter = [start: (element: HTMLElement) => () => void, finish: () => void]

/**
 * When the page's last input was, in ms on `now`'s clock, shared by every reporter: a tracker given
 * a new `code`, or mounted anew for the next article (a `key`, a router that remounts the page),
 * counts the click that brought the reader. Not exported by the package.
 */
export const lastInput = { current: -Infinity }

// The started reporters of the page. Of those whose attention is for one link and viewer (the same
// token request to the same API: a tracker in the layout and one in the article, each maybe in a
// React root of its own, or one rendered twice by mistake), one counts at a time, or the creator
// would be credited twice for one reader; another counts from when it stops, so that no attention
// is lost where its content is the one read.
const peers = new Set<{ key: unknown[]; counting: boolean; update: () => void }>()

// The clock every reporter counts on, lastInput included: the device's, except that one set back (by
// the network, or by hand after a time-zone mistake) does not take it back: it goes on from where it
// was. Held back till the device's caught up, nothing would count meanwhile, and every token issued
// would expire before it (one token request per input). Set forward, it is a gap (see sync).
let skew = 0
let last = -Infinity
const now = () => {
  const at = Date.now()
  skew = Math.max(skew, last - at)
  return (last = at + skew)
}

/**
 * Whether an intersection counts as in view: at least half of the content visible, or the content
 * filling at least half of the viewport's height (a long article can never be half visible), or of
 * the scroll pane's that clips it, when that is smaller (a feed in a sidebar pane).
 */
export function isHalfInView(entry: IntersectionObserverEntry, viewportHeight: number, paneHeight = Infinity): boolean {
  const rootHeight = Math.min(entry.rootBounds?.height ?? viewportHeight, paneHeight)
  // Content out of view has a ratio of 0 and an empty intersection. Chromium reports an exact half
  // as 0.4999…
  return entry.intersectionRatio >= 0.499 || (rootHeight > 0 && entry.intersectionRect.height >= rootHeight / 2)
}

/**
 * Counts attention while started — content half in view (IntersectionObserver), document visible,
 * window focused, and input within `idleTimeoutMs` or media playing inside with its sound on — and visible time, but
 * neither over a gap of more than two heartbeats with no heartbeat nor event (a laptop asleep, a frozen page).
 * Keeps the attention token (asked for on the first attention, renewed 30 s before it expires or
 * halfway through a shorter life) and sends heartbeats of new attention every `heartbeatSeconds`
 * once `minDwellMs` is reached and when the document turns hidden, and the final report on `pagehide`.
 */
export function createAttentionReporter(
  requestToken: () => Promise<AttentionSession>,
  // The props of the latest render in which this is the tracker's reporter, read when needed: the
  // final report of a link given up goes through that link's callbacks, not the next one's. The
  // tracker restarts the reporter when a setting changes, so that a new heartbeat interval or idle
  // timeout applies from the change on.
  props: { readonly current: AttentionTrackerProps },
  // The tracker's latest props, for consent: withdrawn in the render that gives this reporter up, it
  // still stops the final report.
  latest = props,
  // What the attention is for (the tracker's API, code and viewer): by default its own alone.
  key: unknown[] = [{}],
): AttentionReporter {
  // The element while started, else undefined.
  let root: HTMLElement | undefined
  // The signals; start() sets inView and playing before anything reads them, and the document's
  // visibility and focus are read when needed.
  let inView: boolean
  let playing: Set<EventTarget>
  // What the signals meant at the last update: visible time counts, and attention counts until
  // activeUntil (Infinity while media plays, 0 when not at all). Unset before the first update:
  // sync counts nothing while there is no heartbeat, as before start().
  let visible: boolean
  let activeUntil: number
  // The totals, up to syncedAt.
  let syncedAt = now()
  let activeMs = 0
  let visibleMs = 0
  let session: AttentionSession | undefined
  // When the session's token expires on this device's clock (see fetchToken).
  let expiry = 0
  let activeAtIssue = 0
  let requesting = false
  // Infinity once a request failed for good.
  let retryAt = -Infinity
  // Failed requests in a row, each of which doubles the wait before the next.
  let failures = 0
  // The failure onError has not heard of: one that came while stopped (consent withdrawn, an
  // <Activity> hidden) is told once started again, as data-state then reads what it caused.
  let unheard: [error: PayLinkErrorType] | undefined
  // The attention the last report carried; 0 until a report goes, and again after a final one.
  let reportedMs = 0
  // Whether a report went since the tracker started or the page was left: `minDwellMs` holds until
  // then only, so that a session begun by a renewed token mid-reading has its first seconds reported.
  let dwelt = false
  let phase: AttentionPhase = 'waiting'
  // The heartbeat's interval, NaN while there is none.
  let heartbeatMs = NaN
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let renewal: ReturnType<typeof setTimeout> | undefined
  let idle: ReturnType<typeof setTimeout> | undefined
  const others = () => [...peers].filter((peer) => peer !== self && key.every((part, i) => part === peer.key[i]))
  // Stopped counting: another for the same link may count from now on.
  // The others are told a microtask later: trackers leaving in one commit (a route change) are all
  // gone by then, and none asks for a token on its way out that no report would ever use.
  const release = () => {
    if (self.counting) {
      self.counting = false
      queueMicrotask(() => others().map((peer) => peer.update()))
    }
  }

  // Brings the totals up to now, and tells whether attention counts now. A gap of more than two
  // heartbeats adds nothing: the heartbeat syncs at every interval while started, so such a gap is a
  // page or a machine frozen (a laptop asleep fires no visibilitychange), not a reader (the whole
  // gap: when the freeze began is not known). Stopped, with no heartbeat (NaN), it adds nothing.
  const sync = () => {
    const at = now()
    if (visible && at - syncedAt <= 2 * heartbeatMs) {
      visibleMs += at - syncedAt
      activeMs += Math.max(0, Math.min(at, activeUntil) - syncedAt)
    }
    syncedAt = at
    return at < activeUntil
  }
  // A setting that is not a finite number (NaN from a parseInt of a missing value) counts as not
  // given: NaN would run the heartbeat as fast as timers allow, and turn counting or reporting off.
  const given = (value: number | undefined) => (isFinite(value!) ? value : undefined)
  // At least a second: a tiny heartbeat (the API's or a prop's) would flood onHeartbeat and the beacon.
  const intervalMs = () => timerDelay(Math.max(1_000, (given(props.current.heartbeatSeconds) ?? session?.heartbeatSeconds ?? 15) * 1000))
  const schedule = () => {
    // Up to now under the interval that ran: a shorter one from a token just come would make that time a gap.
    sync()
    if (heartbeatMs !== (heartbeatMs = intervalMs())) {
      clearInterval(heartbeat)
      heartbeat = setInterval(tick, heartbeatMs)
    }
    if (session) {
      clearTimeout(renewal)
      const msLeft = expiry - now()
      // Never sooner than 5 s after issue: a skewed clock must not turn renewal into a loop.
      renewal = setTimeout(renew, timerDelay(Math.max(msLeft / 2, msLeft - 30_000, 5_000)))
    }
  }
  // Renewal is lazy too: a tracker nobody looked at since the last token lets it lapse and asks
  // again at the next attention. What is due goes first, or the next heartbeat would ask for a token
  // only to carry it, and let that one lapse in turn, endlessly. A session already ended (expired
  // while the device slept, its timers late) has nothing to renew: a token is then asked for at
  // attention alone, as a refusal or a Retry-After allows. (A heartbeat due first ends it, at its
  // update; a renewal due first must not ask for a token on waking, nobody there.)
  const renew = () => {
    if (session && !requesting) (sync() || activeMs > activeAtIssue) && syncedAt < expiry ? fetchToken() : end()
  }
  // A session that reported ends with its final report before another token takes over (renewed,
  // lapsed or expired), and the next one counts from 0: a backend keyed on sessionId would count
  // the totals twice if the next session carried them on. Those of a session that never reported
  // (nobody heard of it) carry on.
  const end = (next?: AttentionSession) => {
    finish()
    session = next
  }
  const fetchToken = async () => {
    requesting = true
    // Every caller has just synced the totals.
    const activeAtRequest = activeMs
    let next: AttentionSession
    try {
      next = await requestToken()
    } catch (error) {
      const { name, status, retryAfterSeconds } = Object(error) as { name?: unknown; status?: number; retryAfterSeconds?: number }
      // Only a failure that may pass (network, 408 timeout, 425 too early, 429, 5xx) is retried, not
      // before the next heartbeat, nor before the server's Retry-After, and at half the pace after
      // each failure in a row, down to one in 10 minutes (or a heartbeat, if longer): one that never
      // passes (an opaque-origin sandboxed frame, which no proxy serves) would otherwise ask at every
      // heartbeat for as long as the page stays open, attention owed or not.
      retryAt =
        name === 'PayLinkNetworkError' || [408, 425, 429].includes(status!) || status! >= 500
          ? now() + Math.max(intervalMs(), Math.min(intervalMs() * 2 ** failures++, 600_000), (given(retryAfterSeconds) ?? 0) * 1_000)
          : Infinity
      // In a task of its own, after the state above is settled: an onError that throws is the app's
      // own uncaught error, not a rejection of this request that nobody handles.
      // The client rejects with its own errors only (a fetch of its own that threw is a network error).
      unheard = [error as PayLinkErrorType]
      setTimeout(tell)
      // A refusal ends tracking: said now, not at the next signal.
      update()
      return
    } finally {
      requesting = false
    }
    activeAtIssue = activeAtRequest
    failures = 0
    // With `issuedAt`, the token's life is read on the server's clock alone and counted from its
    // arrival on this device's (issued for this request, it is no older than the answer): a device
    // clock hours fast would find every token expired on arrival (no report, a token request every
    // few seconds), one hours slow would use it long after it expired. A life that is not positive
    // (`issuedAt` after `expiresAt`) says nothing: then `expiresAt` counts, as without `issuedAt`,
    // but for 5 s at least, as renewal does: a token just issued has not expired, and one found so
    // (a device clock ahead, no `issuedAt`) would end at the next input, and ask again, at every input.
    const expiresAt = parseTimestamp(next.expiresAt)
    const life = expiresAt - parseTimestamp(next.issuedAt!)
    expiry = life > 0 ? now() + life : Math.max(now() + 5_000, expiresAt + skew)
    end(next)
    if (root) {
      schedule()
      // Turned hidden while the first token was on its way: what that turn owed goes now, not at a
      // heartbeat that a tab killed in the background never runs.
      if (root.ownerDocument.hidden) report(false)
    }
  }
  const tell = () => {
    if (root && unheard) {
      const [error] = unheard
      unheard = undefined
      props.current.onError?.(error)
    }
  }
  // Called right after a sync.
  const ensureToken = () => {
    if (!session && !requesting && syncedAt >= retryAt) void fetchToken()
  }
  const isReportDue = () => {
    sync()
    return (dwelt || activeMs >= (given(props.current.minDwellMs) ?? 3_000)) && activeMs > reportedMs
  }
  // A final report goes even with nothing new once a report went: the server learns that the
  // session ended, and the totals are cumulative, so a repeat counts nothing twice.
  // Nothing without consent: the tracker's render withdraws it (latest) a moment before its effect
  // stops this reporter, and a heartbeat or the page turning hidden may come in between.
  const report = (final: boolean) => {
    if (!latest.current.consent || !session || !(isReportDue() || (final && reportedMs))) return
    reportedMs = activeMs
    dwelt = true
    const sent = { token: session.token, sessionId: session.sessionId, activeMs: Math.round(activeMs), visibleMs: Math.round(visibleMs), final }
    const { onHeartbeat, beaconUrl } = props.current
    // The beacon first, and each on its own: a throw in the app's callback must not lose the report
    // on its way out, nor a beaconUrl sendBeacon refuses (not http) the callback's.
    for (const send of [() => beaconUrl && navigator.sendBeacon?.(beaconUrl, JSON.stringify(sent)), () => onHeartbeat?.(sent)]) {
      try {
        send()
      } catch (error) {
        // The app's own uncaught error, in a task of its own: thrown here, it would stop a renewal or
        // a pagehide halfway, the old session going on with its token expired.
        setTimeout(() => {
          throw error
        })
      }
    }
    return 1
  }
  const tick = () => {
    // A player removed while playing may never say it stopped (youtube-video, whose media is an
    // iframe; a removed <video> is paused by the browser). When it left is not known, so the time
    // since the last change does not count as attention: an over-count would be paid for.
    for (const media of playing) {
      if (!root!.contains(media as Node)) {
        playing.delete(media)
        activeUntil = syncedAt
      }
    }
    // Counts nothing since the last change for a player gone (above), and ends the session of an
    // expired token, if no signal did.
    update()
    if (isReportDue()) session ? report(false) : ensureToken()
  }
  // After a signal changed: the totals up to now under the old signals, then what counts from now
  // on, the phase (announced anyway by start()), the lazy token request and the idle timer.
  const update = (announce?: boolean) => {
    if (!root) return
    sync()
    // A session ends at the first signal past its token's expiry (turning hidden, consent given
    // again), before anything said or counted after it goes under that token as if it lived on.
    if (session && expiry <= syncedAt) end()
    const doc = root.ownerDocument
    // Fullscreen, the fullscreen element alone shows, whatever the observer says: content it covers
    // (another creator's video) is not seen, and content holding it (a video of this content, its
    // own box collapsed, maybe out of view) fills the screen. One holding the content is a viewport.
    const full = doc.fullscreenElement
    visible = !doc.hidden && (full && !full.contains(root) ? root.contains(full) : inView)
    // The focus is asked, not taken from focus/blur: clicking into an iframe inside the content
    // blurs the window, yet the document keeps the focus; and another app then taking it from that
    // iframe blurs the iframe's window alone, which the heartbeat's update finds.
    // Media counts with its sound on: a muted loop (a GIF as a video; muted, browsers always let it
    // autoplay) plays on with nobody there. It is watched all the same: the sound turned on makes it
    // count, and off stops it, from that volumechange on. Volume 0 is sound off too: Chromium's
    // slider dragged to the left leaves the media unmuted.
    // Stopped once no token can come: refused, and the last one's session over. Then it counts
    // nothing: it would hold the count from a tracker for the same link whose token may yet come.
    const stopped = !session && retryAt == Infinity
    activeUntil = visible && !stopped && doc.hasFocus() && !others().some((peer) => peer.counting) ? ([...playing].some((media) => !((media as HTMLMediaElement).muted || (media as HTMLMediaElement).volume === 0)) ? Infinity : lastInput.current + (given(props.current.idleTimeoutMs) ?? 30_000)) : 0
    const attending = syncedAt < activeUntil
    const next = stopped ? 'stopped' : attending ? 'active' : phase === 'waiting' ? phase : 'paused'
    // data-state is written on the node, not through React state, so that tracking re-renders nothing.
    if (announce || next !== phase) root.setAttribute('data-state', (phase = next))
    clearTimeout(idle)
    if (!attending) return release()
    self.counting = true
    ensureToken()
    // Wakes up when input stops counting, unless something changes before (and re-arms it).
    if (activeUntil < Infinity) idle = setTimeout(update, timerDelay(activeUntil - syncedAt))
  }
  // This reporter among the page's peers; declared after `update`, which it holds (the closures above
  // read it only once started).
  const self = { key, counting: false, update }
  // A withdrawn consent sends nothing more. The final report ends the session: attention after it
  // (a page restored from the back/forward cache, an <Activity> shown again) starts a new one. A
  // session that reported ends even when its final report cannot go (consent withdrawn while a
  // renewal was on its way): the next token's session must not carry its totals, counted twice.
  const finish = () => {
    if (report(true) || reportedMs) {
      session = undefined
      activeMs = visibleMs = reportedMs = activeAtIssue = 0
    }
  }
  // The page left, or the tracker gone: attention after it (a page restored from the
  // back/forward cache) dwells again before it is reported, from 0: two short visits are not one
  // long enough. Brought up to now first, so that nothing before counts after.
  const leave = () => {
    finish()
    sync()
    activeMs = visibleMs = activeAtIssue = 0
    dwelt = false
  }

  return [
    (element) => {
      root = element
      schedule()
      const doc = element.ownerDocument
      const win = doc.defaultView ?? window
      // One signal detaches every listener, those on media elements included.
      const listeners = new AbortController()
      const listen = (target: EventTarget, types: string[], handler: (event: Event) => void, capture?: boolean) => {
        for (const type of types) target.addEventListener(type, handler, { capture, passive: true, signal: listeners.signal })
      }
      // Stop events are heard on the media element itself: one removed from the content while playing
      // is paused by the browser after it has left, where a listener on the wrapper would miss it.
      // Adding the same listener twice is a no-op, so a media element played again is not heard twice.
      const onMediaStop = (event: Event) => {
        playing.delete(event.currentTarget!)
        update()
      }
      // `waiting`: a stalled source fires it and never `pause`; `playing` follows once it plays again.
      const watch = (media: HTMLMediaElement) => {
        playing.add(media)
        listen(media, ['pause', 'ended', 'emptied', 'waiting'], onMediaStop)
      }
      // Not player elements, unless heard playing before a restart (a new setting, consent given
      // again), which no query finds: finding them means reading every element's `paused`, a long
      // task on a big article that runs third-party getters. One already playing counts from its
      // next `playing`.
      const heard = playing || []
      playing = new Set()
      for (const media of [...heard, ...element.querySelectorAll<HTMLMediaElement>('video,audio')] as HTMLMediaElement[]) {
        // HAVE_FUTURE_DATA: not paused is not playing, while the first frames still load (a stop
        // unheard while stopped, `waiting` included; a player without `readyState` is taken as
        // playing). Not `ended`: media that ends is paused, with a pause event (heard once watched)
        // if it was not. Another root (`as`) holds none of the old one's.
        if (!media.paused && !(media.readyState < 3) && element.contains(media)) watch(media)
      }
      const Observer = win.IntersectionObserver
      let observer: IntersectionObserver | undefined
      // Thresholds about a twentieth of a viewport's height of content apart (every 5% of content up
      // to a viewport tall), so that the observer reports content filling half the viewport however
      // tall: steps of 5% of an article 25 screens tall cross none between a sliver and a full
      // viewport. Made again when the content's size changes (an image loaded, more text). `| 0`
      // turns the Infinity or NaN of an empty viewport into 0, and so 20 steps.
      // The shortest scroll pane around the content (an ancestor that clips it and scrolls, or would:
      // overflow not visible, and content taller than it), whose half it may fill instead: the
      // observer's intersection is clipped by the pane, which a feed under half the viewport tall
      // fills without ever filling half the viewport. Not a horizontal carousel: nothing overflows
      // its height. Read at each crossing: a wrapper that opens (a collapsible from height 0, a "Read
      // more" lifting its max-height) changes it with no change to the content's size. One of no
      // height is closed, no pane: the content shows nothing there anyway.
      const pane = () => {
        let least = Infinity
        for (let node: HTMLElement | null = element; (node = node.parentElement); ) {
          if (node.clientHeight && node.scrollHeight > node.clientHeight && win.getComputedStyle(node).overflowY != 'visible') least = Math.min(least, node.clientHeight)
        }
        return least
      }
      const observe = () => {
        // The viewport's height. In a cross-origin iframe (an embed) innerHeight is the frame's, taller
        // than the screen where the host sizes the frame to its article, and the observer gives no
        // rootBounds: the browser window's outerHeight (its viewport and toolbars) bounds it there; 0
        // where unknown. Read again with the thresholds, when the content's size changes.
        const h = Math.min(win.innerHeight, win.outerHeight || Infinity)
        const n = 20 * ((element.offsetHeight / Math.min(h, pane())) | 0) + 20
        if (Observer) {
          observer?.disconnect()
          observer = new Observer(
            (entries) => {
              inView = isHalfInView(entries[entries.length - 1]!, h, pane())
              update()
            },
            { threshold: Array.from({ length: n + 1 }, (_, i) => i / n) },
          )
          observer.observe(element)
        }
      }
      const resizes = win.ResizeObserver && new win.ResizeObserver(observe)
      // Without IntersectionObserver (very old browsers) the content is taken as in view.
      inView = !Observer
      observe()
      resizes?.observe(element)
      // Not `update` itself, which would take the event for `announce`. Turning hidden is the last
      // event a mobile browser reliably delivers (it may kill the tab later without a pagehide), so
      // what is owed goes then. Turning visible owes nothing new (nothing counts while hidden), so
      // the report needs no test of which way the document turned.
      listen(doc, ['visibilitychange'], () => {
        update()
        report(false)
      })
      // Caught on the way down (media events do not bubble), as `playing` is: the sound turned on or
      // off changes what counts at once. On the window, with the focus, the content's media is heard too.
      // Firefox blurs the window for a click into an iframe of the page before that iframe has the
      // focus: hasFocus() is false in the blur, true from the next task on, and no event says so. A
      // document left without the focus is asked again then, not at the next heartbeat.
      listen(win, ['focus', 'blur', 'fullscreenchange', 'volumechange'], () => (update(), doc.hasFocus() || setTimeout(update)), true)
      listen(win, ['pagehide'], leave)
      // Input anywhere in the page counts: a reader scrolling past or moving the pointer is present.
      // Not `scroll`, which a script scrolling (a carousel, a chat) fires with nobody there; wheel,
      // touch, keys and the pointer cover a person scrolling.
      listen(
        win,
        ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'],
        () => {
          sync()
          lastInput.current = syncedAt
          update()
        },
        true,
      )
      // Media events do not bubble, so they are caught on the way down. `playing`, not `play`: the
      // media plays only once it has data. Those of a <video> in a shadow root stay in it (they are
      // not composed): a player element that is not one (mux-video, youtube-video) sends them again
      // from itself, and counts as media by having `paused` (it is no HTMLMediaElement).
      listen(
        element,
        ['playing'],
        ({ target }) => {
          if ('paused' in target!) {
            watch(target as HTMLMediaElement)
            update()
          }
        },
        true,
      )
      peers.add(self)
      // React rendered `waiting` on a new node, or on consent given again: the phase is announced anyway.
      update(true)
      if (unheard) setTimeout(tell)

      return () => {
        sync()
        root = undefined
        peers.delete(self)
        release()
        observer?.disconnect()
        resizes?.disconnect()
        listeners.abort()
        clearInterval(heartbeat)
        clearTimeout(renewal)
        clearTimeout(idle)
        // Nothing counts until started again (see sync), whatever the signals last meant.
        heartbeatMs = NaN
      }
    },
    leave,
  ]
}
