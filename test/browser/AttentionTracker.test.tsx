import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { Activity, type CSSProperties } from 'react'
import { userEvent } from 'vitest/browser'
import { createPayLinkClient } from '../../src/client.js'
import type { AttentionReport } from '../../src/components/AttentionReporter.js'
import { AttentionTracker } from '../../src/components/AttentionTracker.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import '../../src/styles.css'

// The browser's own IntersectionObserver and scrolling: which thresholds fire as a reader scrolls
// is what a stand-in observer cannot show.

afterEach(async () => {
  if (document.fullscreenElement) await document.exitFullscreen()
  cleanup()
  window.scrollTo(0, 0)
})

let tokens = 0
const tokenFetch = async () =>
  Response.json(
    { token: `att_${++tokens}`, sessionId: `ses_${tokens}`, expiresAt: new Date(Date.now() + 600_000).toISOString() },
    { status: 201 },
  )
// Two frames: the observer has computed the intersections of the scroll position in between.
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))

/**
 * An article `screens` viewports tall below a hero a viewport and a half tall, with a footer, tracked
 * with heartbeats every second; the tracker in a wrapper of `wrapperStyle` (a collapsible, a "Read more").
 */
async function articleBelowTheFold(screens: number, wrapperStyle?: CSSProperties) {
  const vh = window.innerHeight
  const reports: AttentionReport[] = []
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false, fetch: tokenFetch as typeof fetch })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <div style={{ height: vh * 1.5 }}>Hero image</div>
        <div data-testid="wrapper" style={wrapperStyle}>
          <AttentionTracker data-testid="tracker" consent heartbeatSeconds={1} minDwellMs={0} idleTimeoutMs={600_000} onHeartbeat={(r) => reports.push(r)}>
            <div data-testid="article" style={{ height: vh * screens }}>
              Long article
            </div>
          </AttentionTracker>
        </div>
        <div style={{ height: vh * 3 }}>Footer</div>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  // A real click: the document has the focus, and there was input.
  await userEvent.click(screen.getByText('Hero image'))
  await frames()
  return { reports, tracker: screen.getByTestId('tracker'), article: screen.getByTestId('article'), wrapper: screen.getByTestId('wrapper') }
}

/** Scrolls down a quarter of a viewport at a time, as a reader does, until the article fills the viewport. */
async function scrollIntoArticle() {
  const vh = window.innerHeight
  for (let y = 0; y <= vh * 4; y += vh / 4) {
    window.scrollTo(0, y)
    await frames()
  }
  const { top, bottom } = screen.getByTestId('tracker').getBoundingClientRect()
  expect(top <= 0 && bottom >= vh).toBe(true)
}

test('an article 25 screens tall, scrolled into from above until it fills the viewport, counts and is reported', async () => {
  const { reports, tracker } = await articleBelowTheFold(25)
  await scrollIntoArticle()
  await expect.poll(() => tracker.getAttribute('data-state')).toBe('active')
  await expect.poll(() => reports.length, { timeout: 3_000 }).toBeGreaterThan(0)
  expect(reports[0]).toMatchObject({ final: false, activeMs: expect.any(Number) })
})

test('an article that grows to 25 screens after it is tracked (its text loaded late) counts when scrolled into', async () => {
  const { tracker, article } = await articleBelowTheFold(1)
  article.style.height = `${window.innerHeight * 25}px`
  await frames()
  await scrollIntoArticle()
  await expect.poll(() => tracker.getAttribute('data-state')).toBe('active')
})

test('an article 25 screens tall in a collapsible closed when it is tracked (height 0), opened after, counts when scrolled into', async () => {
  const { tracker, wrapper } = await articleBelowTheFold(25, { height: 0, overflow: 'hidden' })
  // Opened: the wrapper grows, the article keeps its size.
  wrapper.style.height = 'auto'
  await frames()
  await scrollIntoArticle()
  await expect.poll(() => tracker.getAttribute('data-state')).toBe('active')
})

test('an article behind a "Read more" (max-height 100px) expanded after it is tracked does not count with 60 px of it in view', async () => {
  const { tracker, wrapper } = await articleBelowTheFold(25, { maxHeight: 100, overflow: 'hidden' })
  wrapper.style.maxHeight = 'none'
  await frames()
  // The article's top 60 px at the bottom of the viewport, scrolled to a quarter viewport at a time.
  const top = tracker.getBoundingClientRect().top + window.scrollY
  for (let y = 0; y < top - window.innerHeight + 60; y += window.innerHeight / 4) {
    window.scrollTo(0, y)
    await frames()
  }
  window.scrollTo(0, top - window.innerHeight + 60)
  await frames()
  await frames()
  expect(tracker.getBoundingClientRect().top).toBeCloseTo(window.innerHeight - 60, 0)
  expect(tracker.getAttribute('data-state')).not.toBe('active')
})

