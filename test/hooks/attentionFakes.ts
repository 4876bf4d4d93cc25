import { act } from '@testing-library/react'

// The page an AttentionTracker watches, faked for jsdom: what scrolls into view, the document's
// visibility, input, and time. Shared by the example tests and the property test.

/** A stand-in for IntersectionObserver (jsdom has none) that a test moves by hand. */
export class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>()
  readonly targets = new Set<Element>()
  constructor(readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.targets.add(target)
    FakeIntersectionObserver.live.add(this)
  }
  unobserve(target: Element) {
    this.targets.delete(target)
  }
  disconnect() {
    this.targets.clear()
    FakeIntersectionObserver.live.delete(this)
  }
  takeRecords() {
    return []
  }
}

/**
 * Shows `ratio` of a 100 px tall tracker in a 1000 px viewport (or `height` px of a taller one): of
 * every tracker, or of `only` alone.
 */
export function scrollTo(ratio: number, height = ratio * 100, only?: Element) {
  act(() => {
    for (const observer of FakeIntersectionObserver.live) {
      const targets = [...observer.targets].filter((target) => !only || target === only)
      if (!targets.length) continue
      const entries = targets.map(
        (target) =>
          ({
            target,
            isIntersecting: ratio > 0,
            intersectionRatio: ratio,
            intersectionRect: { height },
            rootBounds: { height: 1000 },
          }) as unknown as IntersectionObserverEntry,
      )
      observer.callback(entries, observer as unknown as IntersectionObserver)
    }
  })
}

export function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

export const fire = (target: EventTarget, type: string) =>
  act(() => {
    target.dispatchEvent(new Event(type))
  })
export const input = () => fire(document.body, 'pointerdown')
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
/** Advances `ms` with an input every `every` ms, as a reader who keeps scrolling. */
export async function read(ms: number, every = 1_000) {
  for (let t = 0; t < ms; t += every) {
    input()
    await advance(every)
  }
}
