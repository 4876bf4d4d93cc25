/** The conditions the attention rule reads; the DOM layer keeps them current. */
export interface AttentionSignals {
  /** At least half of the content is in view (or it fills at least half of the viewport). */
  inView: boolean
  /** The document is visible: not a background tab, not minimised. */
  documentVisible: boolean
  /** The window has focus. */
  focused: boolean
  /** Media inside the content is playing. */
  mediaPlaying: boolean
}

/** What an attention meter has counted so far, in ms. */
export interface AttentionTotals {
  /** Time that counted as attention: in view, document visible, focused, and recent input or playing media. */
  activeMs: number
  /** Time the content was in view while the document was visible, whatever the input. */
  visibleMs: number
}

/** Options of `AttentionMeter`. */
export interface AttentionMeterOptions {
  /** How long input keeps counting as attention, in ms. */
  idleTimeoutMs: number
  /** The clock, in ms. Defaults to `Date.now`. */
  now?: () => number
}

/**
 * Counts attention and visible time from signals and input, with no DOM and no timers: time is
 * read from the clock whenever something changes, so a test drives it with a fake clock.
 */
export class AttentionMeter {
  private readonly now: () => number
  private idleTimeoutMs: number
  private signals: AttentionSignals = { inView: false, documentVisible: false, focused: false, mediaPlaying: false }
  private lastInputAt = Number.NEGATIVE_INFINITY
  private syncedAt: number
  private activeMs = 0
  private visibleMs = 0

  constructor({ idleTimeoutMs, now = Date.now }: AttentionMeterOptions) {
    this.now = now
    this.idleTimeoutMs = idleTimeoutMs
    this.syncedAt = now()
  }

  /** Changes some of the signals from now on. */
  update(signals: Partial<AttentionSignals>): void {
    this.sync()
    Object.assign(this.signals, signals)
  }

  /** Records user input (pointer, key, scroll, wheel, touch) happening now. */
  input(): void {
    this.sync()
    this.lastInputAt = this.syncedAt
  }

  /** Changes how long input keeps counting as attention, from now on. */
  setIdleTimeout(ms: number): void {
    this.sync()
    this.idleTimeoutMs = ms
  }

  /** The totals up to now. */
  totals(): AttentionTotals {
    this.sync()
    return { activeMs: this.activeMs, visibleMs: this.visibleMs }
  }

  /** Whether attention is being counted now. */
  isAttending(): boolean {
    this.sync()
    const { focused, mediaPlaying } = this.signals
    return this.isVisible() && focused && (mediaPlaying || this.syncedAt < this.inputCountsUntil())
  }

  /** When attention stops for lack of input if nothing changes, or `undefined` when it is not counted now or media is playing. */
  attentionEndsAt(): number | undefined {
    return this.isAttending() && !this.signals.mediaPlaying ? this.inputCountsUntil() : undefined
  }

  private isVisible(): boolean {
    return this.signals.inView && this.signals.documentVisible
  }

  private inputCountsUntil(): number {
    return this.lastInputAt + this.idleTimeoutMs
  }

  // The signals have held since `syncedAt`, except that input stops counting at its deadline.
  private sync(): void {
    const now = Math.max(this.now(), this.syncedAt)
    if (this.isVisible()) {
      this.visibleMs += now - this.syncedAt
      if (this.signals.focused) {
        const until = this.signals.mediaPlaying ? now : Math.min(now, this.inputCountsUntil())
        this.activeMs += Math.max(0, until - this.syncedAt)
      }
    }
    this.syncedAt = now
  }
}
