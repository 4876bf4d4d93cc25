import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { createRef, type ReactNode, StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { PayLinkHttpError, type PayLinkClient } from '../../src/client.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { type AttentionReport, lastInput } from '../../src/components/AttentionReporter.js'
import { AttentionTracker, type AttentionTrackerProps } from '../../src/components/AttentionTracker.js'
import { attentionTrackerState } from '../../src/components/attentionTrackerState.js'
import { http, HttpResponse } from 'msw'
import { MOCK_LINKS } from '../../src/mock/constants.js'
import { createMockApi } from '../../src/mock/createMockApi.js'
import { inTimeZone } from '../timeZone.js'
import { BASE_URL, ErrorBoundary, testClient, useMockApi, wrapperFor } from './harness.js'
import { advance, FakeIntersectionObserver, fire, input, read, scrollTo, setVisibility } from './attentionFakes.js'

// Tokens live a minute, so renewal (30 s before expiry) happens inside a short test.
const api = useMockApi({ attentionTtlMs: 60_000 })
const tokenRequests = () => api.count('POST', '/attention/token')

const beacon = vi.fn((_url: string, _body?: BodyInit | null) => true)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  // Each test is a new page: no input of the one before (its clock ran ahead of this one's).
  lastInput.current = -Infinity
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true })
  beacon.mockClear()
  vi.spyOn(document, 'hasFocus').mockReturnValue(true)
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  Object.defineProperty(document, 'hidden', { value: false, configurable: true })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  FakeIntersectionObserver.live.clear()
})

function setup(props: Partial<AttentionTrackerProps> = {}, children: ReactNode = <p>Article</p>, strict = false) {
  const reports: AttentionReport[] = []
  const Wrapper = wrapperFor()
  const ui = (p: Partial<AttentionTrackerProps>) => {
    const tree = (
      <Wrapper>
        <AttentionTracker
          data-testid="tracker"
          consent
          code={MOCK_LINKS.demo}
          onHeartbeat={(r) => reports.push(r)}
          {...props}
          {...p}
        >
          {children}
        </AttentionTracker>
      </Wrapper>
    )
    return strict ? <StrictMode>{tree}</StrictMode> : tree
  }
  const view = render(ui({}))
  const root = screen.getByTestId('tracker')
  return {
    ...view,
    root,
    reports,
    last: () => reports[reports.length - 1],
    rerender: (p: Partial<AttentionTrackerProps>) => view.rerender(ui(p)),
  }
}

test('data-state is idle without consent, else the tracking phase', () => {
  expect(attentionTrackerState(false, 'active')).toBe('idle')
  expect(attentionTrackerState(true, 'paused')).toBe('paused')
})

test('without consent nothing is requested or counted; consent starts tracking', async () => {
  const t = setup({ consent: false, heartbeatSeconds: 5, minDwellMs: 0 })
  expect(t.root).toHaveAttribute('data-state', 'idle')
  expect(FakeIntersectionObserver.live.size).toBe(0)
  scrollTo(1)
  await read(20_000)
  expect(tokenRequests()).toBe(0)
  expect(t.reports).toEqual([])
  expect(t.root).toHaveAttribute('data-state', 'idle')

  t.rerender({ consent: true })
  expect(t.root).toHaveAttribute('data-state', 'waiting')
  scrollTo(1)
  input()
  expect(t.root).toHaveAttribute('data-state', 'active')
  await read(5_000)
  expect(tokenRequests()).toBe(1)
  // Only the time since consent counts.
  expect(t.last()).toMatchObject({ activeMs: 5_000, visibleMs: 5_000, final: false })
})

test('withdrawing consent stops tracking and sends nothing more', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0 })
  scrollTo(1)
  await read(5_000)
  expect(t.reports).toHaveLength(1)
  await read(2_000)
  t.rerender({ consent: false })
  expect(t.root).toHaveAttribute('data-state', 'idle')
  expect(FakeIntersectionObserver.live.size).toBe(0)
  await read(20_000)
  fire(window, 'pagehide')
  t.unmount()
  expect(t.reports).toHaveLength(1)
  expect(beacon).not.toHaveBeenCalled()
})

test('scroll events alone (a script scrolling a carousel) do not keep attention going past idleTimeoutMs', async () => {
  const t = setup({ idleTimeoutMs: 5_000, heartbeatSeconds: 5, minDwellMs: 0 })
  scrollTo(1)
  input()
  for (let i = 0; i < 10; i++) {
    fire(document.body, 'scroll')
    await advance(1_000)
  }
  expect(t.root).toHaveAttribute('data-state', 'paused')
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000])
})

test('the token is requested on the first attention, not on mount', async () => {
  const t = setup()
  await read(10_000)
  expect(t.root).toHaveAttribute('data-state', 'waiting')
  expect(tokenRequests()).toBe(0)
  scrollTo(1)
  expect(t.root).toHaveAttribute('data-state', 'active')
  await advance(0)
  expect(tokenRequests()).toBe(1)
})

test('one token per mount under StrictMode', async () => {
  const t = setup({ heartbeatSeconds: 5 }, <p>Article</p>, true)
  scrollTo(1)
  await read(20_000)
  expect(tokenRequests()).toBe(1)
  const tokens = new Set(t.reports.map((r) => r.token))
  expect(tokens.size).toBe(1)
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000, 10_000, 15_000, 20_000])
})

test('one token per mount under StrictMode when attention starts at mount (autoplaying media, no IntersectionObserver)', async () => {
  vi.stubGlobal('IntersectionObserver', undefined)
  const playing = (video: HTMLVideoElement | null) => {
    if (video) Object.defineProperties(video, { paused: { value: false }, readyState: { value: 4 } })
  }
  const t = setup({ heartbeatSeconds: 5 }, <video ref={playing} />, true)
  expect(t.root).toHaveAttribute('data-state', 'active')
  await advance(20_000)
  expect(tokenRequests()).toBe(1)
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000, 10_000, 15_000, 20_000])
})

test('heartbeats come every heartbeatSeconds once minDwellMs is reached, with the session and totals', async () => {
  const t = setup({ heartbeatSeconds: 2, minDwellMs: 5_000 })
  scrollTo(1)
  await read(4_000)
  expect(t.reports).toEqual([])
  await read(4_000)
  expect(t.reports).toEqual([
    { token: expect.stringMatching(/^att_/), sessionId: expect.any(String), activeMs: 6_000, visibleMs: 6_000, final: false },
    expect.objectContaining({ activeMs: 8_000, visibleMs: 8_000 }),
  ])
})

test('attention of exactly minDwellMs is reported at the heartbeat that reaches it', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 5_000 })
  scrollTo(1)
  await read(5_000)
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000])
})

test('the token request names the link and the viewer, so that the attention is credited to them', async () => {
  const asked: unknown[] = []
  api.server.use(
    http.post(`${BASE_URL}/pub/v1/attention/token`, async ({ request }) => {
      asked.push(await request.json())
      return HttpResponse.json({ token: 'att_1', sessionId: 'ses_1', expiresAt: new Date(Date.now() + 60_000).toISOString() }, { status: 201 })
    }),
  )
  setup({ viewerId: 'viewer-1' })
  scrollTo(1)
  input()
  await advance(0)
  expect(asked).toEqual([{ code: MOCK_LINKS.demo, viewerId: 'viewer-1' }])
})

test.each(['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'])('a reader whose only input is %s is counted', async (type) => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0 })
  scrollTo(1)
  for (let i = 0; i < 5; i++) {
    fire(document.body, type)
    await advance(1_000)
  }
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000])
})

test('changing the root element type keeps tracking the new element', async () => {
  const t = setup({ heartbeatSeconds: 2, minDwellMs: 1_000 })
  t.rerender({ as: 'section' })
  const section = screen.getByTestId('tracker')
  expect(section.tagName).toBe('SECTION')
  const observed = [...FakeIntersectionObserver.live].flatMap((o) => [...o.targets])
  expect(observed).toEqual([section])
  scrollTo(1)
  await read(4_000)
  expect(t.last()).toMatchObject({ activeMs: 4_000 })
})

test('the heartbeat interval defaults to the token’s heartbeatSeconds', async () => {
  const t = setup()
  scrollTo(1)
  await read(31_000)
  // The mock asks for a heartbeat every 15 s. The token renewed at 30 s ends its session.
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [15_000, false],
    [30_000, false],
    [30_000, true],
  ])
})

test('heartbeatSeconds NaN (a parseInt of a missing setting) heartbeats at the token’s interval', async () => {
  const t = setup({ heartbeatSeconds: NaN, beaconUrl: '/engagement' })
  scrollTo(1)
  await read(31_000)
  // The token renewed at 30 s ends its session.
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [15_000, false],
    [30_000, false],
    [30_000, true],
  ])
  expect(beacon).toHaveBeenCalledTimes(3)
})

