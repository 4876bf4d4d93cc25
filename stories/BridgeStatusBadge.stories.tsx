import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, waitFor } from 'storybook/test'
import { BridgeStatusBadge, type BridgeStatusBadgeLabels } from '../src/components/BridgeStatusBadge.js'
import { MOCK_TRANSFER_REASONS, MOCK_TRANSFERS, MOCK_UNKNOWN_STATUS } from '../src/mock/browser.js'
import { storyBaseUrl } from './support/paylinkMock.js'
import { withTextLabels } from './support/withTextLabels.js'

const explorerUrl = (chain: string, tx: string) => `https://explorer.example/${chain}/tx/${tx}`

const meta = {
  title: 'Components/BridgeStatusBadge',
  component: BridgeStatusBadge,
  tags: ['autodocs'],
  // A text typed for one of its function labels in the Controls panel shows as typed.
  decorators: [withTextLabels<BridgeStatusBadgeLabels>({ reason: true, unknown: true, eta: true, sourceTx: true, destinationTx: true })],
  args: { transferId: MOCK_TRANSFERS.pending, explorerUrl },
  argTypes: {
    transferId: { control: 'select', options: Object.values(MOCK_TRANSFERS) },
    explorerUrl: { control: false },
    linkTarget: { control: 'select', options: [undefined, '_blank', '_self'] },
    locale: { control: 'select', options: [undefined, 'en-US', 'de-DE', 'ja-JP'] },
  },
  // One transfer step per 10 minutes: each seeded transfer stays in its state while a story is looked at.
  parameters: { paylinkMock: { options: { transferStepMs: 10 * 60_000 } } },
} satisfies Meta<typeof BridgeStatusBadge>

export default meta
type Story = StoryObj<typeof meta>

/** The badge's root, which carries `data-state`; its live region (`role="status"`) holds only the label and reason. */
const rootOf = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('[data-state]')

const expectState = async (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expect(rootOf(canvasElement)).toHaveAttribute('data-state', state))

/** Before the first answer: the status request never returns. */
export const Loading: Story = {
  parameters: { paylinkMock: { faults: { getBridgeStatus: { latencyMs: 999_999 } }, client: { timeoutMs: Infinity } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking the transfer…')
  },
}

/** Submitted, not yet confirmed on the source chain; the time left counts down. */
export const Pending: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'pending')
    await expect(canvas.getByRole('status')).toHaveTextContent('Transfer pending')
    // Outside the live region: its ticking would have screen readers read the status again.
    await expect(canvas.getByRole('status')).not.toHaveTextContent('left')
    await expect(rootOf(canvasElement)).toHaveTextContent('about 30 minutes left')
  },
}

/** Confirmed on the source chain: its transaction is linked. */
export const SourceConfirmed: Story = {
  args: { transferId: MOCK_TRANSFERS.sourceConfirmed },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'source_confirmed')
    await expect(canvas.getByRole('link', { name: 'Source transaction on solana' })).toBeVisible()
  },
}

/** On its way to the destination chain, with the time left. */
export const InTransit: Story = {
  args: { transferId: MOCK_TRANSFERS.inTransit },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'in_transit')
    await expect(canvas.getByRole('status')).toHaveTextContent('In transit')
    await waitFor(() => expect(rootOf(canvasElement)).toHaveTextContent('about 10 minutes left'))
  },
}

/**
 * Stuck in transit (`transfer-stuck-in-transit`) after its estimated time passed (one transfer step a
 * second, so the estimate is a second away): still in transit, "any moment now" instead of a time left.
 */
export const EtaPassed: Story = {
  args: { transferId: MOCK_TRANSFERS.inTransit, polling: { initialIntervalMs: 500, maxIntervalMs: 500 } },
  parameters: { paylinkMock: { scenarios: ['transfer-stuck-in-transit'], options: { transferStepMs: 1_000 } } },
  play: async ({ canvas, canvasElement }) => {
    const badge = rootOf(canvasElement)
    await waitFor(() => expect(badge).toHaveTextContent('any moment now'), { timeout: 5_000 })
    await expect(badge).toHaveAttribute('data-state', 'in_transit')
    await expect(canvas.getByRole('status')).toHaveTextContent('In transit')
    await expect(badge).not.toHaveTextContent('left')
  },
}

/** Done: both transactions linked. */
export const Completed: Story = {
  args: { transferId: MOCK_TRANSFERS.completed, linkTarget: '_blank' },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'completed')
    await expect(canvas.getAllByRole('link')).toHaveLength(2)
    // The link names are not part of what a status change says.
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Transfer completed$/)
  },
}

/** Failed, with the reason the API gave. */
export const Failed: Story = {
  args: { transferId: MOCK_TRANSFERS.failed },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'failed')
    await expect(canvas.getByRole('status')).toHaveTextContent('The destination chain rejected the mint')
  },
}

