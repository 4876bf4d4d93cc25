import { createAttentionMeter } from '../../src/components/AttentionMeter.js'
import { isHalfInView } from '../../src/components/observeAttention.js'

function meterAt(idleTimeoutMs = 30_000) {
  const clock = { now: 1_000 }
  const meter = createAttentionMeter({ idleTimeoutMs, now: () => clock.now })
  const at = (ms: number) => {
    clock.now = 1_000 + ms
    return meter
  }
  return { meter, at }
}

const everything = { inView: true, documentVisible: true, focused: true }

test('input counts for idleTimeoutMs, cut exactly at the deadline even when nothing happens then', () => {
  const { meter, at } = meterAt(5_000)
  meter.update(everything)
  expect(meter.isAttending()).toBe(false)
  meter.input()
  expect(at(4_999).isAttending()).toBe(true)
  expect(meter.attentionEndsAt()).toBe(6_000)
  expect(at(5_000).isAttending()).toBe(false)
  expect(at(12_000).totals()).toEqual({ activeMs: 5_000, visibleMs: 12_000 })
  expect(meter.attentionEndsAt()).toBeUndefined()
})

test('playing media counts without input and has no idle deadline', () => {
  const { meter, at } = meterAt(5_000)
  meter.update({ ...everything, mediaPlaying: true })
  expect(at(60_000).isAttending()).toBe(true)
  expect(meter.attentionEndsAt()).toBeUndefined()
  expect(meter.totals()).toEqual({ activeMs: 60_000, visibleMs: 60_000 })
})

test('each condition missing stops attention; only visibility stops visible time', () => {
  for (const missing of ['inView', 'documentVisible', 'focused'] as const) {
    const { meter, at } = meterAt()
    meter.update({ ...everything, [missing]: false })
    meter.input()
    expect(at(10_000).isAttending()).toBe(false)
    expect(meter.totals()).toEqual({ activeMs: 0, visibleMs: missing === 'focused' ? 10_000 : 0 })
  }
})

test('a clock that steps back adds nothing', () => {
  const { meter, at } = meterAt()
  meter.update(everything)
  at(5_000).input()
  expect(at(1_000).totals()).toEqual({ activeMs: 0, visibleMs: 5_000 })
  expect(at(6_000).totals()).toEqual({ activeMs: 1_000, visibleMs: 6_000 })
})

test('a shorter idle timeout applies from the change on', () => {
  const { meter, at } = meterAt(30_000)
  meter.update(everything)
  meter.input()
  at(10_000).setIdleTimeout(5_000)
  expect(meter.isAttending()).toBe(false)
  expect(at(20_000).totals().activeMs).toBe(10_000)
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
  expect(isHalfInView(entry(0, 0), 1_000)).toBe(false)
})