test('no attention counts without input for idleTimeoutMs', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 1_000, idleTimeoutMs: 5_000 })
  scrollTo(1)
  input()
  await advance(4_999)
  expect(t.root).toHaveAttribute('data-state', 'active')
  await advance(1)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await advance(5_000)
  expect(t.last()).toMatchObject({ activeMs: 5_000, visibleMs: 10_000 })
  await advance(2_000)
  input()
  expect(t.root).toHaveAttribute('data-state', 'active')
  await advance(8_000)
  // 0–5 s and 12–17 s: each input counts for 5 s.
  expect(t.root).toHaveAttribute('data-state', 'paused')
  expect(t.last()).toMatchObject({ activeMs: 10_000, visibleMs: 20_000 })
})

test('no attention counts while the document is hidden, nor visible time', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 1_000 })
  scrollTo(1)
  await read(4_000)
  setVisibility('hidden')
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await read(8_000)
  setVisibility('visible')
  expect(t.root).toHaveAttribute('data-state', 'active')
  await read(8_000)
  expect(t.reports.map((r) => [r.activeMs, r.visibleMs])).toEqual([
    [4_000, 4_000],
    [12_000, 12_000],
  ])
})

test('a laptop asleep (timers and page frozen, no visibilitychange, the clock ten minutes on) counts the sleep as neither visible nor active time', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(20_000)
  // The lid closes right after the heartbeat at 20 s (the last input, at 19 s, would count until
  // 49 s), and opens ten minutes later; the reader reads on for 10 s.
  vi.setSystemTime(Date.now() + 600_000)
  await read(10_000)
  t.unmount()
  // What a backend keyed on sessionId books, each session's last totals, is the 30 s of reading.
  const booked = [...new Map(t.reports.map((r) => [r.sessionId, r])).values()]
  expect(booked.reduce((sum, r) => sum + r.activeMs, 0)).toBe(30_000)
  expect(booked.reduce((sum, r) => sum + r.visibleMs, 0)).toBe(30_000)
})

test('a device clock set back an hour mid-reading (corrected by the network or by hand): the reading after it counts, with one token request per renewal, not one per input', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(20_000)
  vi.setSystemTime(Date.now() - 3_600_000)
  await read(35_000)
  t.unmount()
  // Tokens live a minute, renewed at 30 s: the first at 0 s and its renewal at 30 s.
  expect(tokenRequests()).toBe(2)
  // What a backend keyed on sessionId books, each session's last totals, is the 55 s of reading.
  const booked = [...new Map(t.reports.map((r) => [r.sessionId, r])).values()]
  expect(booked.reduce((sum, r) => sum + r.activeMs, 0)).toBe(55_000)
})

test('no attention counts while the window is blurred; visible time does', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 1_000 })
  scrollTo(1)
  await read(4_000)
  // Another window took the focus.
  vi.mocked(document.hasFocus).mockReturnValue(false)
  fire(window, 'blur')
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await read(8_000)
  vi.mocked(document.hasFocus).mockReturnValue(true)
  fire(window, 'focus')
  // Back at once, with the input before the blur still recent: not at the next input or heartbeat.
  expect(t.root).toHaveAttribute('data-state', 'active')
  await read(8_000)
  expect(t.reports.map((r) => [r.activeMs, r.visibleMs])).toEqual([
    [4_000, 10_000],
    [12_000, 20_000],
  ])
})

test('clicking into an iframe inside the content blurs the window but keeps attention (the document still has focus)', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 1_000 })
  scrollTo(1)
  await read(4_000)
  fire(window, 'blur')
  expect(t.root).toHaveAttribute('data-state', 'active')
  await read(6_000)
  expect(t.reports.map((r) => r.activeMs)).toEqual([10_000])
})

test('clicking into an iframe inside the content, in Firefox (the blur comes before the focus reaches the iframe), keeps attention without waiting for a heartbeat', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 1_000, idleTimeoutMs: 60_000 })
  scrollTo(1)
  await read(4_000)
  // Firefox 153 (measured): in the window's blur for a click into an iframe of the page,
  // document.hasFocus() is false and activeElement is <body>; from the next task on hasFocus() is
  // true, and the page hears no event. (Chromium's blur already says true: the test above.)
  vi.mocked(document.hasFocus).mockReturnValue(false)
  fire(window, 'blur')
  vi.mocked(document.hasFocus).mockReturnValue(true)
  // The reader watches the embedded player: no input on the page, and no heartbeat yet.
  await advance(100)
  expect(t.root).toHaveAttribute('data-state', 'active')
  await advance(15_900)
  // Counted through, not only up to the click (4 s) and again from the heartbeat at 10 s.
  expect(t.reports.map((r) => r.activeMs)).toEqual([10_000, 20_000])
})

test('clicked into an iframe in the content, then another app took the focus (the page hears no blur): attention stops at the next heartbeat, not idleTimeoutMs after the last input', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, idleTimeoutMs: 60_000 })
  scrollTo(1)
  await read(5_000)
  // The click into the iframe blurs the window; the document keeps the focus.
  fire(window, 'blur')
  // Another app takes the focus from the iframe: only the iframe's window hears of it.
  vi.mocked(document.hasFocus).mockReturnValue(false)
  await advance(20_000)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  // Counted up to the heartbeat at 10 s, not on to 25 s (the last input, at 4 s, counts until 64 s).
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000, 10_000])
})

test('nothing counts while less than half is visible; a tall article filling half the viewport counts', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 1_000 })
  scrollTo(0.6)
  await read(4_000)
  scrollTo(0.4)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await read(8_000)
  scrollTo(0.3, 600)
  expect(t.root).toHaveAttribute('data-state', 'active')
  await read(8_000)
  expect(t.reports.map((r) => [r.activeMs, r.visibleMs])).toEqual([
    [4_000, 4_000],
    [12_000, 12_000],
  ])
})

test('a feed in a scroll pane (overflow: auto) under half the viewport tall counts while it fills half the pane, not only half the viewport', async () => {
  // jsdom lays nothing out: the pane is 300 px tall, in a 1000 px viewport, its feed 3000 px.
  // jsdom computes no overflow-y from the overflow shorthand: the pane says overflow-y.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300)
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(3_000)
  const reports: AttentionReport[] = []
  const Wrapper = wrapperFor()
  render(
    <Wrapper>
      <aside style={{ overflowY: 'auto', height: 300 }}>
        <AttentionTracker data-testid="tracker" consent code={MOCK_LINKS.demo} heartbeatSeconds={10} minDwellMs={1_000} onHeartbeat={(r) => reports.push(r)}>
          <p>Feed</p>
        </AttentionTracker>
      </aside>
    </Wrapper>,
  )
  const root = screen.getByTestId('tracker')
  // The pane shown whole, its feed filling it: a tenth of the feed, 300 px (the pane clips the rest).
  scrollTo(0.1, 300)
  input()
  expect(root).toHaveAttribute('data-state', 'active')
  await read(10_000)
  // The pane scrolled mostly out of the viewport: 100 px of it show, a third of the pane.
  scrollTo(0.03, 100)
  expect(root).toHaveAttribute('data-state', 'paused')
  await read(10_000)
  expect(reports.map((r) => r.activeMs)).toEqual([10_000])
})

test('a tall embed in a cross-origin iframe (no rootBounds; the frame as tall as its article, taller than the window) counts while it fills half the window', async () => {
  // As Chromium reports it inside such a frame: innerHeight is the frame's, outerHeight the browser window's.
  vi.stubGlobal('innerHeight', 3_000)
  vi.stubGlobal('outerHeight', 800)
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 1_000 })
  const show = (height: number) =>
    act(() => {
      for (const observer of FakeIntersectionObserver.live) {
        const entry = { target: t.root, isIntersecting: true, intersectionRatio: height / 3_000, intersectionRect: { height }, rootBounds: null }
        observer.callback([entry as unknown as IntersectionObserverEntry], observer as unknown as IntersectionObserver)
      }
    })
  show(700)
  await read(10_000)
  expect(t.root).toHaveAttribute('data-state', 'active')
  // A sliver of it at the bottom of the window is not read.
  show(300)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await read(10_000)
  expect(t.reports.map((r) => r.activeMs)).toEqual([10_000])
})