/** Failed in the dark theme: label, reason and link colours against the dark background. */
export const FailedDark: Story = {
  ...Failed,
  globals: { theme: 'dark' },
}

/** Refunded to the sender, with the reason. */
export const Refunded: Story = {
  args: { transferId: MOCK_TRANSFERS.refunded },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'refunded')
    await expect(canvas.getByRole('status')).toHaveTextContent('Transfer refunded')
    await expect(canvas.getByText('The bridge timed out; the amount went back to the sender')).toBeVisible()
  },
}

/**
 * Followed from in transit to failed (`transfer-fails`, one transfer step every 3 seconds): the time
 * left goes, the label turns to the failure with the API's reason, and only the source transaction stays linked.
 */
export const FailsInTransit: Story = {
  args: { transferId: MOCK_TRANSFERS.inTransit, polling: { initialIntervalMs: 500, maxIntervalMs: 500 } },
  parameters: { paylinkMock: { scenarios: ['transfer-fails'], options: { transferStepMs: 3_000 } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'in_transit')
    await expect(rootOf(canvasElement)).toHaveTextContent('left')
    await waitFor(() => expect(rootOf(canvasElement)).toHaveAttribute('data-state', 'failed'), { timeout: 10_000 })
    await expect(canvas.getByRole('status')).toHaveTextContent(`Transfer failed ${MOCK_TRANSFER_REASONS.failed}`)
    await expect(rootOf(canvasElement)).not.toHaveTextContent('left')
    await expect(canvas.getAllByRole('link')).toHaveLength(1)
    await expect(canvas.getByRole('link', { name: 'Source transaction on solana' })).toBeVisible()
  },
}

/** As `FailsInTransit`, but the bridge gives the amount back (`transfer-refunded`). */
export const RefundedInTransit: Story = {
  ...FailsInTransit,
  parameters: { paylinkMock: { scenarios: ['transfer-refunded'], options: { transferStepMs: 3_000 } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'in_transit')
    await waitFor(() => expect(rootOf(canvasElement)).toHaveAttribute('data-state', 'refunded'), { timeout: 10_000 })
    await expect(canvas.getByRole('status')).toHaveTextContent(`Transfer refunded ${MOCK_TRANSFER_REASONS.refunded}`)
    await expect(rootOf(canvasElement)).not.toHaveTextContent('left')
  },
}

/** Stuck in transit (`transfer-stuck-in-transit`) past a short `maxDurationMs`: polling gave up. */
export const Stale: Story = {
  args: { transferId: MOCK_TRANSFERS.inTransit, polling: { initialIntervalMs: 500, maxDurationMs: 1_500 } },
  parameters: { paylinkMock: { scenarios: ['transfer-stuck-in-transit'] } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(rootOf(canvasElement)).toHaveAttribute('data-state', 'stale'), {
      timeout: 5_000,
    })
    await expect(canvas.getByRole('status')).toHaveTextContent('Taking longer than usual')
  },
}

/** The status request fails (HTTP 500) before any answer. */
export const ErrorState: Story = {
  name: 'Error',
  parameters: { paylinkMock: { faults: { getBridgeStatus: { status: 500 } } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'error')
    await expect(canvas.getByRole('status')).toHaveTextContent('Could not check the transfer')
  },
}

/**
 * A status on screen, then reading it fails for good (a 404, which asking again cannot fix): the
 * error replaces the status, which nothing would bring up to date any more.
 */
export const ErrorAfterStatus: Story = {
  args: { polling: { initialIntervalMs: 500, maxIntervalMs: 500 } },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'pending')
    paylinkMock.inject('getBridgeStatus', { status: 404 })
    await waitFor(() => expect(rootOf(canvasElement)).toHaveAttribute('data-state', 'error'), { timeout: 3_000 })
    await expect(canvas.getByRole('status')).toHaveTextContent('Could not check the transfer')
    await expect(rootOf(canvasElement)).not.toHaveTextContent('Transfer pending')
    await expect(rootOf(canvasElement)).not.toHaveTextContent('left')
  },
}

/**
 * A status this version does not know (a newer API's step): shown as sent, not as a failure; followed
 * as a transfer on its way (the accent dot, pulsing), with the API's time left.
 */
export const Unknown: Story = {
  beforeEach: ({ msw, id }) => {
    msw.use(
      http.get(`${storyBaseUrl(id)}/pub/v1/bridge/status/:id`, ({ params }) =>
        HttpResponse.json({
          id: params.id,
          status: 'awaiting_attestation',
          sourceChain: 'solana',
          destinationChain: 'base',
          asset: 'USDC',
          amount: '25.00',
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
          estimatedCompletionAt: new Date(Date.now() + 5 * 60_000).toISOString(),
        }),
      ),
    )
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'unknown')
    await expect(canvas.getByRole('status')).toHaveTextContent('Transfer status: awaiting_attestation')
    await waitFor(() => expect(rootOf(canvasElement)).toHaveTextContent('about 5 minutes left'))
  },
}

