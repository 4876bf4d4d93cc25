import type { Meta, StoryObj } from '@storybook/react-vite'
import { http } from 'msw'
import { useEffect, useState } from 'react'
import { expect, userEvent, waitFor } from 'storybook/test'
import { type AttentionReport, lastInput } from '../src/components/AttentionReporter.js'
import { AttentionTracker, type AttentionTrackerProps } from '../src/components/AttentionTracker.js'
import { MOCK_LINKS } from '../src/mock/browser.js'
import { storyBaseUrl } from './support/paylinkMock.js'

/**
 * The tracker with what a host page would put around it: a consent checkbox, a button that hides
 * the article, and the heartbeat log, all outside the tracked children.
 */
function TrackerDemo({ consent: consentArg, onHeartbeat, onError, ...props }: AttentionTrackerProps) {
  const [consent, setConsent] = useState(consentArg)
  useEffect(() => setConsent(consentArg), [consentArg])
  const [shown, setShown] = useState(true)
  const [reports, setReports] = useState<AttentionReport[]>([])
  const [failure, setFailure] = useState<string>()
  const last = reports[reports.length - 1]
  return (
    <div style={{ display: 'grid', gap: '1rem', maxWidth: '40rem' }}>
      <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
        <label>
          <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} /> Allow
          attention tracking
        </label>
        <button type="button" onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide the article' : 'Show the article'}
        </button>
      </div>
      <div style={{ display: shown ? 'block' : 'none' }}>
        <AttentionTracker
          {...props}
          consent={consent}
          onHeartbeat={(report) => {
            onHeartbeat?.(report)
            setReports((all) => [...all, report])
          }}
          onError={(error) => {
            onError?.(error)
            setFailure(error instanceof Error ? error.message : String(error))
          }}
        />
      </div>
      <section aria-label="Heartbeat log">
        <p>
          Attention counted: <output aria-label="Attention counted">{last ? `${last.activeMs} ms` : 'none yet'}</output>
        </p>
        {failure && <p role="alert">Token request failed: {failure}</p>}
        <ol aria-label="Heartbeats">
          {reports.map((r, i) => (
            <li key={i}>
              {r.final ? 'Final report' : 'Heartbeat'}: {r.activeMs} ms attention, {r.visibleMs} ms visible (session{' '}
              {r.sessionId})
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

function Article() {
  return (
    <article style={{ border: '1px solid currentColor', borderRadius: 8, padding: '1rem' }}>
      <p>
        <strong>Paid article.</strong> Attention is counted while at least half of this box is on screen, the tab is
        visible, the window has focus, and you moved, scrolled or typed in the last 30 seconds (or a video inside plays with its sound on).
      </p>
    </article>
  )
}

const meta = {
  title: 'Components/AttentionTracker',
  component: AttentionTracker,
  tags: ['autodocs'],
  render: (args) => <TrackerDemo {...args} />,
  // Each story is a new visit. The page's last input is shared by every tracker, as on a real page:
  // the previous story's (a key that moved here from Tracking) would start this one active.
  beforeEach: () => {
    lastInput.current = -Infinity
  },
  // Short intervals so that a story shows (and a test sees) heartbeats within seconds.
  args: { consent: true, code: MOCK_LINKS.demo, heartbeatSeconds: 1, minDwellMs: 500, children: <Article /> },
  argTypes: {
    code: { control: 'select', options: Object.values(MOCK_LINKS) },
    as: { control: 'select', options: ['div', 'section', 'article', 'main', 'aside', 'figure', 'span'] },
    children: { control: false },
    onHeartbeat: { action: 'heartbeat' },
    onError: { action: 'error' },
  },
} satisfies Meta<typeof AttentionTracker>

export default meta
type Story = StoryObj<typeof meta>

const tracker = (canvasElement: HTMLElement) => canvasElement.querySelector('.paylink-attention-tracker')
const expectState = (canvasElement: HTMLElement, state: string, timeout = 3_000) =>
  waitFor(() => expect(tracker(canvasElement)).toHaveAttribute('data-state', state), { timeout })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A reader who is here: the window has focus (the test page may not have it) and the pointer moves. */
function attend() {
  // The frame takes the focus (a story run on its own has had no click to give it one).
  window.focus()
  window.dispatchEvent(new FocusEvent('focus'))
  document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }))
}

/**
 * A reader who goes on moving the pointer until `expectation` holds. A play starts once the story
 * has rendered, which can be before the trackers' effects have run and so before they listen: an
 * input then is heard by none. In a built Storybook the play's first input came about 20 ms before
 * the trackers listened in Chromium and about 110 ms before in WebKit (Safari's engine), and the
 * tracker waited for good.
 */
const attendUntil = (expectation: () => unknown) =>
  waitFor(
    () => {
      attend()
      expectation()
    },
    { timeout: 3_000 },
  )

/**
 * No consent yet (`idle`): nothing is requested or counted, whatever the reader does. The story
 * stays so: ticking the box is `ConsentGiven`.
 */
export const WaitingForConsent: Story = {
  args: { consent: false },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'idle')
    attend()
    await sleep(1_500)
    await expect(canvas.getByRole('status', { name: 'Attention counted' })).toHaveTextContent('none yet')
    await expect(tracker(canvasElement)).toHaveAttribute('data-state', 'idle')
    await expect(canvas.getByRole('checkbox', { name: 'Allow attention tracking' })).not.toBeChecked()
  },
}