test('a feed in a sidebar scroll pane a third of the viewport tall counts while it fills the pane, and not once the pane is scrolled out of view', async () => {
  const vh = window.innerHeight
  const reports: AttentionReport[] = []
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false, fetch: tokenFetch as typeof fetch })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <h2>Latest</h2>
        <aside data-testid="pane" style={{ overflow: 'auto', height: vh / 3 }}>
          <AttentionTracker data-testid="tracker" consent heartbeatSeconds={1} minDwellMs={0} idleTimeoutMs={600_000} onHeartbeat={(r) => reports.push(r)}>
            <div style={{ height: vh * 3 }}>Feed</div>
          </AttentionTracker>
        </aside>
        <div style={{ height: vh * 3 }}>Page below</div>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  await userEvent.click(screen.getByText('Latest'))
  const pane = screen.getByTestId('pane')
  pane.scrollTop = vh / 2
  await frames()
  const tracker = screen.getByTestId('tracker')
  await expect.poll(() => tracker.getAttribute('data-state')).toBe('active')
  await expect.poll(() => reports.length, { timeout: 3_000 }).toBeGreaterThan(0)
  // The page scrolled until a sliver of the pane shows at the top.
  window.scrollTo(0, pane.getBoundingClientRect().bottom - 20)
  await frames()
  await expect.poll(() => tracker.getAttribute('data-state')).toBe('paused')
})

test('as="li" with the stylesheet stays a list item: its number shows, and the items after it are numbered on', async () => {
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false, fetch: tokenFetch as typeof fetch })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <ol>
          <li>First</li>
          <AttentionTracker as="li" consent={false} data-testid="tracked">
            Second, tracked
          </AttentionTracker>
          <li>Third</li>
        </ol>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const tracked = screen.getByTestId('tracked')
  expect(tracked).toHaveClass('paylink-attention-tracker')
  // Only a list item has a marker and counts in its list: as a block, it showed no "2." and the
  // item after it read "2." instead of "3.".
  expect(getComputedStyle(tracked).display).toBe('list-item')
})

test('a token request that fails while the tracker is in a hidden <Activity>: onError hears of it when shown again, not before', async () => {
  let answer!: (response: Response) => void
  const fetch = () => new Promise<Response>((resolve) => (answer = resolve))
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false, fetch: fetch as typeof globalThis.fetch })
  const queryClient = new QueryClient()
  const onError = vi.fn()
  const ui = (mode: 'visible' | 'hidden') => (
    <QueryClientProvider client={queryClient}>
      <PayLinkProvider client={client}>
        <Activity mode={mode}>
          <AttentionTracker data-testid="tracker" consent minDwellMs={0} onError={onError}>
            Article
          </AttentionTracker>
        </Activity>
      </PayLinkProvider>
    </QueryClientProvider>
  )
  const { rerender } = render(ui('visible'))
  await userEvent.click(screen.getByText('Article'))
  await expect.poll(() => answer).toBeDefined()
  rerender(ui('hidden'))
  answer(Response.json({ code: 'unauthorized', message: 'No key' }, { status: 401 }))
  await expect.poll(() => queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error')
  await frames()
  expect(onError).not.toHaveBeenCalled()
  rerender(ui('visible'))
  await expect.poll(() => onError.mock.calls.length).toBe(1)
  expect(screen.getByTestId('tracker')).toHaveAttribute('data-state', 'stopped')
})

/** A tracker around `content` below a spacer a viewport tall, then a player outside it and a footer; players are half a viewport tall. */
function fullscreenPage(content: 'text' | 'player') {
  const vh = window.innerHeight
  const client = createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false, fetch: tokenFetch as typeof fetch })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={client}>
        <div style={{ height: vh }}>Spacer</div>
        <AttentionTracker data-testid="tracker" consent minDwellMs={0} idleTimeoutMs={600_000}>
          {content === 'player' ? <div data-testid="own" style={{ height: vh / 2, background: 'black' }} /> : <div style={{ height: vh }}>Article</div>}
        </AttentionTracker>
        <div data-testid="other" style={{ height: vh / 2, background: 'black' }} />
        <div style={{ height: vh * 3 }}>Footer</div>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  return screen.getByTestId('tracker')
}

/** A real click on `target` (input, and the user activation fullscreen needs) that shows `player` fullscreen. */
async function clickToFullscreen(target: Element, player: Element) {
  document.addEventListener('click', () => void player.requestFullscreen(), { once: true })
  await userEvent.click(target)
  await expect.poll(() => document.fullscreenElement).toBe(player)
}

test('content covered by another element shown fullscreen (the next creator’s video) stops counting, input or not', async () => {
  const tracker = fullscreenPage('text')
  // The article fills the viewport but for the other player's top, below it.
  window.scrollTo(0, window.innerHeight * 1.25)
  await frames()
  await userEvent.click(screen.getByText('Article'))
  await expect.poll(() => tracker.getAttribute('data-state')).toBe('active')
  await clickToFullscreen(screen.getByText('Article'), screen.getByTestId('other'))
  await expect.poll(() => tracker.getAttribute('data-state')).toBe('paused')
})

test('content whose own player is shown fullscreen counts, though less than half of it was in view before', async () => {
  const tracker = fullscreenPage('player')
  // The player's bottom 40% at the top of the viewport, where its fullscreen button is: not in view.
  window.scrollTo(0, window.innerHeight * 1.3)
  await frames()
  await clickToFullscreen(screen.getByTestId('other'), screen.getByTestId('own'))
  await expect.poll(() => tracker.getAttribute('data-state')).toBe('active')
})
