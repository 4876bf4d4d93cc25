import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ComponentProps, useState } from 'react'
import { http, HttpResponse } from 'msw'
import { expect, userEvent, waitFor } from 'storybook/test'
import { FeeEstimate, type FeeEstimateLabels } from '../src/components/FeeEstimate.js'
import { defaultSeed, QUICK_QUOTE_TTL_MS } from '../src/mock/browser.js'
import { storyBaseUrl } from './support/paylinkMock.js'
import { withTextLabels } from './support/withTextLabels.js'

// The mock's fee table, plus a base ↔ polygon route: with it every two different chains the
// controls offer are quoted (the built-in table bridges only to and from solana, and polygon → base
// read "Could not get a fee quote." for no reason on screen).
const fees = defaultSeed().fees
const feeTable = { ...fees, routes: [...fees.routes, { chains: ['base', 'polygon'] as const, gasFee: '0.0815', estimatedSeconds: 150 }] }

const meta = {
  title: 'Components/FeeEstimate',
  component: FeeEstimate,
  tags: ['autodocs'],
  // A text typed for one of its function labels in the Controls panel shows as typed.
  decorators: [withTextLabels<FeeEstimateLabels>({ invalid: true, retryIn: true, amount: true, duration: true, quoted: true })],
  // The mock quotes gas 0.1215 on solana ↔ base (0.0415 to polygon) plus 0.3 % of the amount.
  args: { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' },
  argTypes: {
    // Every two different ones are quoted (feeTable); one chain for both is no transfer, and refused.
    sourceChain: { control: 'select', options: ['solana', 'base', 'polygon'] },
    destinationChain: { control: 'select', options: ['solana', 'base', 'polygon'] },
    // The assets the mock bridges: any other is refused (422), and the story would show an error.
    asset: { control: 'select', options: ['USDC', 'USDT'] },
    amount: { control: 'text' },
    locale: { control: 'select', options: [undefined, 'en-US', 'de-DE', 'ja-JP'] },
    onRetry: { action: 'retry' },
  },
  // Merged with each story's own `paylinkMock` (its scenarios, faults, client).
  parameters: { paylinkMock: { options: { seed: { fees: feeTable } } } },
} satisfies Meta<typeof FeeEstimate>

export default meta
type Story = StoryObj<typeof meta>

const stateOf = (canvasElement: HTMLElement) => canvasElement.querySelector('[role="group"]')
const expectState = (canvasElement: HTMLElement, state: string, timeout?: number) =>
  waitFor(() => expect(stateOf(canvasElement)).toHaveAttribute('data-state', state), { timeout })

/** An amount is missing: nothing is quoted yet. */
export const Idle: Story = {
  args: { amount: '' },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'idle')
    await expect(canvas.getByRole('group')).toHaveTextContent('Fees appear once the transfer details are complete.')
  },
}

/** The quote never arrives: busy, "Getting a quote…". */
export const Loading: Story = {
  parameters: { paylinkMock: { faults: { estimateFees: { latencyMs: 999_999 } }, client: { timeoutMs: Infinity } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'loading')
    const group = canvas.getByRole('group', { name: 'Fee estimate' })
    await expect(group).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByText('Getting a quote…')).toBeVisible()
  },
}

/** A quote: the exact total, the gas and platform breakdown, the time in words and the quote's age. */
export const Ready: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    const group = canvas.getByRole('group', { name: 'Fee estimate' })
    await expect(group).toHaveTextContent('0.4215 USDC')
    await expect(group).toHaveTextContent('about 2 minutes')
    await expect(group).toHaveTextContent('quoted now')
  },
}

/** An app's amount field wired to `amount`, starting at the story's amount. */
function AmountField({ amount, ...props }: ComponentProps<typeof FeeEstimate>) {
  const [typed, setTyped] = useState(amount ?? '')
  return (
    <>
      <label>
        Amount <input value={typed} onChange={(event) => setTyped(event.target.value)} />
      </label>
      <FeeEstimate {...props} amount={typed} />
    </>
  )
}

/** The amounts `WhileTyping` asked a quote for, in order. */
const asked: (string | null)[] = []

/**
 * The user types "250" over "100" in the app's field: nothing is asked until typing pauses
 * (`debounceMs`: 2 s here, so that the wait is seen, and outlasts a slow machine's checks between
 * the keys; 300 ms by default); meanwhile the quote for
 * 100 stays on screen, busy, as another amount's.
 */
