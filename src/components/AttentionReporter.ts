import { PayLinkHttpError, PayLinkNetworkError } from '../client/errors.js'
import type { AttentionSession } from '../schemas/attention.js'
import { createAttentionMeter } from './AttentionMeter.js'
import { observeAttention } from './observeAttention.js'

/** One engagement report: the session it belongs to and the totals so far, in ms. */
export interface AttentionReport {
  /** The attention token the report goes with. */
  token: string
  /** The attention session id. */
  sessionId: string
  /** Attention counted so far (cumulative for the mounted tracker). */
  activeMs: number
  /** Time at least half visible in a visible document so far (cumulative). */
  visibleMs: number
  /** True for the last report, sent on `pagehide` or when the tracker goes away. */
  final: boolean
}

/** Where tracking stands once it has consent: no attention yet, attention counted now, or attention stopped. */
export type AttentionPhase = 'waiting' | 'active' | 'paused'

/** What `createAttentionReporter` needs. */
export interface AttentionReporterOptions {
  /** Asks the API for an attention session token. */
  requestToken: () => Promise<AttentionSession>
  /** Receives every report (heartbeats and the final one). */
  onReport: (report: AttentionReport) => void
  /** Receives a failed token request, while running. */
  onError: (error: unknown) => void
  /** Receives the phase whenever it changes, and on every `start()`. */
  onPhaseChange: (phase: AttentionPhase) => void
}

/** The settings a tracker may change while mounted; they take effect at the next `start()`. */
export interface AttentionReporterSettings {
  /** Seconds between heartbeats. Defaults to the token's `heartbeatSeconds`, else `15`. */
  heartbeatSeconds?: number | undefined
  /** Attention needed before the first report, in ms. */
  minDwellMs: number
  /** How long an input keeps counting as attention, in ms. */
  idleTimeoutMs: number
}

/** Counts the attention of one tracker, keeps its token and sends its heartbeats; see `createAttentionReporter`. */
export interface AttentionReporter {
  /** Starts observing `element` and the timers (heartbeat, renewal, idle) with these settings, and announces the phase. */
  start(element: HTMLElement, settings: AttentionReporterSettings): void
  /** Stops observing and every timer; the token and the totals are kept for a later `start()`. */
  stop(): void
  /** Sends the final report if there is new attention to report (pagehide, unmount). */
  finish(): void
}

/**
 * Counts attention while started (an attention meter fed by `observeAttention`), keeps the
 * attention token (asked for on the first attention, renewed 30 s before it expires or halfway
 * through a shorter life) and sends heartbeats of new attention every `heartbeatSeconds` once
 * `minDwellMs` is reached, and the final report on `pagehide`.
 */
export function createAttentionReporter({ requestToken, onReport, onError, onPhaseChange }: AttentionReporterOptions): AttentionReporter {
  // The idle timeout is set by every start(); nothing is counted before the first.
  const meter = createAttentionMeter({ idleTimeoutMs: 0 })
  let settings: AttentionReporterSettings = { minDwellMs: 0, idleTimeoutMs: 0 }
  let session: AttentionSession | undefined
  let activeAtIssue = 0
  let requesting = false
  // Infinity once a request failed for good.
  let retryAt = -Infinity
  let reportedMs = 0
  let phase: AttentionPhase = 'waiting'
  let running = false
  let heartbeatMs = 0
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let renewal: ReturnType<typeof setTimeout> | undefined
  let idle: ReturnType<typeof setTimeout> | undefined
  let stopObserving = () => {}

  const intervalMs = () => (settings.heartbeatSeconds ?? session?.heartbeatSeconds ?? 15) * 1000
  const scheduleHeartbeat = () => {
    const ms = intervalMs()
    if (heartbeat !== undefined && ms === heartbeatMs) return
    clearInterval(heartbeat)
    heartbeatMs = ms
    heartbeat = setInterval(tick, ms)
  }
  const scheduleRenewal = ({ expiresAt }: AttentionSession) => {
    clearTimeout(renewal)
    const msLeft = Date.parse(expiresAt) - Date.now()
    // Never sooner than 5 s after issue: a skewed clock must not turn renewal into a loop.
    renewal = setTimeout(renew, Math.max(msLeft - Math.min(30_000, msLeft / 2), 5_000))
  }
  // Renewal is lazy too: a tracker nobody looked at since the last token lets it lapse and asks
  // again at the next attention.
  const renew = () => {
    if (requesting) return
    if (meter.isAttending() || meter.totals().activeMs > activeAtIssue) void fetchToken()
    else session = undefined
  }
  const fetchToken = async () => {
    requesting = true
    const activeAtRequest = meter.totals().activeMs
    try {
      session = await requestToken()
      activeAtIssue = activeAtRequest
      if (running) {
        scheduleRenewal(session)
        scheduleHeartbeat()
      }
    } catch (error) {
      // Only a failure that may pass is retried, and not before the next heartbeat.
      retryAt = isTransient(error) ? Date.now() + intervalMs() : Infinity
      if (running) onError(error)
    } finally {
      requesting = false
    }
  }
  const ensureToken = () => {
    if (!session && !requesting && Date.now() >= retryAt) void fetchToken()
  }
  const isReportDue = () => {
    const { activeMs } = meter.totals()
    return activeMs >= settings.minDwellMs && activeMs > reportedMs
  }
  const report = (final: boolean) => {
    if (!session || !isReportDue()) return
    const { activeMs, visibleMs } = meter.totals()
    reportedMs = activeMs
    onReport({ token: session.token, sessionId: session.sessionId, activeMs: Math.round(activeMs), visibleMs: Math.round(visibleMs), final })
  }
  const tick = () => {
    if (session && Date.parse(session.expiresAt) <= Date.now()) session = undefined
    if (!isReportDue()) return
    if (session) report(false)
    else ensureToken()
  }

  // Re-reads the meter after a signal or input changed: phase, lazy token request, idle timer.
  const update = () => {
    if (!running) return
    const attending = meter.isAttending()
    const next = attending ? 'active' : phase === 'waiting' ? phase : 'paused'
    if (next !== phase) {
      phase = next
      onPhaseChange(phase)
    }
    if (attending) ensureToken()
    const endsAt = meter.attentionEndsAt()
    // One pending timer is enough: input only moves the end later, so an early wake-up reschedules.
    if (endsAt !== undefined && idle === undefined) {
      idle = setTimeout(() => {
        idle = undefined
        update()
      }, endsAt - Date.now())
    }
  }
  const finish = () => report(true)

  return {
    start(element, next) {
      settings = next
      running = true
      meter.setIdleTimeout(next.idleTimeoutMs)
      scheduleHeartbeat()
      if (session) scheduleRenewal(session)
      update()
      onPhaseChange(phase)
      stopObserving = observeAttention(element, meter, update, finish)
    },
    stop() {
      stopObserving()
      running = false
      clearInterval(heartbeat)
      clearTimeout(renewal)
      clearTimeout(idle)
      heartbeat = idle = undefined
    },
    finish,
  }
}

function isTransient(error: unknown): boolean {
  return error instanceof PayLinkNetworkError || (error instanceof PayLinkHttpError && (error.status === 429 || error.status >= 500))
}
