import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, userEvent, waitFor } from 'storybook/test'
import { PayLinkButton } from '../src/components/PayLinkButton.js'
import type { PayLinkButtonLabels } from '../src/components/PayLinkButtonLabels.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS, MOCK_PAY_TO } from '../src/mock/browser.js'
import { encodeBase64Json } from '../src/x402/base64.js'
import { testSigner } from './support/testSigner.js'
import { withTextLabels } from './support/withTextLabels.js'
import { X402_DEMO } from './support/paylinkMock.js'

// 10 USDC per purchase: the demo link costs 1.50, over the default cap of $0.10.
const maxAmount = { [BASE_SEPOLIA_USDC]: '10000000' }

const meta = {
  title: 'Components/PayLinkButton',
  component: PayLinkButton,
  tags: ['autodocs'],
  // A text typed for one of its function labels in the Controls panel shows as typed.
  decorators: [withTextLabels<PayLinkButtonLabels>({ pay: true, split: true, priceChangedStatus: true })],
  args: { code: MOCK_LINKS.demo, maxAmount, signer: testSigner() },
  argTypes: {
    code: { control: 'select', options: Object.values(MOCK_LINKS) },
    signer: { control: false },
    maxAmount: { control: false },
    resource: { control: 'text' },
    locale: { control: 'select', options: [undefined, 'en-US', 'de-DE', 'ja-JP'] },
    showSplit: { control: 'boolean' },
    unstyled: { control: 'boolean' },
    disabled: { control: 'boolean' },
    // Off: `asChild` needs a child element to render as (the AsChild story gives one); toggled on
    // another story React throws (Children.only), and toggled off AsChild leaves a button with no text.
    asChild: { control: false },
    // A React element, which the Object control cannot make: its "Set object" gives `{}`, no React child.
    children: { control: false },
    onStateChange: { action: 'stateChange' },
    onSettled: { action: 'settled' },
    onError: { action: 'error' },
  },
} satisfies Meta<typeof PayLinkButton>

export default meta
type Story = StoryObj<typeof meta>

const expectState = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expect(canvasElement.querySelector('[data-state]')).toHaveAttribute('data-state', state), { timeout: 5_000 })

/** The price is loading: the link and the 402 never answer. */
export const Loading: Story = {
  parameters: {
    paylinkMock: {
      faults: { getLink: { latencyMs: 999_999 }, verifyPayment: { latencyMs: 999_999 } },
      client: { timeoutMs: Infinity },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'loading')
    await expect(canvas.getByRole('button', { name: 'Loading…' })).toHaveAttribute('aria-disabled', 'true')
  },
}

/** Ready: the 402's price (the link's, in the mock), formatted for the locale. */
export const Ready: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await expect(canvas.getByRole('button', { name: 'Pay 1.50 USDC' })).toBeEnabled()
  },
}

/** Pays the link with the test signer and waits for "Paid": signing, verifying, settled. */
export const Settled: Story = {
  args: { signer: testSigner({ delayMs: 300 }) },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'ready')
    await userEvent.click(canvas.getByRole('button', { name: 'Pay 1.50 USDC' }))
    await expectState(canvasElement, 'signing')
    await expect(await canvas.findByRole('button', { name: 'Paid' }, { timeout: 5_000 })).toHaveAttribute('data-state', 'settled')
    await expect(paylinkMock.ledger).toHaveLength(1)
  },
}

// The signer a story was given, to count what it was asked to sign.
const signerOf = (args: { signer?: unknown }) => args.signer as ReturnType<typeof testSigner>

