import type { AttentionMeter, AttentionSignals } from './AttentionMeter.js'

/** Input anywhere in the page counts: a reader scrolling past or moving the pointer is present. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart']

/**
 * Whether an intersection counts as in view: at least half of the content visible, or the content
 * filling at least half of the viewport's height (a long article can never be half visible).
 */
export function isHalfInView(entry: IntersectionObserverEntry, viewportHeight: number): boolean {
  if (!entry.isIntersecting) return false
  // Chromium reports an exact half as 0.4999…
  if (entry.intersectionRatio >= 0.499) return true
  const rootHeight = entry.rootBounds?.height ?? viewportHeight
  return rootHeight > 0 && entry.intersectionRect.height >= rootHeight / 2
}

/**
 * Feeds a meter from the DOM around `element` — IntersectionObserver, `visibilitychange`, window
 * `focus`/`blur`, input events and media playing inside — calling `onChange` after each change,
 * and `onPageHide` on the window's `pagehide`. Returns the function that detaches everything and
 * stops the meter counting.
 */
export function observeAttention(
  element: HTMLElement,
  meter: AttentionMeter,
  onChange: () => void,
  onPageHide: () => void,
): () => void {
  const doc = element.ownerDocument
  const win = doc.defaultView ?? window
  const playing = new Set<EventTarget>()
  // One signal detaches every listener, those on media elements included.
  const listeners = new AbortController()
  const listen = (target: EventTarget, type: string, handler: (event: Event) => void, capture = false) =>
    target.addEventListener(type, handler, { capture, passive: true, signal: listeners.signal })
  const documentVisible = () => doc.visibilityState === 'visible'
  const change = (signals: Partial<AttentionSignals>) => {
    meter.update(signals)
    onChange()
  }
  // Stop events are heard on the media element itself: one removed from the content while playing
  // is paused by the browser after it has left, where a listener on the wrapper would miss it.
  // Adding the same listener twice is a no-op, so a media element played again is not heard twice.
  const onMediaStop = (event: Event) => {
    playing.delete(event.currentTarget!)
    change({ mediaPlaying: playing.size > 0 })
  }
  const watch = (media: HTMLMediaElement) => {
    playing.add(media)
    for (const type of ['pause', 'ended', 'emptied']) listen(media, type, onMediaStop)
  }

  for (const media of element.querySelectorAll<HTMLMediaElement>('video, audio')) {
    if (!media.paused && !media.ended) watch(media)
  }
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            const entry = entries[entries.length - 1]
            if (entry) change({ inView: isHalfInView(entry, win.innerHeight) })
          },
          // Fine steps, so that content taller than two viewports reports how much of the viewport it fills.
          { threshold: Array.from({ length: 21 }, (_, i) => i / 20) },
        )
      : undefined
  // Without IntersectionObserver (very old browsers) the content is taken as in view.
  change({
    inView: !observer,
    documentVisible: documentVisible(),
    focused: doc.hasFocus(),
    mediaPlaying: playing.size > 0,
  })
  observer?.observe(element)
  listen(doc, 'visibilitychange', () => change({ documentVisible: documentVisible() }))
  listen(win, 'focus', () => change({ focused: true }))
  listen(win, 'blur', () => change({ focused: false }))
  listen(win, 'pagehide', onPageHide)
  const onInput = () => {
    meter.input()
    onChange()
  }
  for (const type of INPUT_EVENTS) listen(win, type, onInput, true)
  const onPlay = (event: Event) => {
    if (!(event.target instanceof HTMLMediaElement)) return
    watch(event.target)
    change({ mediaPlaying: true })
  }
  // Media events do not bubble, so they are caught on the way down.
  listen(element, 'play', onPlay, true)

  return () => {
    observer?.disconnect()
    listeners.abort()
    meter.update({ inView: false, documentVisible: false, focused: false, mediaPlaying: false })
  }
}