test('playing media inside counts without input, until it pauses', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 1_000, idleTimeoutMs: 5_000 }, <video data-testid="video" />)
  const video = screen.getByTestId('video')
  scrollTo(1)
  input()
  await advance(2_000)
  fire(video, 'playing')
  await advance(18_000)
  expect(t.root).toHaveAttribute('data-state', 'active')
  expect(t.last()).toMatchObject({ activeMs: 20_000, visibleMs: 20_000 })
  fire(video, 'pause')
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await advance(10_000)
  // Nothing counted since the pause: the token renewed at 30 s ends its session with the same totals.
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [10_000, false],
    [20_000, false],
    [20_000, true],
  ])
  // Playing media counts only while visible too.
  fire(video, 'playing')
  setVisibility('hidden')
  await advance(10_000)
  expect(t.reports).toHaveLength(3)
})

test.each(['ended', 'emptied'])('playing media stops counting when it fires %s (an end, a source swapped) with no pause', async (type) => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, idleTimeoutMs: 5_000 }, <video data-testid="video" />)
  const video = screen.getByTestId('video')
  scrollTo(1)
  input()
  fire(video, 'playing')
  await advance(8_000)
  expect(t.root).toHaveAttribute('data-state', 'active')
  fire(video, type)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await advance(12_000)
  expect(t.reports.map((r) => r.activeMs)).toEqual([8_000])
})

test('a muted video playing in a loop (autoplay, as a GIF) does not count without input; with its sound turned on, it does', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, idleTimeoutMs: 5_000 }, <video data-testid="video" />)
  const video = screen.getByTestId('video') as HTMLVideoElement
  scrollTo(1)
  input()
  // Muted, as browsers always let media autoplay: playing, it says nothing of a reader.
  video.muted = true
  fire(video, 'playing')
  await advance(20_000)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  // The reader clicks the sound on: the click counts until the next heartbeat, the video from then.
  input()
  video.muted = false
  await advance(9_000)
  expect(t.root).toHaveAttribute('data-state', 'active')
  setVisibility('hidden')
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000, 10_000, 14_000])
})

// Chromium's volume slider dragged to the left sets volume 0 and leaves muted false: no sound all the same.
test.each([
  ['muted', (video: HTMLVideoElement, on: boolean) => void (video.muted = !on), true],
  ['turned down to volume 0 (the native slider, which leaves it unmuted)', (video: HTMLVideoElement, on: boolean) => void (video.volume = on ? 0.5 : 0), false],
])('a playing video %s (the reader then gone) stops counting then, not at the next heartbeat; its sound back on, it counts again', async (_, sound, muted) => {
  const t = setup({ heartbeatSeconds: 15, minDwellMs: 0, idleTimeoutMs: 1_000 }, <video data-testid="video" />)
  const video = screen.getByTestId('video') as HTMLVideoElement
  scrollTo(1)
  fire(video, 'playing')
  await advance(5_000)
  // The click that silences it counts for idleTimeoutMs; the video, playing on silent, does not.
  input()
  sound(video, false)
  fire(video, 'volumechange')
  await advance(10_000)
  expect(video.muted).toBe(muted)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  expect(t.reports.map((r) => r.activeMs)).toEqual([6_000])
  // Its sound back on, it counts again without input.
  sound(video, true)
  fire(video, 'volumechange')
  expect(t.root).toHaveAttribute('data-state', 'active')
})

test('media counts from playing, not play, and stops when it waits for data (a stalled source fires no pause)', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0 }, <video data-testid="video" />)
  const video = screen.getByTestId('video')
  scrollTo(1)
  fire(video, 'play')
  await advance(10_000)
  expect(t.root).toHaveAttribute('data-state', 'waiting')
  fire(video, 'playing')
  await advance(10_000)
  expect(t.root).toHaveAttribute('data-state', 'active')
  fire(video, 'waiting')
  fire(video, 'stalled')
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await advance(10_000)
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000, 10_000])
})

/**
 * A player element as mux-video or youtube-video are: its <video> in a shadow root, whose media
 * events (not composed) it sends again from itself, and the media's state on itself.
 */
class TestPlayer extends HTMLElement {
  readonly video = this.attachShadow({ mode: 'open' }).appendChild(document.createElement('video'))
  paused = true
  ended = false
  readyState = 0
  /** What the player does when its video starts or stops: the state, then the event, from the player. */
  play(paused: boolean) {
    Object.assign(this, { paused, readyState: 4 })
    fire(this, paused ? 'pause' : 'playing')
  }
}
customElements.define('test-player', TestPlayer)
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'test-player': { 'data-testid'?: string }
    }
  }
}

test('a player element whose <video> is in its shadow root counts while it plays, without input', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, idleTimeoutMs: 5_000 }, <test-player data-testid="player" />)
  const player = screen.getByTestId('player') as TestPlayer
  scrollTo(1)
  input()
  player.play(false)
  await advance(20_000)
  expect(t.root).toHaveAttribute('data-state', 'active')
  player.play(true)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await advance(5_000)
  expect(t.reports.map((r) => r.activeMs)).toEqual([10_000, 20_000])
})

test('a player removed while playing that never says it stopped (one playing an iframe) stops counting at the next heartbeat', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, idleTimeoutMs: 5_000 }, <div data-testid="slot" />)
  // Put in and taken out by hand, as a lightbox's script would: React does not own it.
  const player = screen.getByTestId('slot').appendChild(document.createElement('test-player')) as TestPlayer
  scrollTo(1)
  input()
  player.play(false)
  await advance(10_000)
  act(() => player.remove())
  await advance(60_000)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  // When it left is not known: the heartbeat that found it gone adds nothing, nor does any after
  // (the token renewed at 30 s ends its session with the same totals).
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [10_000, false],
    [10_000, true],
  ])
})

test('a player element playing when a setting changes (a new heartbeatSeconds restarts tracking) goes on counting, without input', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, idleTimeoutMs: 5_000 }, <test-player data-testid="player" />)
  const player = screen.getByTestId('player') as TestPlayer
  scrollTo(1)
  input()
  player.play(false)
  await advance(10_000)
  // A setting loaded late, say.
  t.rerender({ heartbeatSeconds: 5 })
  // A real IntersectionObserver reports the content at once to the new observer.
  scrollTo(1)
  expect(t.root).toHaveAttribute('data-state', 'active')
  await advance(15_000)
  expect(t.reports.map((r) => r.activeMs)).toEqual([10_000, 15_000, 20_000, 25_000])
  // It still stops with the player.
  player.play(true)
  expect(t.root).toHaveAttribute('data-state', 'paused')
})

test('a "playing" event from an element that is no media (no paused state) does not count as media', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, idleTimeoutMs: 5_000 }, <p data-testid="text">Article</p>)
  scrollTo(1)
  input()
  fire(screen.getByTestId('text'), 'playing')
  await advance(20_000)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000])
})

test('the token is renewed before it expires and later heartbeats carry the new one', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(29_000)
  expect(tokenRequests()).toBe(1)
  const first = t.last()!.token
  await read(2_000)
  expect(tokenRequests()).toBe(2)
  await read(10_000)
  expect(t.last()!.token).not.toBe(first)
  // The new token's session counts from the renewal at 30 s.
  expect(t.last()!.activeMs).toBe(10_000)
  await read(25_000)
  expect(tokenRequests()).toBe(3)
})

test('a renewed token ends its session with a final report under the old token, and the new session counts from 0', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(50_000)
  t.unmount()
  const [first] = t.reports
  expect(t.reports.map((r) => [r.sessionId === first!.sessionId, r.token === first!.token, r.activeMs, r.final])).toEqual([
    [true, true, 10_000, false],
    [true, true, 20_000, false],
    [true, true, 30_000, false],
    // Renewed at 30 s: the old session ends with its totals.
    [true, true, 30_000, true],
    [false, false, 10_000, false],
    [false, false, 20_000, false],
    [false, false, 20_000, true],
  ])
  // What a backend keyed on sessionId books, each session's last totals, is the 50 s of reading.
  const booked = new Map(t.reports.map((r) => [r.sessionId, r.activeMs]))
  expect([...booked.values()].reduce((sum, ms) => sum + ms, 0)).toBe(50_000)
})

test('a renewal that failed: the session ends with a final report when its token expires, and the next token counts from 0', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, onError: () => {} })
  scrollTo(1)
  await read(20_000)
  api.mock.inject('createAttentionToken', { status: 503, times: 1 })
  // The renewal at 30 s fails; the token expires at 60 s, and the next input asks for another.
  await read(65_000)
  t.unmount()
  expect(tokenRequests()).toBe(3)
  expect(t.reports.filter((r) => r.final).map((r) => r.activeMs)).toEqual([60_000, 25_000])
  // What a backend keyed on sessionId books, each session's last totals, is the 85 s of reading.
  const booked = new Map(t.reports.map((r) => [r.sessionId, r.activeMs]))
  expect([...booked.values()]).toEqual([60_000, 25_000])
})