/** The wallet is open: the button is busy and ignores clicks (a second click asks the wallet nothing). */
export const Signing: Story = {
  args: { signer: testSigner({ delayMs: 10 * 60_000 }) },
  play: async ({ args, canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    // The signer is the story's, kept across its runs (and its dark twin's): count from here.
    const before = signerOf(args).calls
    await userEvent.click(canvas.getByRole('button'))
    await expectState(canvasElement, 'signing')
    const button = canvas.getByRole('button', { name: 'Confirm in your wallet…' })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    // A click of its own (userEvent's is `detail` 1), not a double click's second half, which is ignored anyway.
    await userEvent.click(button)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(signerOf(args).calls - before).toBe(1)
    await expect(button).toHaveAttribute('data-state', 'signing')
  },
}

/**
 * The wallet has not answered for 20 s (here the page's 20 s timers run in 1 s): the second line
 * says so, and a press asks the wallet again.
 */
export const SigningSlow: Story = {
  args: { signer: testSigner({ delayMs: 10 * 60_000 }) },
  beforeEach: ({ viewMode }) => {
    // Not on a docs page: its stories share one window, whose every 20 s timer would then run in 1 s
    // (the Signing story's too), and two stories that both patch it, cleaned up in page order, would
    // leave it patched for every story shown after the page.
    if (viewMode === 'docs') return
    const { setTimeout: realSetTimeout } = window
    window.setTimeout = ((run: TimerHandler, ms?: number, ...rest: unknown[]) =>
      realSetTimeout(run, ms === 20_000 ? 1_000 : ms, ...rest)) as typeof window.setTimeout
    return () => {
      window.setTimeout = realSetTimeout
    }
  },
  play: async ({ args, canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    const before = signerOf(args).calls
    await userEvent.click(canvas.getByRole('button'))
    const notice = await canvas.findByText('No answer from your wallet? Press to ask again.', {}, { timeout: 5_000 })
    await expect(notice).toBeVisible()
    await expect(notice.getBoundingClientRect().width).toBeGreaterThan(50)
    const button = canvas.getByRole('button', { name: 'Confirm in your wallet… No answer from your wallet? Press to ask again.' })
    await expect(button).not.toHaveAttribute('aria-disabled')
    await userEvent.click(button)
    await waitFor(() => expect(signerOf(args).calls - before).toBe(2))
    await expect(button).toHaveAttribute('data-state', 'signing')
  },
}

// The clock before any story moves it.
const realNow = Date.now.bind(Date)
let polls = 0

/** Counts the reads of the payment (the mock still answers them), and puts the page's clock back when the story goes. */
const countPolls: Story['beforeEach'] = ({ msw }) => {
  polls = 0
  msw.use(
    http.get('*/pub/v1/payments/:id', () => {
      polls++
    }),
  )
  return () => {
    Date.now = realNow
  }
}

/** Accepted, settling slowly (`payment-settles-slowly`, here a day): verifying while you look at it. */
export const Verifying: Story = {
  // The scenario's own minute would end while the story is looked at, and show the Settled story.
  parameters: { paylinkMock: { scenarios: ['payment-settles-slowly'], options: { settleDelayMs: 24 * 3_600_000 } } },
  beforeEach: countPolls,
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await userEvent.click(canvas.getByRole('button'))
    await expectState(canvasElement, 'verifying')
    await expect(canvas.getByRole('button', { name: 'Verifying payment…' })).toHaveAttribute('aria-disabled', 'true')
    // Two minutes on (the page's clock, which the story's mock reads too), as for a designer who
    // looks at the story that long: the next read of the payment still finds it verifying.
    await waitFor(() => expect(polls).toBeGreaterThan(0), { timeout: 5_000 })
    Date.now = () => realNow() + 2 * 60_000
    const read = polls
    await waitFor(() => expect(polls).toBeGreaterThan(read), { timeout: 10_000 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(canvasElement.querySelector('[data-state]')).toHaveAttribute('data-state', 'verifying')
  },
}

/**
 * Still confirming: the payment stays `verified` past the 30 minutes the polling waits (the page's
 * clock is moved on; the mock keeps its own), so the button says it is taking longer than usual.
 */
export const VerifyingSlow: Story = {
  parameters: { paylinkMock: { options: { settleDelayMs: 24 * 3_600_000, now: realNow } } },
  beforeEach: countPolls,
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await userEvent.click(canvas.getByRole('button'))
    await expectState(canvasElement, 'verifying')
    // The polling's clock starts at its first answer: the time moves on after it.
    await waitFor(() => expect(polls).toBeGreaterThan(0), { timeout: 5_000 })
    await new Promise((resolve) => setTimeout(resolve, 200))
    Date.now = () => realNow() + 31 * 60_000
    // The next poll's answer finds the polling past its time.
    const notice = await canvas.findByText('Still confirming the payment: this is taking longer than usual', {}, { timeout: 10_000 })
    await expect(notice).toBeVisible()
    await expect(notice.getBoundingClientRect().width).toBeGreaterThan(50)
    await expect(canvasElement.querySelector('[data-state]')).toHaveAttribute('data-state', 'verifying')
  },
}

/** The payment failed (here: the price is over the default $0.10 spend cap): a click tries again. */
export const Failed: Story = {
  args: { maxAmount: undefined },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'ready')
    await userEvent.click(canvas.getByRole('button'))
    await expectState(canvasElement, 'failed')
    await expect(canvas.getByRole('button', { name: 'Try again Payment failed' })).toBeEnabled()
    await expect(paylinkMock.ledger).toHaveLength(0)
  },
}

