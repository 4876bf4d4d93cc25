import type { AttentionMeter, AttentionSignals } from './AttentionMeter.js'

/** Input anywhere in the page counts: a reader scrolling past or moving the pointer is present. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'] as const
const MEDIA_STOP_EVENTS = ['pause', 'ended', 'emptied'] as const
/** Fine steps, so that content taller than two viewports reports how much of the viewport it fills. */
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20)

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
 * `focus`/`blur`, input events and media playing inside — calling `onChange` after each change.
 * Returns the function that detaches everything and stops the meter counting.
 */
export function observeAttention(element: HTMLElement, meter: AttentionMeter, onChange: () => void): () => void {
  const doc = element.ownerDocument
  const win = doc.defaultView ?? window
  const playing = new Set<HTMLMediaElement>()
  const change = (signals: Partial<AttentionSignals>) => {
    meter.update(signals)
    onChange()
  }
  const onVisibility = () => change({ documentVisible: doc.visibilityState === 'visible' })
  const onFocus = () => change({ focused: true })
  const onBlur = () => change({ focused: false })
  const onInput = () => {
    meter.input()
    onChange()
  }
  const unwatch = (media: HTMLMediaElement) => {
    playing.delete(media)
    for (const type of MEDIA_STOP_EVENTS) media.removeEventListener(type, onMediaStop)
  }
  // Stop events are heard on the media element itself: one removed from the content while playing
  // is paused by the browser after it has left, where a listener on the wrapper would miss it.
  const onMediaStop = (event: Event) => {
    unwatch(event.currentTarget as HTMLMediaElement)
    change({ mediaPlaying: playing.size > 0 })
  }
  const watch = (media: HTMLMediaElement) => {
    if (playing.has(media)) return
    playing.add(media)
    for (const type of MEDIA_STOP_EVENTS) media.addEventListener(type, onMediaStop)
  }
  const onPlay = (event: Event) => {
    if (!(event.target instanceof HTMLMediaElement)) return
    watch(event.target)
    change({ mediaPlaying: true })
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
          { threshold: THRESHOLDS },
        )
      : undefined
  // Without IntersectionObserver (very old browsers) the content is taken as in view.
  change({
    inView: !observer,
    documentVisible: doc.visibilityState === 'visible',
    focused: doc.hasFocus(),
    mediaPlaying: playing.size > 0,
  })
  observer?.observe(element)
  doc.addEventListener('visibilitychange', onVisibility)
  win.addEventListener('focus', onFocus)
  win.addEventListener('blur', onBlur)
  for (const type of INPUT_EVENTS) win.addEventListener(type, onInput, { capture: true, passive: true })
  // Media events do not bubble, so they are caught on the way down.
  element.addEventListener('play', onPlay, true)

  return () => {
    observer?.disconnect()
    doc.removeEventListener('visibilitychange', onVisibility)
    win.removeEventListener('focus', onFocus)
    win.removeEventListener('blur', onBlur)
    for (const type of INPUT_EVENTS) win.removeEventListener(type, onInput, { capture: true })
    element.removeEventListener('play', onPlay, true)
    for (const media of [...playing]) unwatch(media)
    meter.update({ inView: false, documentVisible: false, focused: false, mediaPlaying: false })
  }
}
