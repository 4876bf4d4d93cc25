import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { FeeEstimate } from '../src/components/FeeEstimate.js'
import { QUICK_QUOTE_TTL_MS } from '../src/mock/browser.js'

const meta = {
  title: 'Components/FeeEstimate',
  component: FeeEstimate,
  tags: ['autodocs'],
  // The mock quotes gas 0.1215 on solana ↔ base (0.0415 to polygon) plus 0.3 % of the amount.
  args: { sourceChain: 'solana', destinationChain: 'base', asset: 'USDC', amount: '100' },
  argTypes: {
    sourceChain: { control: 'select', options: ['solana', 'base', 'polygon'] },
    destinationChain: { control: 'select', options: ['solana', 'base', 'polygon'] },
    asset: { control: 'select', options: ['USDC', 'USDT', 'DAI'] },
    amount: { control: 'text' },
    locale: { control: 'select', options: [undefined, 'en-US', 'de-DE', 'ja-JP'] },
    onRetry: { action: 'retry' },
  },
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

/** The quote never arrives: busy. */
export const Loading: Story = {
  parameters: { paylinkMock: { faults: { estimateFees: { latencyMs: 999_999 } }, client: { timeoutMs: Infinity } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group')).toHaveAttribute('aria-busy', 'true')
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

/** The quote request fails (HTTP 500); "Try again" asks again and, the fault cleared, gets a quote. */
export const ErrorState: Story = {
  name: 'Error',
  parameters: { paylinkMock: { faults: { estimateFees: { status: 500 } } } },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'error')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not get a fee quote.')
    paylinkMock.clearFaults()
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expectState(canvasElement, 'ready')
  },
}

/**
 * The service answers 429 with `Retry-After: 3`: "Try again" says when it works, is `aria-disabled`
 * and asks nothing until then, then asks again.
 */
export const RetryAfter: Story = {
  name: 'Retry-After',
  parameters: { paylinkMock: { faults: { estimateFees: { status: 429, retryAfter: 3 } } } },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'error')
    const button = canvas.getByRole('button', { name: /^Try again in \d seconds?$/ })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    paylinkMock.clearFaults()
    await userEvent.click(button)
    await new Promise((r) => setTimeout(r, 200))
    await expect(stateOf(canvasElement)).toHaveAttribute('data-state', 'error')
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await waitFor(() => expect(button).toHaveAccessibleName('Try again'), { timeout: 4_000 })
    await expect(button).not.toHaveAttribute('aria-disabled')
    await userEvent.click(button)
    await expectState(canvasElement, 'ready')
  },
}

/** The error in the dark theme. */
export const ErrorDark: Story = {
  name: 'Error (dark)',
  globals: { theme: 'dark' },
  parameters: ErrorState.parameters,
  play: async ({ canvasElement }) => expectState(canvasElement, 'error'),
}

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