test('going hidden after the token expired, before the next heartbeat: that report ends the session, none says the expired session goes on', async () => {
  const t = setup({ heartbeatSeconds: 7, minDwellMs: 0, onError: () => {} })
  scrollTo(1)
  await read(20_000)
  api.mock.inject('createAttentionToken', { status: 503, times: 1 })
  // The renewal at 30 s fails; the token expires at 60 s, between the heartbeats at 56 s and 63 s.
  // The last input, at 49 s, counts until 79 s.
  await read(30_000)
  await advance(11_000)
  // A phone's user switches apps at 61 s: the last event before the tab may be killed.
  setVisibility('hidden')
  await advance(20_000)
  const [first] = t.reports
  expect(t.reports.slice(-2).map((r) => [r.token === first!.token, r.activeMs, r.final])).toEqual([
    [true, 56_000, false],
    [true, 61_000, true],
  ])
})

/** The API on a clock `offsetMs` from this device's (tokens a minute long), with its token requests counted. */
function serverClockOff(offsetMs: number) {
  const server = createMockApi({ apiKeys: false, attentionTtlMs: 60_000, now: () => Date.now() + offsetMs })
  api.server.use(...server.handlers)
}

test('a device clock an hour fast: the token lives its minute from its issue (heartbeats go, renewed at 30 s), not found expired on arrival', async () => {
  serverClockOff(-3_600_000)
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(50_000)
  expect(tokenRequests()).toBe(2)
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [10_000, false],
    [20_000, false],
    [30_000, false],
    [30_000, true],
    [10_000, false],
    [20_000, false],
  ])
})

test('a device clock an hour slow: the token is renewed 30 s after its issue, not used for an hour after it expired', async () => {
  serverClockOff(3_600_000)
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(65_000)
  expect(tokenRequests()).toBe(3)
  // The first two sessions ended at their renewals, 30 s each.
  expect(t.reports.filter((r) => r.final).map((r) => r.activeMs)).toEqual([30_000, 30_000])
})

test('a device clock an hour fast and a token without issuedAt (the contract\'s): found expired on arrival, it is asked for again at most every 5 s, not at every input', async () => {
  // As the contract has it: no issuedAt, so the device reads expiresAt on its own clock, an hour ahead.
  const asked: number[] = []
  api.server.use(
    http.post(`${BASE_URL}/pub/v1/attention/token`, () => {
      asked.push(Date.now())
      return HttpResponse.json(
        { token: `att_${Math.random()}`, sessionId: `ses_${Math.random()}`, expiresAt: new Date(Date.now() - 3_600_000 + 60_000).toISOString() },
        { status: 201 },
      )
    }),
  )
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  // A reader moving the pointer: an input every 100 ms for a minute.
  await read(60_000, 100)
  t.unmount()
  // README: renewal never sooner than 5 s after issue, against a skewed local clock.
  expect(asked.length).toBeLessThanOrEqual(13)
  expect(asked.slice(1).every((at, i) => at - asked[i]! >= 5_000)).toBe(true)
  // Each session's last totals add up to the minute read.
  const booked = new Map(t.reports.map((r) => [r.sessionId, r.activeMs]))
  expect([...booked.values()].reduce((sum, ms) => sum + ms, 0)).toBe(60_000)
})

test.each([
  ['after', 120_000],
  ['equal to', 60_000],
])('an issuedAt %s expiresAt says nothing of the life: expiresAt counts, one token and its renewal, no request loop', async (_, issuedInMs) => {
  api.server.use(
    http.post(`${BASE_URL}/pub/v1/attention/token`, () =>
      HttpResponse.json(
        {
          token: `att_${Math.random()}`,
          sessionId: `ses_${Math.random()}`,
          issuedAt: new Date(Date.now() + issuedInMs).toISOString(),
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
        { status: 201 },
      ),
    ),
  )
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(50_000)
  expect(t.reports.filter((r) => r.final).map((r) => r.activeMs)).toEqual([30_000])
})

test("a token whose expiresAt has no zone (UTC, as Python writes it) lives its minute on a device 9 hours ahead, not expired on arrival", () =>
  inTimeZone('Asia/Tokyo', async () => {
    api.server.use(
      http.post(`${BASE_URL}/pub/v1/attention/token`, () =>
        HttpResponse.json(
          { token: `att_${Math.random()}`, sessionId: `ses_${Math.random()}`, expiresAt: new Date(Date.now() + 60_000).toISOString().slice(0, -1) },
          { status: 201 },
        ),
      ),
    )
    const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
    scrollTo(1)
    await read(25_000)
    expect(tokenRequests()).toBe(1)
    expect(t.reports.length).toBeGreaterThan(0)
  }))

test('a token that took 10 s to arrive lives its full minute from its arrival: renewed 30 s after it, not after the ask', async () => {
  api.mock.inject('createAttentionToken', { latencyMs: 10_000, times: 1 })
  setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(35_000)
  expect(tokenRequests()).toBe(1)
  await read(10_000)
  expect(tokenRequests()).toBe(2)
})

test('a renewal that answers after its token expired (the heartbeat ended that session): the new session counts from that end, and the sessions add up to the attention given', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, idleTimeoutMs: 5_000 })
  scrollTo(1)
  await read(29_000)
  api.mock.inject('createAttentionToken', { latencyMs: 35_000, times: 1 })
  // The renewal at 30 s answers at 65 s: the heartbeat at 60 s found the token expired and ended
  // its session. Reading stops at 80 s (the last input at 79 s counts until 84 s), and goes on at 140 s.
  await read(51_000)
  await advance(60_000)
  await read(10_000)
  t.unmount()
  const sessions = [...new Set(t.reports.map((r) => r.sessionId))]
  expect(t.reports.map((r) => [sessions.indexOf(r.sessionId), r.activeMs, r.final])).toEqual([
    [0, 10_000, false],
    [0, 20_000, false],
    [0, 30_000, false],
    [0, 40_000, false],
    [0, 50_000, false],
    [0, 60_000, true],
    // The 5 s from the end of the first session to the answer included.
    [1, 10_000, false],
    [1, 20_000, false],
    [1, 24_000, false],
    [1, 24_000, true],
    [2, 10_000, false],
    [2, 10_000, true],
  ])
})

test('a token that asks for a shorter heartbeat and takes its time to arrive: the attention before it counts in full', async () => {
  api.server.use(
    http.post(`${BASE_URL}/pub/v1/attention/token`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      return HttpResponse.json(
        { token: `att_${Math.random()}`, sessionId: `ses_${Math.random()}`, expiresAt: new Date(Date.now() + 600_000).toISOString(), heartbeatSeconds: 5 },
        { status: 201 },
      )
    }),
  )
  const t = setup({ minDwellMs: 0, idleTimeoutMs: 5_000 }, <video data-testid="video" />)
  scrollTo(1)
  // A video plays from 0 s, no input: the token comes at 6 s, and heartbeats every 5 s from then.
  fire(screen.getByTestId('video'), 'playing')
  await advance(16_000)
  expect(t.reports.map((r) => r.activeMs)).toEqual([11_000, 16_000])
})

test('a token nobody used since it was issued lapses, and the next attention asks again', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, idleTimeoutMs: 1_000 })
  scrollTo(1)
  input()
  await advance(10_000)
  expect(t.reports).toHaveLength(1)
  // Renewed at 30 s (there was attention since the first token), left to lapse at 60 s.
  await advance(120_000)
  expect(tokenRequests()).toBe(2)
  expect(t.root).toHaveAttribute('data-state', 'paused')
  await read(10_000)
  expect(tokenRequests()).toBe(3)
  // The renewal at 30 s ended the first session; the third token's counts from 0.
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [1_000, false],
    [1_000, true],
    [10_000, false],
  ])
})

test('a refused token request is reported once and not repeated', async () => {
  api.mock.inject('createAttentionToken', { status: 404 })
  const onError = vi.fn()
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError })
  scrollTo(1)
  await read(30_000)
  expect(tokenRequests()).toBe(1)
  expect(onError).toHaveBeenCalledTimes(1)
  expect(onError.mock.calls[0]![0]).toBeInstanceOf(PayLinkHttpError)
  expect(t.reports).toEqual([])
})