/** The reader ticks the consent box: tracking starts, waiting for the first attention. */
export const ConsentGiven: Story = {
  args: { consent: false },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'idle')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Allow attention tracking' }))
    await expectState(canvasElement, 'waiting')
  },
}

let tokenRequests = 0

/**
 * Consent given, no input yet: waiting for the first attention. The article shows, nothing is
 * counted and no heartbeat is logged, however long it waits (and no token is asked for).
 */
export const Waiting: Story = {
  beforeEach: ({ msw, id }) => {
    tokenRequests = 0
    // Counts the token requests and lets the mock answer them.
    msw.use(
      http.post(`${storyBaseUrl(id)}/pub/v1/attention/token`, () => {
        tokenRequests++
      }),
    )
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'waiting')
    await expect(canvas.getByRole('checkbox', { name: 'Allow attention tracking' })).toBeChecked()
    await expect(canvas.getByText('Paid article.')).toBeVisible()
    // Longer than a heartbeat and the minimum dwell: a report would be in the log by now.
    await sleep(1_500)
    await expect(tracker(canvasElement)).toHaveAttribute('data-state', 'waiting')
    await expect(canvas.getByRole('status', { name: 'Attention counted' })).toHaveTextContent('none yet')
    await expect(canvas.getByRole('list', { name: 'Heartbeats' })).toBeEmptyDOMElement()
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(tokenRequests).toBe(0)
  },
}

/**
 * Attention counted: heartbeats arrive every second in the log, with the session of the token. On
 * the docs page, where stories are not played, it waits for you: click into the page (a window
 * without focus counts nothing) and move the pointer over the story.
 */
export const Tracking: Story = {
  play: async ({ canvas, canvasElement }) => {
    await attendUntil(() => expect(tracker(canvasElement)).toHaveAttribute('data-state', 'active'))
    const heartbeats = canvas.getByRole('list', { name: 'Heartbeats' })
    await waitFor(() => expect(heartbeats).toHaveTextContent(/Heartbeat: \d+ ms attention, \d+ ms visible \(session ses_\d+\)/), {
      timeout: 5_000,
    })
  },
}

/** The same in the dark theme. */
export const TrackingDark: Story = { ...Tracking, globals: { theme: 'dark' } }

/** The article hidden: attention is paused. */
export const Paused: Story = {
  play: async ({ canvas, canvasElement }) => {
    await attendUntil(() => expect(tracker(canvasElement)).toHaveAttribute('data-state', 'active'))
    await userEvent.click(canvas.getByRole('button', { name: 'Hide the article' }))
    await expectState(canvasElement, 'paused')
  },
}

/**
 * The link is unknown (`link-not-found`): the token request is refused, tracking ends (`stopped`)
 * and no report can be sent.
 */
export const UnknownLink: Story = {
  parameters: { paylinkMock: { scenarios: ['link-not-found'] } },
  play: async ({ canvas, canvasElement }) => {
    await attendUntil(() => expect(canvas.getByRole('alert')).toHaveTextContent('Token request failed: No link with code demo'))
    await expectState(canvasElement, 'stopped')
    attend()
    await expect(tracker(canvasElement)).toHaveAttribute('data-state', 'stopped')
    await expect(canvas.getByRole('status', { name: 'Attention counted' })).toHaveTextContent('none yet')
  },
}