/**
 * A newer API's status between in transit and completed (`unknown-status`, one transfer step every 3
 * seconds): shown as sent, as a status rather than a failure; then completed.
 */
export const UnknownThenCompleted: Story = {
  args: { transferId: MOCK_TRANSFERS.inTransit, polling: { initialIntervalMs: 500, maxIntervalMs: 500 } },
  parameters: { paylinkMock: { scenarios: ['unknown-status'], options: { transferStepMs: 3_000 } } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'in_transit')
    await waitFor(() => expect(rootOf(canvasElement)).toHaveAttribute('data-state', 'unknown'), { timeout: 10_000 })
    await expect(canvas.getByRole('status')).toHaveTextContent(`Transfer status: ${MOCK_UNKNOWN_STATUS}`)
    await waitFor(() => expect(rootOf(canvasElement)).toHaveAttribute('data-state', 'completed'), { timeout: 10_000 })
    await expect(canvas.getByRole('link', { name: 'Destination transaction on base' })).toBeVisible()
  },
}

/** A pending transfer, one step a second on the mock's clock, followed until it is `completed`. */
export const TransferCompletes: Story = {
  args: { polling: { initialIntervalMs: 500, maxIntervalMs: 1_000 } },
  parameters: { paylinkMock: { options: { transferStepMs: 1_000 } } },
  play: async ({ canvas, canvasElement }) => {
    const badge = rootOf(canvasElement)
    await waitFor(() => expect(badge).not.toHaveAttribute('data-state', 'loading'))
    await expect(badge).not.toHaveAttribute('data-state', 'completed')
    await waitFor(() => expect(badge).toHaveAttribute('data-state', 'completed'), { timeout: 10_000 })
    await expect(canvas.getByRole('link', { name: 'Destination transaction on base' })).toBeVisible()
    await expect(canvasElement.querySelector('[data-part="eta"]')).toBeNull()
  },
}

/** German texts and durations through `labels` and `locale`. */
export const German: Story = {
  args: {
    locale: 'de-DE',
    labels: {
      pending: 'Überweisung ausstehend',
      eta: ({ duration }) => `noch etwa ${duration}`,
      sourceTx: ({ chain }) => `Quelltransaktion auf ${chain}`,
      destinationTx: ({ chain }) => `Zieltransaktion auf ${chain}`,
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rootOf(canvasElement)).toHaveTextContent('noch etwa 30 Minuten'))
  },
}

/** Persian, right to left (pinned; the Direction toolbar sets it on any story): the dot on the right, Persian digits from `locale`. */
export const Persian: Story = {
  globals: { dir: 'rtl' },
  args: {
    transferId: MOCK_TRANSFERS.inTransit,
    lang: 'fa',
    locale: 'fa-IR',
    labels: {
      in_transit: 'در حال انتقال',
      eta: ({ duration }) => `حدود ${duration} مانده`,
      sourceTx: ({ chain }) => `تراکنش مبدأ در ${chain}`,
      destinationTx: ({ chain }) => `تراکنش مقصد در ${chain}`,
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'in_transit')
    await expect(canvas.getByRole('status')).toHaveTextContent('در حال انتقال')
    await waitFor(() => expect(rootOf(canvasElement)).toHaveTextContent('حدود ۱۰ دقیقه مانده'))
  },
}

/** `unstyled`: none of the package's classes, the same structure, texts and data attributes. */
export const Unstyled: Story = {
  args: { unstyled: true },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'pending')
    const badge = rootOf(canvasElement)
    await expect(badge).not.toHaveClass('paylink-bridge-status-badge')
    await expect(badge).not.toHaveClass('paylink-root')
    await expect(canvas.getByRole('status')).toHaveTextContent('Transfer pending')
    await expect(canvas.getByText('about 30 minutes left')).toBeVisible()
  },
}

/** Pending in the dark theme (the moving colours). */
export const PendingDark: Story = { ...Pending, globals: { theme: 'dark' } }

/** Completed in the dark theme: success colours and both links. */
export const CompletedDark: Story = { ...Completed, globals: { theme: 'dark' } }

/** Refunded in the dark theme: warning colours and the reason. */
export const RefundedDark: Story = { ...Refunded, globals: { theme: 'dark' } }

/** Stale in the dark theme (warning colours). */
export const StaleDark: Story = { ...Stale, globals: { theme: 'dark' } }

/** The error in the dark theme (danger colours). */
export const ErrorDark: Story = { ...ErrorState, name: 'Error (dark)', globals: { theme: 'dark' } }