/**
 * Accepted, then its settlement failed (`payment-fails-to-settle`, a second later): verifying, then
 * "Payment failed" with a way to try again. Nothing is signed or paid again on its own.
 */
export const FailsToSettle: Story = {
  args: { signer: testSigner() },
  parameters: { paylinkMock: { scenarios: ['payment-fails-to-settle'], options: { settleDelayMs: 1_000 } } },
  play: async ({ args, canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'ready')
    // The signer is the story's, kept across its runs (a second visit, "Rerun"): count from here.
    const before = signerOf(args).calls
    await userEvent.click(canvas.getByRole('button'))
    await expectState(canvasElement, 'verifying')
    await waitFor(() => expect(canvasElement.querySelector('[data-state]')).toHaveAttribute('data-state', 'failed'), { timeout: 10_000 })
    await expect(canvas.getByRole('button', { name: 'Try again Payment failed' })).toBeEnabled()
    await expect(canvas.getByText('Payment failed')).toBeVisible()
    await expect(paylinkMock.ledger).toHaveLength(1)
    await expect(signerOf(args).calls - before).toBe(1)
  },
}

/** The payment's terms could not be read (`link-not-found`): failed before any payment, so "Payment unavailable"; a click tries again. */
export const Unavailable: Story = {
  parameters: { paylinkMock: { scenarios: ['link-not-found'] } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'failed')
    await expect(canvas.getByRole('button', { name: 'Try again Payment unavailable' })).toBeEnabled()
  },
}

/** The wallet refused: cancelled, nothing paid, the price offered again. */
export const Cancelled: Story = {
  args: { signer: testSigner({ rejects: true }) },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'ready')
    await userEvent.click(canvas.getByRole('button'))
    await expectState(canvasElement, 'cancelled')
    await expect(canvas.getByText('Payment cancelled in your wallet')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Pay 1.50 USDC Payment cancelled in your wallet' })).toBeEnabled()
    await expect(paylinkMock.ledger).toHaveLength(0)
  },
}

/** A 402 answered the paid request (`payment-outcome-unknown`): being confirmed, not failed; a click resends the same payment. */
export const Unknown: Story = {
  parameters: { paylinkMock: { scenarios: ['payment-outcome-unknown'] } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await userEvent.click(canvas.getByRole('button'))
    await expectState(canvasElement, 'unknown')
    await expect(canvas.getByRole('button', { name: 'Check payment status Confirming payment…' })).toBeEnabled()
    await expect(canvas.getByText('Confirming payment…')).toBeVisible()
  },
}

/** A wallet that pays none of the link's networks (a Solana wallet, a link on Base): disabled, "Payment unavailable" below the price, nothing signed. */
export const WrongWallet: Story = {
  args: { signer: { ...testSigner(), networks: ['solana:*'] } },
  play: async ({ canvas, canvasElement, paylinkMock }) => {
    await expectState(canvasElement, 'disabled')
    await expect(canvas.getByRole('button', { name: 'Pay 1.50 USDC Payment unavailable' })).toBeDisabled()
    await expect(canvas.getByText('Payment unavailable')).toBeVisible()
    await expect(paylinkMock.ledger).toHaveLength(0)
  },
}

/** No wallet connected: disabled, the price still shown. */
export const Disabled: Story = {
  args: { signer: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'disabled')
    await expect(await canvas.findByRole('button', { name: 'Pay 1.50 USDC' })).toBeDisabled()
  },
}