test.each([
  ['a 401', { status: 401 }],
  ['a malformed answer', { malformedJson: true, status: 201 }],
])('%s ends tracking for the mount: data-state reads stopped, not active, consent given again included', async (_, fault) => {
  api.mock.inject('createAttentionToken', fault)
  const onError = vi.fn()
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError })
  scrollTo(1)
  input()
  await advance(0)
  expect(onError).toHaveBeenCalledTimes(1)
  expect(t.root).toHaveAttribute('data-state', 'stopped')
  await read(10_000)
  expect(t.root).toHaveAttribute('data-state', 'stopped')
  t.rerender({ consent: false })
  t.rerender({ consent: true })
  input()
  expect(t.root).toHaveAttribute('data-state', 'stopped')
  expect(tokenRequests()).toBe(1)
  expect(t.reports).toEqual([])
})

test('a token request that fails while consent is withdrawn: onError hears of it once consent is given again, as data-state reads stopped', async () => {
  const onError = vi.fn()
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError })
  api.mock.inject('createAttentionToken', { latencyMs: 5_000, status: 401 })
  scrollTo(1)
  input()
  t.rerender({ consent: false })
  await advance(5_000)
  expect(onError).not.toHaveBeenCalled()
  t.rerender({ consent: true })
  await advance(0)
  expect(t.root).toHaveAttribute('data-state', 'stopped')
  expect(onError).toHaveBeenCalledTimes(1)
  expect(onError.mock.calls[0]![0]).toBeInstanceOf(PayLinkHttpError)
  t.rerender({ consent: false })
  t.rerender({ consent: true })
  await advance(0)
  expect(onError).toHaveBeenCalledTimes(1)
})

test('a renewal refused with 401: the session reports until its token expires, then data-state reads stopped', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, onError: () => {} })
  scrollTo(1)
  await read(20_000)
  api.mock.inject('createAttentionToken', { status: 401 })
  // The renewal at 30 s is refused; the token lives till 60 s.
  await read(30_000)
  expect(t.root).toHaveAttribute('data-state', 'active')
  await read(15_000)
  expect(t.root).toHaveAttribute('data-state', 'stopped')
  expect(t.reports.filter((r) => r.final).map((r) => r.activeMs)).toEqual([60_000])
  expect(tokenRequests()).toBe(2)
})

test('a laptop asleep past its token: a refusal of the next one stops tracking for good, the lapsed token\'s renewal asks for none', async () => {
  const onError = vi.fn()
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 5_000, onError })
  scrollTo(1)
  await read(2_000)
  // Asleep for 70 s: the token (a minute long, its renewal due 28 s after waking) expires meanwhile.
  vi.setSystemTime(Date.now() + 70_000)
  api.mock.inject('createAttentionToken', { status: 401, times: 1 })
  await read(40_000)
  expect(onError).toHaveBeenCalledTimes(1)
  expect(t.root).toHaveAttribute('data-state', 'stopped')
  expect(tokenRequests()).toBe(2)
  expect(t.reports).toEqual([])
})

test('a laptop asleep past its token, its renewal the first timer due on waking: nobody there, no token is asked for', async () => {
  const t = setup({ heartbeatSeconds: 7, minDwellMs: 0 })
  scrollTo(1)
  // Read till 29 s (the last input at 28 s), a token of a minute from 0 s: its renewal is due at
  // 30 s, before the heartbeat at 35 s. The lid closes at 29 s, opens ten minutes later, and nobody
  // reads on.
  await read(29_000)
  expect(tokenRequests()).toBe(1)
  vi.setSystemTime(Date.now() + 600_000)
  await advance(60_000)
  // The session expired in the sleep: it ends (its final report), and nothing asks for another.
  expect(tokenRequests()).toBe(1)
  expect(t.last()).toMatchObject({ activeMs: 28_000, final: true })
  expect(t.root).toHaveAttribute('data-state', 'paused')
})

test('a failed token request is retried at the next heartbeat, not on every input', async () => {
  api.mock.inject('createAttentionToken', { status: 503, times: 1 })
  const onError = vi.fn()
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError })
  scrollTo(1)
  await read(4_000, 100)
  expect(tokenRequests()).toBe(1)
  await read(7_000)
  expect(tokenRequests()).toBe(2)
  expect(onError).toHaveBeenCalledTimes(1)
  expect(t.last()).toMatchObject({ activeMs: 10_000 })
})

test('in an opaque-origin sandboxed frame (storage throws, every token request fails as a network error) the retries back off to one per 10 minutes, not one per heartbeat for as long as the page is open; the attention owed goes once a token comes', async () => {
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('The document is sandboxed and lacks the "allow-same-origin" flag.', 'SecurityError')
  })
  api.mock.inject('createAttentionToken', { dropConnection: true })
  const onError = vi.fn()
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError })
  scrollTo(1)
  // 20 s of reading (it counts till 30 s after the last input), then the tab left open for an hour.
  await read(20_000)
  await advance(3_600_000)
  // Asked at the first attention, then 5, 10, 20, … 320 s after each failure, then every 600 s: 12, not 725.
  expect(tokenRequests()).toBe(12)
  expect(onError).toHaveBeenCalledTimes(12)
  expect(t.reports).toEqual([])
  api.mock.inject('createAttentionToken', { times: 0 })
  await advance(600_000)
  expect(tokenRequests()).toBe(13)
  // The heartbeat after the token came, then the final report of its session, as it lapses unused.
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [49_000, false],
    [49_000, true],
  ])
})

test('a token request refused with 429 is not retried before its Retry-After', async () => {
  api.mock.inject('createAttentionToken', { retryAfter: 30, times: 1 })
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError: () => {} })
  scrollTo(1)
  await read(29_000)
  expect(tokenRequests()).toBe(1)
  expect(t.reports).toEqual([])
  await read(6_000)
  expect(tokenRequests()).toBe(2)
  expect(t.last()).toMatchObject({ activeMs: 35_000 })
})

test.each([408, 425, 500])('a token request answered %i (transient) is retried at the next heartbeat, not the end of tracking', async (status) => {
  api.mock.inject('createAttentionToken', { status, times: 1 })
  const onError = vi.fn()
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError })
  scrollTo(1)
  await read(11_000)
  expect(onError).toHaveBeenCalledTimes(1)
  expect(tokenRequests()).toBe(2)
  expect(t.root).toHaveAttribute('data-state', 'active')
  expect(t.last()).toMatchObject({ activeMs: 10_000 })
})

test('a token request answered 425 with a Retry-After is not retried before it', async () => {
  api.mock.inject('createAttentionToken', { status: 425, retryAfter: 30, times: 1 })
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError: () => {} })
  scrollTo(1)
  await read(29_000)
  expect(tokenRequests()).toBe(1)
  await read(6_000)
  expect(tokenRequests()).toBe(2)
  expect(t.last()).toMatchObject({ activeMs: 35_000 })
})

test('an onError that throws surfaces as that error, not as an unhandled rejection, and tracking goes on', async () => {
  api.mock.inject('createAttentionToken', { status: 503, times: 1 })
  const bug = new Error('a bug in the onError of the app')
  const unhandled = vi.fn()
  process.on('unhandledRejection', unhandled)
  try {
    const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError: () => { throw bug } })
    scrollTo(1)
    input()
    await expect(advance(1_000)).rejects.toBe(bug)
    await read(10_000)
    expect(tokenRequests()).toBe(2)
    expect(t.last()).toMatchObject({ activeMs: 10_000 })
    expect(unhandled).not.toHaveBeenCalled()
  } finally {
    process.off('unhandledRejection', unhandled)
  }
})

test('with beaconUrl every heartbeat and the final report on pagehide go by sendBeacon', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, beaconUrl: '/engagement' })
  scrollTo(1)
  await read(5_000)
  expect(beacon).toHaveBeenCalledTimes(1)
  expect(beacon.mock.calls[0]![0]).toBe('/engagement')
  expect(JSON.parse(beacon.mock.calls[0]![1] as string)).toEqual(t.reports[0])
  await read(2_000)
  fire(window, 'pagehide')
  expect(beacon).toHaveBeenCalledTimes(2)
  expect(JSON.parse(beacon.mock.calls[1]![1] as string)).toMatchObject({ activeMs: 7_000, final: true })
  // Nothing new to report: a second pagehide sends nothing.
  fire(window, 'pagehide')
  expect(beacon).toHaveBeenCalledTimes(2)
})

test('a browser without sendBeacon: beaconUrl is skipped without an error, and onHeartbeat gets every report', async () => {
  Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true })
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, beaconUrl: '/engagement' })
  scrollTo(1)
  await read(5_000)
  fire(window, 'pagehide')
  // A TypeError of a missing sendBeacon would be thrown in a task of its own, and reject this.
  await advance(1)
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [5_000, false],
    [5_000, true],
  ])
})