export const WhileTyping: Story = {
  args: { debounceMs: 2_000 },
  render: (args) => <AmountField {...args} />,
  beforeEach: ({ msw, id }) => {
    asked.length = 0
    // Records each amount asked for, then lets the mock answer (a resolver that returns nothing falls through).
    msw.use(http.get(`${storyBaseUrl(id)}/pub/v1/fees/estimate`, ({ request }) => void asked.push(new URL(request.url).searchParams.get('amount'))))
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    const field = canvas.getByLabelText('Amount')
    await userEvent.tripleClick(field)
    await userEvent.keyboard('25')
    await expectState(canvasElement, 'refreshing')
    await expect(canvas.getByRole('group')).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByRole('group')).toHaveTextContent('0.4215 USDC')
    await userEvent.keyboard('0')
    // The mock: gas 0.1215 plus 0.3 % of 250.
    await waitFor(() => expect(canvas.getByRole('group')).toHaveTextContent('0.8715 USDC'), { timeout: 5_000 })
    await expectState(canvasElement, 'ready')
    await expect(asked).toEqual(['100', '250'])
  },
}

/** The same quote in the dark theme. */
export const ReadyDark: Story = { ...Ready, globals: { theme: 'dark' } }

/** A new quote is on its way (it will not arrive): the previous figures stay on screen, busy. */
export const Refreshing: Story = {
  args: { amount: '1000' },
  parameters: { paylinkMock: { scenarios: ['fees-expire-quickly'], client: { timeoutMs: Infinity } } },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'ready')
    paylinkMock.inject('estimateFees', { latencyMs: 999_999 })
    await expectState(canvasElement, 'refreshing', QUICK_QUOTE_TTL_MS + 3_000)
    await expect(canvas.getByRole('group')).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByRole('group')).toHaveTextContent('3.1215 USDC')
  },
}

/** `fees-expire-quickly`: the quote expires after 5 s and a new one is fetched by itself. */
export const RequoteAfterExpiry: Story = {
  parameters: { paylinkMock: { scenarios: ['fees-expire-quickly'] } },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'ready')
    // Slow enough to see the re-quote happen, once.
    paylinkMock.inject('estimateFees', { latencyMs: 1_000, times: 1 })
    await expectState(canvasElement, 'refreshing', QUICK_QUOTE_TTL_MS + 3_000)
    await expect(canvas.getByRole('group')).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByRole('group')).toHaveTextContent('0.4215 USDC')
    await expectState(canvasElement, 'ready', 3_000)
    await expect(canvas.getByRole('group')).not.toHaveAttribute('aria-busy')
  },
}

/**
 * A quote with only the fields the API must send (total fee and time): the network and platform
 * fees and the quote's age are left out, not shown as blank rows.
 */
export const WithoutOptionalFields: Story = {
  beforeEach: ({ msw, id }) => {
    msw.use(
      http.get(`${storyBaseUrl(id)}/pub/v1/fees/estimate`, () => HttpResponse.json({ totalFee: '0.4215 USDC', estimatedTime: '120 seconds' })),
    )
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    const group = canvas.getByRole('group', { name: 'Fee estimate' })
    await expect(group).toHaveTextContent('Total fee0.4215 USDC')
    await expect(group).toHaveTextContent('Estimated timeabout 2 minutes')
    await expect(group).not.toHaveTextContent('Network fee')
    await expect(group).not.toHaveTextContent('Platform fee')
    await expect(group).not.toHaveTextContent('quoted')
    // Two rows, each with its figure.
    const figures = [...group.querySelectorAll('dd')].map((dd) => dd.textContent)
    await expect(figures).toEqual(['0.4215 USDC', 'about 2 minutes'])
  },
}

/**
 * The quote expires (`fees-expire-quickly`, 5 s) and the new quote fails (HTTP 500): the expired
 * figures are taken off the screen, and the error is shown with "Try again".
 */
export const RequoteFails: Story = {
  parameters: { paylinkMock: { scenarios: ['fees-expire-quickly'] } },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'ready')
    const group = canvas.getByRole('group', { name: 'Fee estimate' })
    await expect(group).toHaveTextContent('0.4215 USDC')
    paylinkMock.inject('estimateFees', { status: 500 })
    await expectState(canvasElement, 'error', QUICK_QUOTE_TTL_MS + 3_000)
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not get a fee quote.')
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(group).not.toHaveTextContent('USDC')
    await expect(group).not.toHaveTextContent('quoted')
  },
}

/** The quote request fails (HTTP 500, every time): the error, with "Try again". */
export const ErrorState: Story = {
  name: 'Error',
  parameters: { paylinkMock: { faults: { estimateFees: { status: 500 } } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'error')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not get a fee quote.')
    const button = canvas.getByRole('button', { name: 'Try again' })
    await expect(button).toBeVisible()
    await expect(button).not.toHaveAttribute('aria-disabled')
  },
}