/** The creator/platform split on a second line, before paying. */
export const WithSplit: Story = {
  args: { showSplit: true },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    // The button is ready once the 402 gives the price; the split comes with the link, which may
    // answer later (in WebKit it often did, and the name was read without it).
    await waitFor(() => expect(canvas.getByRole('button')).toHaveAccessibleName('Pay 1.50 USDC Creator 90% · Platform 10%'))
  },
}

/** German: "1,50 USDC" and "90 %". */
export const German: Story = {
  args: {
    locale: 'de-DE',
    showSplit: true,
    labels: {
      pay: ({ amount, currency }) => `${amount} ${currency} bezahlen`,
      split: ({ creator, platform }) => `Urheber ${creator} · Plattform ${platform}`,
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await expect(canvas.getByRole('button', { name: /^1,50 USDC bezahlen/ })).toBeVisible()
  },
}

/**
 * Arabic, right to left (pinned; the Direction toolbar sets it on any story): Arabic-Indic digits
 * from `locale`, the currency code in Latin letters, the split on the second line.
 */
export const Arabic: Story = {
  globals: { dir: 'rtl' },
  args: {
    lang: 'ar',
    locale: 'ar-EG',
    showSplit: true,
    labels: {
      pay: ({ amount, currency }) => `ادفع ${amount} ${currency}`,
      split: ({ creator, platform }) => `المنشئ ${creator} · المنصة ${platform}`,
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await expect(await canvas.findByRole('button', { name: /^ادفع ١٫٥٠ USDC المنشئ ٩٠/ })).toBeEnabled()
  },
}

/** Arabic while the wallet signs, in a narrow column: the spinner starts the label's first line, on the right. */
export const ArabicSigning: Story = {
  globals: { dir: 'rtl' },
  args: {
    lang: 'ar',
    locale: 'ar-EG',
    style: { maxWidth: '12em' },
    signer: testSigner({ delayMs: 10 * 60_000 }),
    labels: {
      pay: ({ amount, currency }) => `ادفع ${amount} ${currency}`,
      signing: 'يرجى تأكيد الدفع في محفظتك…',
      signingStatus: 'بانتظار توقيع المحفظة',
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await userEvent.click(canvas.getByRole('button'))
    await expectState(canvasElement, 'signing')
    await expect(canvas.getByRole('button', { name: 'يرجى تأكيد الدفع في محفظتك…' })).toHaveAttribute('aria-disabled', 'true')
  },
}

/** `asChild`: the consumer's own `<a>` gets the button's props, content and behaviour. */
export const AsChild: Story = {
  args: { asChild: true, children: <a href="#paid" /> },
  argTypes: { children: { control: false } },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await expect(canvas.getByRole('link', { name: 'Pay 1.50 USDC' })).toBeVisible()
  },
}

const RESOURCE = `${X402_DEMO}article`
// A story that pays an x402 URL: its `resource` wins over a `code`, which the Code control would set to no effect.
const ofResource = { code: { control: false } } as const
const offer = encodeBase64Json({
  x402Version: 2,
  resource: { url: RESOURCE, description: 'A paid article' },
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:84532',
      amount: '50000',
      asset: BASE_SEPOLIA_USDC,
      payTo: MOCK_PAY_TO,
      maxTimeoutSeconds: 60,
      extra: { name: 'USDC', version: '2' },
    },
  ],
})
const settlement = encodeBase64Json({ success: true, transaction: '0xfeed', network: 'eip155:84532' })

/** An x402 seller at `url`: a signed payment gets the article and its settlement, any other read `unpaid()`. */
const sellerAt = (url: string, unpaid: () => Response) =>
  http.get(url, ({ request }) =>
    request.headers.has('PAYMENT-SIGNATURE') ? HttpResponse.text('The article', { headers: { 'PAYMENT-RESPONSE': settlement } }) : unpaid(),
  )