/** Attention counted only while visible: hiding the article stops the counted time; showing it again resumes it. */
export const CountedOnlyWhileVisible: Story = {
  play: async ({ canvas, canvasElement }) => {
    const counted = canvas.getByRole('status', { name: 'Attention counted' })
    const countedMs = () => Number.parseInt(counted.textContent ?? '', 10)
    await attendUntil(() => expect(tracker(canvasElement)).toHaveAttribute('data-state', 'active'))
    await waitFor(() => expect(countedMs()).toBeGreaterThanOrEqual(1_000), { timeout: 5_000 })

    await userEvent.click(canvas.getByRole('button', { name: 'Hide the article' }))
    await expectState(canvasElement, 'paused')
    // The next heartbeat still reports the attention from before the article was hidden.
    await sleep(1_200)
    const whenHidden = countedMs()
    attend()
    // Two heartbeat intervals with input but the article hidden: nothing new is counted.
    await sleep(2_000)
    await expect(countedMs()).toBe(whenHidden)
    await expect(tracker(canvasElement)).toHaveAttribute('data-state', 'paused')

    await userEvent.click(canvas.getByRole('button', { name: 'Show the article' }))
    attend()
    await expectState(canvasElement, 'active')
    await waitFor(() => expect(countedMs()).toBeGreaterThan(whenHidden), { timeout: 5_000 })
  },
}

/** Waiting in the dark theme: the article and the log, nothing counted. */
export const WaitingDark: Story = { ...Waiting, globals: { theme: 'dark' } }

/** Two trackers for one link: a page's layout and its article, each wrapping content of its own. */
function TwoTrackers(props: AttentionTrackerProps) {
  const [hidden, setHidden] = useState<string>()
  return (
    <div style={{ display: 'grid', gap: '1rem', maxWidth: '40rem' }}>
      {['Layout', 'Article'].map((name) => (
        <div key={name}>
          <button type="button" onClick={() => setHidden(hidden === name ? undefined : name)}>
            {hidden === name ? 'Show' : 'Hide'} the {name.toLowerCase()}
          </button>
          <div style={{ display: hidden === name ? 'none' : 'block' }}>
            <AttentionTracker {...props} aria-label={`${name} tracker`}>
              <p>{name}, tracked for the same link.</p>
            </AttentionTracker>
          </div>
        </div>
      ))}
    </div>
  )
}

/**
 * Two trackers for the same link and viewer on one page (a layout's and an article's): one counts
 * at a time, so the creator is credited once; the other reads `waiting` until the counting one
 * stops (here: hidden), then counts itself.
 */
export const TwoTrackersOneLink: Story = {
  render: (args) => <TwoTrackers {...args} />,
  play: async ({ canvas }) => {
    const trackers = ['Layout', 'Article'].map((name) => canvas.getByLabelText(`${name} tracker`))
    const states = () => trackers.map((t) => t.getAttribute('data-state'))
    // Either may be the first to count; the other waits.
    await attendUntil(() => expect([...states()].sort()).toEqual(['active', 'waiting']))
    const counting = states().indexOf('active')
    await userEvent.click(canvas.getByRole('button', { name: `Hide the ${['layout', 'article'][counting]}` }))
    attend()
    await waitFor(() => expect(states()[1 - counting]).toBe('active'), { timeout: 3_000 })
    await expect(states()[counting]).toBe('paused')
  },
}

/** A sidebar's feed: a scroll pane far shorter than half the viewport, the tracked feed below a heading that fills it. */
function SidebarFeed(props: AttentionTrackerProps) {
  return (
    <aside aria-label="Sidebar" tabIndex={0} style={{ height: '10rem', maxWidth: '20rem', overflow: 'auto', border: '1px solid currentColor', borderRadius: 8 }}>
      <p style={{ height: '10rem', margin: 0, padding: '1rem', boxSizing: 'border-box' }}>Sidebar: scroll down to the feed.</p>
      <AttentionTracker {...props} aria-label="Feed tracker">
        {Array.from({ length: 12 }, (_, i) => (
          <p key={i} style={{ margin: 0, padding: '1rem' }}>
            Post {i + 1} of the creator's feed.
          </p>
        ))}
      </AttentionTracker>
    </aside>
  )
}

/**
 * A feed in a sidebar that scrolls on its own (`overflow: auto`), shorter than half the viewport:
 * it counts once it fills half the pane, as a long article counts once it fills half the viewport.
 * Scrolled out of the pane, it counts nothing.
 */
export const InAScrollPane: Story = {
  render: (args) => <SidebarFeed {...args} />,
  play: async ({ canvas }) => {
    const pane = canvas.getByRole('complementary', { name: 'Sidebar' })
    const feed = canvas.getByLabelText('Feed tracker')
    attend()
    // Longer than a heartbeat: below the pane's edge, the feed does not count.
    await sleep(1_200)
    await expect(feed).not.toHaveAttribute('data-state', 'active')
    pane.scrollTop = pane.scrollHeight
    await attendUntil(() => expect(feed).toHaveAttribute('data-state', 'active'))
  },
}