/** The quote request fails once (HTTP 500); "Try again" asks again and shows the quote. */
export const TryAgain: Story = {
  name: 'Try again',
  parameters: { paylinkMock: { faults: { estimateFees: { status: 500, times: 1 } } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'error')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not get a fee quote.')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expectState(canvasElement, 'ready')
    await expect(canvas.getByRole('group', { name: 'Fee estimate' })).toHaveTextContent('0.4215 USDC')
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

/**
 * The service answers 429 with `Retry-After: 600`: "Try again" says when it works and is
 * `aria-disabled`; a press asks nothing until then. Ten minutes, so that the story stays in its
 * state while it is looked at (a wait of seconds ends, and it would show the Error story).
 */
export const RetryAfter: Story = {
  name: 'Retry-After',
  parameters: { paylinkMock: { faults: { estimateFees: { status: 429, retryAfter: 600 } } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'error')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not get a fee quote.')
    const button = canvas.getByRole('button', { name: 'Try again in 10 minutes' })
    await expect(button).toBeVisible()
    await expect(button).toHaveAttribute('aria-disabled', 'true')
  },
}

/**
 * `Retry-After: 3` on a 429 that comes once: a press during the wait asks nothing; when it ends,
 * "Try again" is enabled and gets the quote.
 */
export const RetryAfterEnds: Story = {
  name: 'Retry-After ends',
  parameters: { paylinkMock: { faults: { estimateFees: { status: 429, retryAfter: 3, times: 1 } } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'error')
    const button = canvas.getByRole('button', { name: /^Try again in \d seconds?$/ })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    // The next request would get the quote: still an error after the press means none was sent.
    await userEvent.click(button)
    await new Promise((r) => setTimeout(r, 200))
    await expect(stateOf(canvasElement)).toHaveAttribute('data-state', 'error')
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await waitFor(() => expect(button).toHaveAccessibleName('Try again'), { timeout: 4_000 })
    await expect(button).not.toHaveAttribute('aria-disabled')
    await userEvent.click(button)
    await expectState(canvasElement, 'ready')
    await expect(canvas.getByRole('group', { name: 'Fee estimate' })).toHaveTextContent('0.4215 USDC')
  },
}

/**
 * An amount typed with a decimal comma ("1,5"), passed on as it is: refused before asking, with a
 * message that says how to write it, and no "Try again" (only a new amount can mend it).
 */
export const InvalidAmount: Story = {
  name: 'Invalid amount',
  args: { amount: '1,5' },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'error')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Check the amount: use digits and a dot, like 1.50.')
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

/** The error in the dark theme: the message and "Try again". */
export const ErrorDark: Story = { ...ErrorState, name: 'Error (dark)', globals: { theme: 'dark' } }

/** Retry-After in the dark theme: the waiting "Try again in 10 minutes". */
export const RetryAfterDark: Story = { ...RetryAfter, name: 'Retry-After (dark)', globals: { theme: 'dark' } }

/** Solana → Polygon in USDT, with German texts, numbers and durations through `labels` and `locale`. */
export const German: Story = {
  args: {
    destinationChain: 'polygon',
    asset: 'USDT',
    amount: '1000000',
    locale: 'de-DE',
    labels: {
      title: 'Gebührenschätzung',
      totalFee: 'Gesamtgebühr',
      gasFee: 'Netzwerkgebühr',
      platformFee: 'Plattformgebühr',
      estimatedTime: 'Dauer',
      duration: ({ duration }) => `etwa ${duration}`,
      quoted: ({ relative }) => `Angebot ${relative}`,
    },
  },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'Gebührenschätzung' })
    await waitFor(() => expect(group).toHaveTextContent('3.000,0415 USDT'))
    await expect(group).toHaveTextContent('etwa 4 Minuten')
  },
}

/**
 * Hebrew, right to left (pinned; the Direction toolbar sets it on any story): the labels on the
 * right, the figures on the left, each amount as Intl orders one in Hebrew (the code on its left).
 */
export const Hebrew: Story = {
  globals: { dir: 'rtl' },
  args: {
    lang: 'he',
    locale: 'he-IL',
    labels: {
      title: 'הערכת עמלות',
      totalFee: 'סך העמלות',
      gasFee: 'עמלת רשת',
      platformFee: 'עמלת פלטפורמה',
      estimatedTime: 'זמן משוער',
      duration: ({ duration }) => `כ־${duration}`,
      quoted: ({ relative }) => `הצעת מחיר ${relative}`,
    },
  },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'הערכת עמלות' })
    await waitFor(() => expect(group).toHaveTextContent('0.4215 USDC'))
    await expect(group).toHaveTextContent('סך העמלות')
  },
}

/** `unstyled`: none of the package's classes, the same structure, figures and data attributes. */
export const Unstyled: Story = {
  args: { unstyled: true },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    const group = canvas.getByRole('group', { name: 'Fee estimate' })
    await expect(group).not.toHaveClass('paylink-fee-estimate')
    await expect(group).not.toHaveClass('paylink-root')
    await expect(canvas.getByText('0.4215 USDC')).toBeVisible()
  },
}

/** Loading in the dark theme. */
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } }

/** Refreshing in the dark theme: the previous figures, dimmed, while the new quote loads. */
export const RefreshingDark: Story = { ...Refreshing, globals: { theme: 'dark' } }