/** Any x402 URL instead of a link: the price is read from its 402 (v2), and a click pays it. */
export const Resource: Story = {
  args: { code: undefined, resource: RESOURCE },
  argTypes: ofResource,
  beforeEach: ({ msw }) => {
    msw.use(sellerAt(RESOURCE, () => HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': offer } })))
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await userEvent.click(canvas.getByRole('button', { name: 'Pay 0.05 USDC' }))
    await expect(await canvas.findByRole('button', { name: 'Paid' }, { timeout: 5_000 })).toBeVisible()
  },
}

const REPRICED = `${X402_DEMO}repriced-article`
// The article's offer at another amount, or on other terms (`asset`, `extra`), for another URL.
const offerAt = (amount: string, terms: object = {}, url = REPRICED) => {
  const [accepted] = JSON.parse(atob(offer)).accepts
  return encodeBase64Json({ x402Version: 2, resource: { url }, accepts: [{ ...accepted, amount, ...terms }] })
}

const UNPRICED = `${X402_DEMO}unpriced-article`

// How often a story's seller was asked for its terms, per visit (the story's mock, made anew for
// each), not per render: Storybook runs a story's beforeEach again at each control change, and a
// count kept there started over (after a control change Price Changed offered 0.05 again).
const readsByVisit = new WeakMap<object, { count: number }>()
const readsOf = (paylinkMock: object) => {
  const reads = readsByVisit.get(paylinkMock) ?? { count: 0 }
  readsByVisit.set(paylinkMock, reads)
  return reads
}

/**
 * An x402 URL whose price could not be read: its first answer (the price's preview) is a 500, which
 * fails quietly, so the button is ready and reads "Pay" with no amount (a press asks for the price afresh).
 */
export const PayWithoutPrice: Story = {
  args: { code: undefined, resource: UNPRICED },
  argTypes: ofResource,
  beforeEach: ({ msw, paylinkMock }) => {
    const reads = readsOf(paylinkMock)
    // A press pays, as on the other x402 stories; the first read fails.
    msw.use(
      sellerAt(UNPRICED, () =>
        reads.count++
          ? HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt('50000', {}, UNPRICED) } })
          : HttpResponse.text('Upstream failed', { status: 500 }),
      ),
    )
  },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    await expect(canvas.getByRole('button', { name: 'Pay' })).toBeEnabled()
    await expect(canvas.getByText('Pay')).toBeVisible()
  },
}

/**
 * The seller raised the price between showing it and the click (0.05 → 0.09): nothing is signed;
 * the button shows the new price with a notice below it, and the next press pays it.
 */
export const PriceChanged: Story = priceChangedAt(REPRICED)

/**
 * The PriceChanged story, paying `url`. Each story that shows it pays a URL of its own: a URL's
 * purchase is one per page, and on the docs page a press on PriceChanged also changed its dark twin.
 */
function priceChangedAt(url: string): Story {
  return {
    args: { code: undefined, resource: url },
    argTypes: ofResource,
    beforeEach: ({ msw, paylinkMock }) => {
      const reads = readsOf(paylinkMock)
      msw.use(sellerAt(url, () => HttpResponse.json({}, { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt(reads.count++ ? '90000' : '50000', {}, url) } })))
    },
    play: async ({ canvas, canvasElement }) => {
      await expectState(canvasElement, 'ready')
      await userEvent.click(canvas.getByRole('button', { name: 'Pay 0.05 USDC' }))
      const notice = await canvas.findByText('The price changed to 0.09 USDC. Press again to pay.', {}, { timeout: 5_000 })
      // On screen, not only announced: a screen-reader-only text is a clipped 1 px box.
      await expect(notice).toBeVisible()
      await expect(notice.getBoundingClientRect().width).toBeGreaterThan(50)
      await expect(canvas.getByRole('button', { name: 'Pay 0.09 USDC The price changed to 0.09 USDC. Press again to pay.' })).toHaveAttribute('data-state', 'ready')
    },
  }
}

const REASSETED = `${X402_DEMO}reasseted-article`
// A token the app caps (below) but whose decimals the package does not know, so its amount cannot be shown.
const OTHER_TOKEN = '0x00000000000000000000000000000000000d0c01'

/**
 * The seller asks another asset between showing the price and the click (0.05 USDC, then an amount
 * of a token whose decimals are not known): nothing is signed; the button reads "Pay" with a notice
 * that the price changed, without a price it cannot read.
 */