test('a beaconUrl sendBeacon refuses (not http): its TypeError comes in a task of its own, onHeartbeat still gets every report', async () => {
  const refused = new TypeError('Failed to execute sendBeacon: the URL is not http(s)')
  beacon.mockImplementation(() => {
    throw refused
  })
  try {
    const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, beaconUrl: 'ftp://collector' })
    scrollTo(1)
    await read(4_000)
    input()
    await advance(1_000)
    await expect(advance(1)).rejects.toBe(refused)
    expect(t.reports).toEqual([expect.objectContaining({ activeMs: 5_000, final: false })])
  } finally {
    beacon.mockImplementation(() => true)
  }
})

test("consent withdrawn while a renewal is on its way, then given again: the new token's session does not carry the old one's totals", async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(29_000)
  api.mock.inject('createAttentionToken', { latencyMs: 2_000, times: 1 })
  // The renewal at 30 s goes out; the token arrives while consent is withdrawn.
  await read(1_000)
  t.rerender({ consent: false })
  await advance(5_000)
  t.rerender({ consent: true })
  scrollTo(1)
  await read(10_000)
  t.unmount()
  const last = new Map(t.reports.map((r) => [r.sessionId, r.activeMs]))
  expect([...last.values()]).toEqual([30_000, 10_000])
})

test('consent withdrawn, then given again after the token expired: the attention since goes to a new session, the old one ends with its totals from before', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(25_000)
  t.rerender({ consent: false })
  // The token expires at 60 s; consent comes back at 85 s.
  await advance(60_000)
  t.rerender({ consent: true })
  scrollTo(1)
  await read(20_000)
  t.unmount()
  const [first] = t.reports
  expect(t.reports.map((r) => [r.token === first!.token, r.activeMs, r.final])).toEqual([
    [true, 10_000, false],
    [true, 20_000, false],
    [true, 25_000, true],
    [false, 10_000, false],
    [false, 20_000, false],
    [false, 20_000, true],
  ])
})

test('two short visits around a back/forward-cache restore, each under minDwellMs, are never reported', async () => {
  const t = setup({ heartbeatSeconds: 1, minDwellMs: 5_000, beaconUrl: '/engagement' })
  scrollTo(1)
  for (let visit = 0; visit < 2; visit++) {
    await read(3_000)
    setVisibility('hidden')
    fire(window, 'pagehide')
    fire(window, 'pageshow')
    setVisibility('visible')
  }
  expect(t.reports).toEqual([])
  expect(beacon).not.toHaveBeenCalled()
})

test("two trackers for the same link on one page (one in the layout, one in the article): the reader's attention is counted once, and goes on under the other when the one counting goes", async () => {
  const reports: AttentionReport[] = []
  const Wrapper = wrapperFor()
  const tracker = (name: string, idleTimeoutMs?: number) => (
    <AttentionTracker consent code={MOCK_LINKS.demo} heartbeatSeconds={5} minDwellMs={0} idleTimeoutMs={idleTimeoutMs} onHeartbeat={(r) => reports.push(r)}>
      <p>{name}</p>
    </AttentionTracker>
  )
  const ui = (layout: boolean, idleTimeoutMs?: number) => (
    <Wrapper>
      {layout && tracker('Layout', idleTimeoutMs)}
      {tracker('Article')}
      {/* Another link is other attention: it counts alongside. */}
      <AttentionTracker consent code="other" heartbeatSeconds={5} minDwellMs={0} />
    </Wrapper>
  )
  const view = render(ui(true))
  scrollTo(1)
  await read(10_000)
  expect(reports.map((r) => r.activeMs)).toEqual([5_000, 10_000])
  // A new setting restarts the layout's tracker, which waits for its new observer: the article's
  // counts meanwhile, and on once the layout's is gone.
  view.rerender(ui(true, 20_000))
  await read(5_000)
  view.rerender(ui(false))
  await read(10_000)
  view.unmount()
  // The layout's, the other link's, and the article's.
  expect(tokenRequests()).toBe(3)
  // Each session's last totals add up to the 25 s the reader gave the link.
  const sessions = new Map(reports.map((r) => [r.sessionId, r.activeMs]))
  expect([...sessions.values()]).toEqual([10_000, 15_000])
})

test('two trackers for the same link leaving the page together: the one waiting asks for no token on its way out', async () => {
  const Wrapper = wrapperFor()
  const view = render(
    <Wrapper>
      <AttentionTracker consent code={MOCK_LINKS.demo} heartbeatSeconds={5} minDwellMs={0}>
        <p>Layout</p>
      </AttentionTracker>
      <AttentionTracker consent code={MOCK_LINKS.demo} heartbeatSeconds={5} minDwellMs={0}>
        <p>Article</p>
      </AttentionTracker>
    </Wrapper>,
  )
  scrollTo(1)
  await read(10_000)
  expect(tokenRequests()).toBe(1)
  // A route change unmounts both in one commit: the counting one's cleanup must not hand the
  // counting to the other, about to go too, which would ask for a token no report ever uses.
  view.unmount()
  await read(1_000)
  expect(tokenRequests()).toBe(1)
})

test('of two trackers for the same link, one whose token request was refused (stopped) leaves the counting to the other: the reader is still credited', async () => {
  // A passing refusal (a gateway's 401 while a login refreshed) met by the first tracker only.
  api.mock.inject('createAttentionToken', { status: 401, times: 1 })
  const reports: AttentionReport[] = []
  const Wrapper = wrapperFor()
  const tracker = (name: string) => (
    <AttentionTracker data-testid={name} consent code={MOCK_LINKS.demo} heartbeatSeconds={5} minDwellMs={0} onHeartbeat={(r) => reports.push(r)}>
      <p>{name}</p>
    </AttentionTracker>
  )
  render(
    <Wrapper>
      {tracker('layout')}
      {tracker('article')}
    </Wrapper>,
  )
  scrollTo(1)
  await read(10_000)
  expect(screen.getByTestId('layout')).toHaveAttribute('data-state', 'stopped')
  expect(screen.getByTestId('article')).toHaveAttribute('data-state', 'active')
  expect(tokenRequests()).toBe(2)
  // All 10 s, from the first: the refusal hands the counting over at once, not at the reader's next input.
  expect(reports.map((r) => r.activeMs)).toEqual([5_000, 10_000])
})

test('two islands (two React roots, each with its own PayLinkProvider of the same API, as Astro renders them) credit a reader once; another user\'s API counts on its own', async () => {
  const reports: [string, AttentionReport][] = []
  // Each island makes its own client from the same options, as `<PayLinkProvider baseUrl>` does.
  const island = (name: string, headers?: Record<string, string>) =>
    render(
      <PayLinkProvider baseUrl={BASE_URL} retry={false} headers={headers}>
        <AttentionTracker data-testid={name} consent code={MOCK_LINKS.demo} heartbeatSeconds={5} minDwellMs={0} onHeartbeat={(r) => reports.push([name, r])}>
          <p>{name}</p>
        </AttentionTracker>
      </PayLinkProvider>,
    )
  island('layout')
  island('article')
  island('other user', { Authorization: 'Bearer another-user' })
  scrollTo(1)
  await read(10_000)
  expect(screen.getByTestId('layout')).toHaveAttribute('data-state', 'active')
  expect(screen.getByTestId('article')).toHaveAttribute('data-state', 'waiting')
  expect(screen.getByTestId('other user')).toHaveAttribute('data-state', 'active')
  expect(tokenRequests()).toBe(2)
  expect(reports.map(([name, r]) => [name, r.activeMs])).toEqual([
    ['layout', 5_000],
    ['other user', 5_000],
    ['layout', 10_000],
    ['other user', 10_000],
  ])
})

test('a new code mid-reading (the next article, reached by a click): the input before it still counts', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, idleTimeoutMs: 30_000 })
  scrollTo(1)
  await read(7_000)
  input()
  t.rerender({ code: MOCK_LINKS.engagement })
  scrollTo(1)
  // No input since the click: it keeps counting for idleTimeoutMs.
  await advance(20_000)
  expect(t.root).toHaveAttribute('data-state', 'active')
  expect(t.last()).toMatchObject({ activeMs: 20_000, final: false })
})

test('a tracker remounted per article (key={code}, or a router that remounts the page): the input before the click still counts', async () => {
  const reports: AttentionReport[] = []
  const Wrapper = wrapperFor()
  const page = (code: string) => (
    <Wrapper>
      <AttentionTracker key={code} data-testid="tracker" consent code={code} heartbeatSeconds={5} minDwellMs={0} onHeartbeat={(r) => reports.push(r)}>
        <p>Article</p>
      </AttentionTracker>
    </Wrapper>
  )
  const view = render(page(MOCK_LINKS.demo))
  scrollTo(1)
  await read(7_000)
  input()
  view.rerender(page(MOCK_LINKS.engagement))
  scrollTo(1)
  // No input since the click: it keeps counting for idleTimeoutMs, as with a new code.
  await advance(20_000)
  expect(screen.getByTestId('tracker')).toHaveAttribute('data-state', 'active')
  expect(reports[reports.length - 1]).toMatchObject({ activeMs: 20_000, final: false })
})

