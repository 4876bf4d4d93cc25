import { PayLinkHttpError, PayLinkNetworkError } from '../client/errors.js'
import type { AttentionSession } from '../schemas/attention.js'
import type { AttentionMeter } from './AttentionMeter.js'

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

/** What an `AttentionReporter` needs. */
export interface AttentionReporterOptions {
  /** The meter counting attention. */
  meter: AttentionMeter
  /** Asks the API for an attention session token. */
  requestToken: () => Promise<AttentionSession>
  /** Receives every report (heartbeats and the final one). */
  onReport: (report: AttentionReport) => void
  /** Receives a failed token request, while running. */
  onError: (error: unknown) => void
  /** Receives the phase whenever it changes, and on every `start()`. */
  onPhaseChange: (phase: AttentionPhase) => void
  /** The meter's clock, in ms. Defaults to `Date.now`. */
  now?: () => number
}

/** The settings a tracker may change while mounted. */
export interface AttentionReporterSettings {
  /** Seconds between heartbeats. Defaults to the token's `heartbeatSeconds`, else `15`. */
  heartbeatSeconds?: number | undefined
  /** Attention needed before the first report, in ms. */
  minDwellMs: number
}

const DEFAULT_HEARTBEAT_SECONDS = 15
/** A token is renewed this long before it expires (or halfway through a shorter life). */
const RENEW_AHEAD_MS = 30_000
/** Never renew sooner than this after issue: a skewed clock must not turn renewal into a loop. */
const MIN_RENEW_DELAY_MS = 5_000

/**
 * Keeps the attention token (asked for on the first attention, renewed before it expires) and
 * sends heartbeats of new attention every `heartbeatSeconds` once `minDwellMs` is reached.
 */
export class AttentionReporter {
  private readonly options: AttentionReporterOptions
  private readonly now: () => number
  private settings: AttentionReporterSettings = { minDwellMs: 0 }
  private session: AttentionSession | undefined
  private activeAtIssue = 0
  private requesting = false
  private gaveUp = false
  private retryAt = Number.NEGATIVE_INFINITY
  private reportedActiveMs = 0
  private phase: AttentionPhase = 'waiting'
  private running = false
  private heartbeatMs = 0
  private heartbeat: ReturnType<typeof setInterval> | undefined
  private renewal: ReturnType<typeof setTimeout> | undefined
  private idle: ReturnType<typeof setTimeout> | undefined

  constructor(options: AttentionReporterOptions) {
    this.options = options
    this.now = options.now ?? Date.now
  }

  /** Replaces the settings; a running heartbeat picks up a new interval at once. */
  configure(settings: AttentionReporterSettings): void {
    this.settings = settings
    if (this.running) this.scheduleHeartbeat()
  }

  /** Starts the timers (heartbeat, renewal, idle) and announces the phase. */
  start(): void {
    this.running = true
    this.scheduleHeartbeat()
    if (this.session) this.scheduleRenewal(this.session)
    this.update()
    this.options.onPhaseChange(this.phase)
  }

  /** Stops every timer; the token and the totals are kept for a later `start()`. */
  stop(): void {
    this.running = false
    clearInterval(this.heartbeat)
    clearTimeout(this.renewal)
    clearTimeout(this.idle)
    this.heartbeat = this.renewal = this.idle = undefined
  }

  /** Re-reads the meter after a signal or input changed: phase, lazy token request, idle timer. */
  update(): void {
    if (!this.running) return
    const { meter } = this.options
    const attending = meter.isAttending()
    const phase = attending ? 'active' : this.phase === 'waiting' ? 'waiting' : 'paused'
    if (phase !== this.phase) {
      this.phase = phase
      this.options.onPhaseChange(phase)
    }
    if (attending) this.ensureToken()
    const endsAt = meter.attentionEndsAt()
    // One pending timer is enough: input only moves the end later, so an early wake-up reschedules.
    if (endsAt !== undefined && this.idle === undefined) {
      this.idle = setTimeout(() => {
        this.idle = undefined
        this.update()
      }, endsAt - this.now())
    }
  }

  /** Sends the final report if there is new attention to report (pagehide, unmount). */
  finish(): void {
    this.report(true)
  }

  private tick(): void {
    if (this.session && Date.parse(this.session.expiresAt) <= this.now()) this.session = undefined
    if (!this.isReportDue()) return
    if (this.session) this.report(false)
    else this.ensureToken()
  }

  private isReportDue(): boolean {
    const { activeMs } = this.options.meter.totals()
    return activeMs >= this.settings.minDwellMs && activeMs > this.reportedActiveMs
  }

  private report(final: boolean): void {
    if (!this.session || !this.isReportDue()) return
    const { activeMs, visibleMs } = this.options.meter.totals()
    this.reportedActiveMs = activeMs
    const { token, sessionId } = this.session
    this.options.onReport({ token, sessionId, activeMs: Math.round(activeMs), visibleMs: Math.round(visibleMs), final })
  }

  private ensureToken(): void {
    if (this.session || this.requesting || this.gaveUp || this.now() < this.retryAt) return
    void this.requestToken()
  }

  private async requestToken(): Promise<void> {
    this.requesting = true
    const activeAtRequest = this.options.meter.totals().activeMs
    try {
      const session = await this.options.requestToken()
      this.session = session
      this.activeAtIssue = activeAtRequest
      if (this.running) {
        this.scheduleRenewal(session)
        this.scheduleHeartbeat()
      }
    } catch (error) {
      // Only a failure that may pass is retried, and not before the next heartbeat.
      if (isTransient(error)) this.retryAt = this.now() + this.intervalMs()
      else this.gaveUp = true
      if (this.running) this.options.onError(error)
    } finally {
      this.requesting = false
    }
  }

  private scheduleRenewal(session: AttentionSession): void {
    clearTimeout(this.renewal)
    const msLeft = Date.parse(session.expiresAt) - this.now()
    const delay = Math.max(msLeft - Math.min(RENEW_AHEAD_MS, msLeft / 2), MIN_RENEW_DELAY_MS)
    this.renewal = setTimeout(() => this.renew(), delay)
  }

  // Renewal is lazy too: a tracker nobody looked at since the last token lets it lapse and asks
  // again at the next attention.
  private renew(): void {
    this.renewal = undefined
    if (this.requesting) return
    const { meter } = this.options
    if (meter.isAttending() || meter.totals().activeMs > this.activeAtIssue) void this.requestToken()
    else this.session = undefined
  }

  private intervalMs(): number {
    return (this.settings.heartbeatSeconds ?? this.session?.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS) * 1000
  }

  private scheduleHeartbeat(): void {
    const ms = this.intervalMs()
    if (this.heartbeat !== undefined && ms === this.heartbeatMs) return
    clearInterval(this.heartbeat)
    this.heartbeatMs = ms
    this.heartbeat = setInterval(() => this.tick(), ms)
  }
}

function isTransient(error: unknown): boolean {
  return error instanceof PayLinkNetworkError || (error instanceof PayLinkHttpError && (error.status === 429 || error.status >= 500))
}
