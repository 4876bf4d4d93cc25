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

/** Options of `createAttentionMeter`. */
export interface AttentionMeterOptions {
  /** How long input keeps counting as attention, in ms. */
  idleTimeoutMs: number
  /** The clock, in ms. Defaults to `Date.now`. */
  now?: () => number
}

/** Counts attention and visible time; see `createAttentionMeter`. */
export interface AttentionMeter {
  /** Changes some of the signals from now on. */
  update(signals: Partial<AttentionSignals>): void
  /** Records user input (pointer, key, scroll, wheel, touch) happening now. */
  input(): void
  /** Changes how long input keeps counting as attention, from now on. */
  setIdleTimeout(ms: number): void
  /** The totals up to now. */
  totals(): AttentionTotals
  /** Whether attention is being counted now. */
  isAttending(): boolean
  /** When attention stops for lack of input if nothing changes, or `undefined` when it is not counted now or media is playing. */
  attentionEndsAt(): number | undefined
}

/**
 * Counts attention and visible time from signals and input, with no DOM and no timers: time is
 * read from the clock whenever something changes, so a test drives it with a fake clock.
 */
export function createAttentionMeter({ idleTimeoutMs, now = Date.now }: AttentionMeterOptions): AttentionMeter {
  const signals: AttentionSignals = { inView: false, documentVisible: false, focused: false, mediaPlaying: false }
  let lastInputAt = -Infinity
  let syncedAt = now()
  let activeMs = 0
  let visibleMs = 0
  const visible = () => signals.inView && signals.documentVisible
  const inputCountsUntil = () => lastInputAt + idleTimeoutMs
  // The signals have held since `syncedAt`, except that input stops counting at its deadline.
  const sync = () => {
    const at = Math.max(now(), syncedAt)
    if (visible()) {
      visibleMs += at - syncedAt
      if (signals.focused) activeMs += Math.max(0, (signals.mediaPlaying ? at : Math.min(at, inputCountsUntil())) - syncedAt)
    }
    syncedAt = at
  }
  const meter: AttentionMeter = {
    update(changes) {
      sync()
      Object.assign(signals, changes)
    },
    input() {
      sync()
      lastInputAt = syncedAt
    },
    setIdleTimeout(ms) {
      sync()
      idleTimeoutMs = ms
    },
    totals() {
      sync()
      return { activeMs, visibleMs }
    },
    isAttending() {
      sync()
      return visible() && signals.focused && (signals.mediaPlaying || syncedAt < inputCountsUntil())
    },
    attentionEndsAt: () => (meter.isAttending() && !signals.mediaPlaying ? inputCountsUntil() : undefined),
  }
  return meter
}