test("minDwellMs holds before the first report only: a renewed token's first seconds are reported, and the sessions add up to the attention given", async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 3_000 })
  scrollTo(1)
  // Renewed at 30 s; left 2 s later.
  await read(32_000)
  fire(window, 'pagehide')
  const last = new Map(t.reports.map((r) => [r.sessionId, r.activeMs]))
  expect([...last.values()]).toEqual([30_000, 2_000])
})

test('an onHeartbeat that throws surfaces as that error, in a task of its own, and does not cost the beacon its report', async () => {
  const bug = new Error('a bug in the onHeartbeat of the app')
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, beaconUrl: '/engagement', onHeartbeat: () => { throw bug } })
  scrollTo(1)
  await read(4_000)
  input()

  // The heartbeat at 5 s, then its callback's error in a task of its own (a timer, 1 ms later).
  await advance(1_000)
  await expect(advance(1)).rejects.toBe(bug)
  expect(beacon).toHaveBeenCalledTimes(1)
  expect(JSON.parse(beacon.mock.calls[0]![1] as string)).toMatchObject({ activeMs: 5_000, final: false })
  // The session reported, so unmounting sends its final report: the beacon goes, then the callback's error comes.
  t.unmount()
  expect(JSON.parse(beacon.mock.calls[1]![1] as string)).toMatchObject({ activeMs: 5_001, final: true })
  await expect(advance(1)).rejects.toBe(bug)
})

test("an onHeartbeat that throws at a renewal's final report: the new token takes over, and tracking goes on", async () => {
  const bug = new Error('a bug in the onHeartbeat of the app')
  const onError = vi.fn()
  let throws = 1
  const reports: AttentionReport[] = []
  setup({ heartbeatSeconds: 10, minDwellMs: 0, onError, onHeartbeat: (r) => {
    reports.push(r)
    if (r.final && throws-- > 0) throw bug
  } })
  scrollTo(1)
  // Tokens live 60 s: renewed at 30 s, with the final report of the first session.
  await expect(read(31_000)).rejects.toBe(bug)
  await read(100_000)
  expect(onError).not.toHaveBeenCalled()
  // A token every 30 s (they live 60 s, renewed 30 s before they expire): five in 131 s, each reported.
  expect(tokenRequests()).toBe(5)
  const sessions = reports.map((r) => r.sessionId)
  expect(new Set(sessions).size).toBe(5)
  // No session reports after its final report.
  for (const [i, r] of reports.entries()) if (r.final) expect(sessions.indexOf(r.sessionId, i + 1)).toBe(-1)
})

test('an onHeartbeat that throws at pagehide: the session ends all the same, and a page restored from the back/forward cache gets a new token', async () => {
  let throws = 1
  const reports: AttentionReport[] = []
  setup({ heartbeatSeconds: 5, minDwellMs: 0, onHeartbeat: (r) => {
    reports.push(r)
    if (r.final && throws-- > 0) throw new Error('a bug in the onHeartbeat of the app')
  } })
  scrollTo(1)
  await read(7_000)
  fire(window, 'pagehide')
  await expect(advance(1)).rejects.toThrow('a bug in the onHeartbeat of the app')
  fire(window, 'pageshow')
  await read(10_000)
  expect(tokenRequests()).toBe(2)
  expect(reports.slice(0, 2).map((r) => r.final)).toEqual([false, true])
  expect(reports[2]!.sessionId).not.toBe(reports[0]!.sessionId)
})

test('below minDwellMs nothing is reported, not even on hidden or pagehide', async () => {
  const t = setup({ minDwellMs: 3_000, beaconUrl: '/engagement' })
  scrollTo(1)
  await read(2_000)
  setVisibility('hidden')
  fire(window, 'pagehide')
  expect(t.reports).toEqual([])
  expect(beacon).not.toHaveBeenCalled()
})

// Mobile browsers often fire no pagehide: the user switches apps and the tab is killed later,
// hidden. What is owed goes when the document turns hidden.
test('going hidden sends the attention not yet reported at once, by beacon and onHeartbeat, not final', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, beaconUrl: '/engagement' })
  scrollTo(1)
  await read(7_000)
  expect(t.reports).toHaveLength(1)
  setVisibility('hidden')
  const [heartbeat, flush] = t.reports
  expect(flush).toEqual({ token: heartbeat!.token, sessionId: heartbeat!.sessionId, activeMs: 7_000, visibleMs: 7_000, final: false })
  expect(beacon).toHaveBeenCalledTimes(2)
  expect(JSON.parse(beacon.mock.calls[1]![1] as string)).toEqual(flush)
  // The tab is killed later without a pagehide: nothing more was owed, and the token renewed at
  // 30 s ends the session with the same totals.
  await advance(60_000)
  expect(t.reports.slice(2)).toEqual([{ ...flush, final: true }])
})

test('turned hidden while the first token was on its way: the attention owed goes when the token comes, not at a heartbeat a killed tab may never run', async () => {
  api.mock.inject('createAttentionToken', { latencyMs: 6_000, times: 1 })
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0, beaconUrl: '/engagement' })
  scrollTo(1)
  await read(4_000)
  setVisibility('hidden')
  expect(t.reports).toEqual([])
  await advance(2_000)
  expect(t.reports).toEqual([expect.objectContaining({ activeMs: 4_000, visibleMs: 4_000, final: false })])
  expect(JSON.parse(beacon.mock.calls[0]![1] as string)).toEqual(t.reports[0])
})

test('shown again after hidden, counting goes on in the same session: the next heartbeat has the same token', async () => {
  const t = setup({ heartbeatSeconds: 10, minDwellMs: 0 })
  scrollTo(1)
  await read(4_000)
  setVisibility('hidden')
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([[4_000, false]])
  await advance(2_000)
  setVisibility('visible')
  expect(t.root).toHaveAttribute('data-state', 'active')
  await read(4_000)
  const [flush, heartbeat] = t.reports
  // 0–4 s and 6–10 s.
  expect(heartbeat).toEqual({ token: flush!.token, sessionId: flush!.sessionId, activeMs: 8_000, visibleMs: 8_000, final: false })
  expect(tokenRequests()).toBe(1)
})

test('pagehide after going hidden sends the final report, with the totals the hidden report already carried', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, beaconUrl: '/engagement' })
  scrollTo(1)
  await read(7_000)
  setVisibility('hidden')
  fire(window, 'pagehide')
  expect(t.reports.map((r) => [r.activeMs, r.visibleMs, r.final])).toEqual([
    [5_000, 5_000, false],
    [7_000, 7_000, false],
    [7_000, 7_000, true],
  ])
  expect(new Set(t.reports.map((r) => r.token)).size).toBe(1)
  expect(JSON.parse(beacon.mock.calls[2]![1] as string)).toEqual(t.reports[2])
})

test('a session that reported ends with a final report on unmount even with nothing new since', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, idleTimeoutMs: 1_000 })
  scrollTo(1)
  await read(5_000)
  await advance(3_000)
  t.unmount()
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [5_000, false],
    [5_000, true],
  ])
})

test('without attention nothing is reported on hidden nor on pagehide, even with a token', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, beaconUrl: '/engagement' })
  scrollTo(1)
  // Attention starts, and the token comes, but none is counted before the page goes.
  input()
  await advance(0)
  expect(tokenRequests()).toBe(1)
  setVisibility('hidden')
  fire(window, 'pagehide')
  t.unmount()
  expect(t.reports).toEqual([])
  expect(beacon).not.toHaveBeenCalled()
})

test('going hidden again without new attention sends no second report', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, beaconUrl: '/engagement' })
  scrollTo(1)
  await read(7_000)
  setVisibility('hidden')
  expect(t.reports).toHaveLength(2)
  // A repeated event, then shown and hidden again before any attention counts.
  setVisibility('hidden')
  setVisibility('visible')
  setVisibility('hidden')
  await advance(20_000)
  expect(t.reports).toHaveLength(2)
  expect(beacon).toHaveBeenCalledTimes(2)
})

test('unmounting sends the unsent attention, then detaches everything', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0 })
  scrollTo(1)
  await read(7_000)
  t.unmount()
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [5_000, false],
    [7_000, true],
  ])
  expect(FakeIntersectionObserver.live.size).toBe(0)
  await read(30_000)
  fire(window, 'pagehide')
  expect(t.reports).toHaveLength(2)
  expect(tokenRequests()).toBe(1)
})