export const PriceChangedUnreadable: Story = {
  args: { code: undefined, resource: REASSETED, maxAmount: { ...maxAmount, [OTHER_TOKEN]: '1000000000000000000' } },
  argTypes: ofResource,
  beforeEach: ({ msw, paylinkMock }) => {
    const reads = readsOf(paylinkMock)
    msw.use(
      sellerAt(REASSETED, () =>
        HttpResponse.json({}, {
          status: 402,
          headers: {
            'PAYMENT-REQUIRED': reads.count++
              ? offerAt('50000000000000000', { asset: OTHER_TOKEN, extra: { name: 'Other Token', version: '1' } }, REASSETED)
              : offerAt('50000', {}, REASSETED),
          },
        }),
      ),
    )
  },
  play: async ({ args, canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    const before = signerOf(args).calls
    await userEvent.click(canvas.getByRole('button', { name: 'Pay 0.05 USDC' }))
    const notice = await canvas.findByText('The price changed. Press again to pay.', {}, { timeout: 5_000 })
    await expect(notice).toBeVisible()
    await expect(notice.getBoundingClientRect().width).toBeGreaterThan(50)
    await expect(canvas.getByRole('button', { name: 'Pay The price changed. Press again to pay.' })).toHaveAttribute('data-state', 'ready')
    await expect(signerOf(args).calls).toBe(before)
  },
}

/**
 * `unstyled`: none of the package's classes (the browser's own button), the same structure; the
 * status stays visually hidden (a 1 px box), announced but not shown: empty once loaded (nothing to
 * say), then "Waiting for your wallet to sign" after a press (the wallet here never answers).
 */
export const Unstyled: Story = {
  args: { unstyled: true, signer: testSigner({ delayMs: 10 * 60_000 }) },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    const button = canvas.getByRole('button', { name: 'Pay 1.50 USDC' })
    await expect(button).not.toHaveClass('paylink-button')
    await expect(button).not.toHaveClass('paylink-root')
    await expect(canvas.getByText('Pay 1.50 USDC')).toBeVisible()
    const status = canvasElement.querySelector('[data-paylink-part="status"]')!
    await expect(status.textContent).toBe('')
    await userEvent.click(button)
    await expectState(canvasElement, 'signing')
    await expect(status).toHaveTextContent('Waiting for your wallet to sign')
    const box = status.getBoundingClientRect()
    await expect(box.width).toBeLessThanOrEqual(1)
    await expect(box.height).toBeLessThanOrEqual(1)
  },
}

/** Dark theme, ready, with the creator/platform split on a second line. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { showSplit: true },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'ready')
    // Found, not got: the split may come after the price (see WithSplit).
    await expect(await canvas.findByRole('button', { name: 'Pay 1.50 USDC Creator 90% · Platform 10%' })).toBeEnabled()
  },
}

/** Dark theme, paid (success colours). */
export const DarkSettled: Story = { ...Settled, globals: { theme: 'dark' } }

/** Dark theme, failed (danger colours). */
export const DarkFailed: Story = { ...Failed, globals: { theme: 'dark' } }

/** Dark theme, outcome unknown (warning colours). */
export const DarkUnknown: Story = { ...Unknown, globals: { theme: 'dark' } }

/** Dark theme, loading (muted colours). */
export const DarkLoading: Story = { ...Loading, globals: { theme: 'dark' } }

/** Dark theme, no wallet: disabled (muted colours, dashed border). */
export const DarkDisabled: Story = { ...Disabled, globals: { theme: 'dark' } }

/** Dark theme, the wallet open (busy). */
export const DarkSigning: Story = { ...Signing, globals: { theme: 'dark' } }

/** Dark theme, cancelled in the wallet: the price again, with the notice below it. */
export const DarkCancelled: Story = { ...Cancelled, globals: { theme: 'dark' } }

/** Dark theme, the price changed: the new price with the notice below it. */
export const DarkPriceChanged: Story = { ...priceChangedAt(`${REPRICED}-dark`), globals: { theme: 'dark' } }

/** Dark theme, still confirming past the polling's 30 minutes: the notice on the second line. */
export const DarkVerifyingSlow: Story = { ...VerifyingSlow, globals: { theme: 'dark' } }

/** Dark theme, the wallet slow to answer (second-line colours while signing). */
export const DarkSigningSlow: Story = { ...SigningSlow, globals: { theme: 'dark' } }