test('the final report ends the session: a page restored from the back/forward cache starts a new one', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0 })
  scrollTo(1)
  await read(7_000)
  const hide = () => act(() => void window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true })))
  hide()
  setVisibility('hidden')
  act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })))
  setVisibility('visible')
  await read(10_000)
  hide()
  const [first] = t.reports
  expect(t.reports.map((r) => [r.token === first!.token, r.activeMs, r.final])).toEqual([
    [true, 5_000, false],
    [true, 7_000, true],
    // The heartbeat keeps its rhythm from the first session.
    [false, 3_000, false],
    [false, 8_000, false],
    [false, 10_000, true],
  ])
  expect(t.reports[2]!.sessionId).not.toBe(first!.sessionId)
  expect(tokenRequests()).toBe(2)
})

test('another viewer starts over with a new token; the unsent attention goes with the old one', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0 })
  scrollTo(1)
  await read(7_000)
  t.rerender({ viewerId: 'viewer-2' })
  expect(t.reports.map((r) => [r.activeMs, r.final])).toEqual([
    [5_000, false],
    [7_000, true],
  ])
  const [first, last] = t.reports
  expect(last!.token).toBe(first!.token)
  scrollTo(1)
  await read(5_000)
  expect(tokenRequests()).toBe(2)
  expect(t.last()).toMatchObject({ activeMs: 5_000, final: false })
  expect(t.last()!.token).not.toBe(first!.token)
})

test('a new viewer and withdrawn consent in one render send nothing more', async () => {
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0 })
  scrollTo(1)
  await read(7_000)
  t.rerender({ viewerId: 'viewer-2', consent: false })
  t.unmount()
  expect(t.reports.map((r) => r.activeMs)).toEqual([5_000])
})

test('a new link: the old link’s final report goes to its own onHeartbeat and beaconUrl, not to the new link’s', async () => {
  const booked: [string, number, boolean][] = []
  const link = (code: string) => ({ code, beaconUrl: `/engagement/${code}`, onHeartbeat: (r: AttentionReport) => booked.push([code, r.activeMs, r.final]) })
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, ...link(MOCK_LINKS.demo) })
  scrollTo(1)
  await read(7_000)
  t.rerender(link(MOCK_LINKS.engagement))
  scrollTo(1)
  await read(5_000)
  expect(booked).toEqual([
    [MOCK_LINKS.demo, 5_000, false],
    [MOCK_LINKS.demo, 7_000, true],
    [MOCK_LINKS.engagement, 5_000, false],
  ])
  expect(beacon.mock.calls.map(([url, body]) => [url, JSON.parse(body as string).final])).toEqual([
    [`/engagement/${MOCK_LINKS.demo}`, false],
    [`/engagement/${MOCK_LINKS.demo}`, true],
    [`/engagement/${MOCK_LINKS.engagement}`, false],
  ])
})

test("another client (another user's headers, a sandbox/live switch): the old session ends with its final report, and attention after it goes under the new client's token", async () => {
  // Which client each token was issued to.
  const issuedTo = new Map<string, string>()
  const clientOf = (user: string) =>
    testClient(async (input, init) => {
      const response = await fetch(input, init)
      if (String(input instanceof Request ? input.url : input).endsWith('/attention/token')) issuedTo.set((await response.clone().json()).token, user)
      return response
    })
  const [alice, bob] = [clientOf('alice'), clientOf('bob')]
  const reports: [string | undefined, number, boolean][] = []
  const queryClient = new QueryClient()
  const page = (client: PayLinkClient) => (
    <QueryClientProvider client={queryClient}>
      <PayLinkProvider client={client}>
        <AttentionTracker consent code={MOCK_LINKS.demo} heartbeatSeconds={5} minDwellMs={0} onHeartbeat={(r) => reports.push([issuedTo.get(r.token), r.activeMs, r.final])}>
          <p>Article</p>
        </AttentionTracker>
      </PayLinkProvider>
    </QueryClientProvider>
  )
  const view = render(page(alice))
  scrollTo(1)
  await read(7_000)
  view.rerender(page(bob))
  scrollTo(1)
  await read(5_000)
  expect(reports).toEqual([
    ['alice', 5_000, false],
    ['alice', 7_000, true],
    ['bob', 5_000, false],
  ])
})

/** A tracker under an app QueryClient with these mutation defaults, inside an error boundary. */
function underAppDefaults(mutations: object, onError: (error: unknown) => void) {
  const Wrapper = wrapperFor(testClient(), new QueryClient({ defaultOptions: { mutations } }))
  render(
    <ErrorBoundary>
      <Wrapper>
        <AttentionTracker consent heartbeatSeconds={5} minDwellMs={0} onError={onError}>
          <p>Article</p>
        </AttentionTracker>
      </Wrapper>
    </ErrorBoundary>,
  )
}

test('an app QueryClient whose mutations throw (throwOnError): a refused token request keeps the content and goes to onError', async () => {
  api.mock.inject('createAttentionToken', { status: 404 })
  const onError = vi.fn()
  underAppDefaults({ throwOnError: true, retry: false }, onError)
  scrollTo(1)
  await read(10_000)
  expect(screen.getByText('Article')).toBeInTheDocument()
  expect(onError).toHaveBeenCalledTimes(1)
})

test('an app QueryClient whose mutations retry: a failed token request is asked once, and again at the next heartbeat', async () => {
  api.mock.inject('createAttentionToken', { status: 503, times: 1 })
  const onError = vi.fn()
  underAppDefaults({ retry: 3, retryDelay: 0 }, onError)
  scrollTo(1)
  await read(4_000, 100)
  expect(tokenRequests()).toBe(1)
  expect(onError).toHaveBeenCalledTimes(1)
  await read(2_000)
  expect(tokenRequests()).toBe(2)
})

test('unmounting while the token request is in flight leaves nothing running', async () => {
  api.mock.inject('createAttentionToken', { latencyMs: 1_000 })
  const onError = vi.fn()
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0, onError })
  scrollTo(1)
  input()
  t.unmount()
  await advance(60_000)
  expect(tokenRequests()).toBe(1)
  expect(t.reports).toEqual([])
  expect(onError).not.toHaveBeenCalled()
})

test('children render once over 60 s of tracked attention', async () => {
  let renders = 0
  function Child() {
    renders += 1
    return <p>Article</p>
  }
  const t = setup({ heartbeatSeconds: 5, minDwellMs: 0 }, <Child />)
  scrollTo(1)
  await read(30_000)
  fire(window, 'blur')
  fire(window, 'focus')
  setVisibility('hidden')
  setVisibility('visible')
  await read(30_000)
  expect(t.reports.length).toBeGreaterThanOrEqual(10)
  expect(renders).toBe(1)
})

test('className, ref, rest props, as and unstyled reach the root', () => {
  const ref = createRef<HTMLElement>()
  const t = setup({ as: 'section', className: 'mine', 'aria-label': 'Article', ref } as Partial<AttentionTrackerProps>)
  const section = screen.getByRole('region', { name: 'Article' })
  expect(section).toBe(t.root)
  expect(ref.current).toBe(section)
  expect(section).toHaveClass('paylink-root', 'paylink-attention-tracker', 'mine')
  expect(section).toHaveTextContent('Article')
  t.rerender({ as: 'section', unstyled: true, className: 'mine' })
  expect(screen.getByTestId('tracker')).toHaveAttribute('class', 'mine')
  expect(screen.getByTestId('tracker')).toHaveAttribute('data-state', 'waiting')
  // Another element type is another node: the ref follows it.
  t.rerender({ as: 'article', ref } as Partial<AttentionTrackerProps>)
  expect(ref.current).toBe(screen.getByRole('article'))
})

test('outside a PayLinkProvider, the error names AttentionTracker, not a hook the app never called', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => render(<AttentionTracker consent={false}>Article</AttentionTracker>)).toThrow(/^AttentionTracker must be used inside <PayLinkProvider>/)
})

test('renders on a server: children and the initial data-state', () => {
  const Wrapper = wrapperFor()
  const html = renderToString(
    <Wrapper>
      <AttentionTracker consent={false} code={MOCK_LINKS.demo}>
        <p>Server article</p>
      </AttentionTracker>
    </Wrapper>,
  )
  expect(html).toContain('<p>Server article</p>')
  expect(html).toContain('data-state="idle"')
  expect(html).toContain('class="paylink-root paylink-attention-tracker"')
  expect(renderToString(<Wrapper><AttentionTracker consent>Article</AttentionTracker></Wrapper>)).toContain('data-state="waiting"')
})
