import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { commands, userEvent } from 'vitest/browser'
import { createPayLinkClient } from '../../src/client.js'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { BASE_SEPOLIA_USDC, MOCK_PAY_TO } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { encodeBase64Json } from '../../src/x402/base64.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'
import '../../src/styles.css'

// The seller's side, as fetch answers: the first 402 asks 0.05 USDC, every later one 0.09.
const RESOURCE = 'https://paid.test/article'
const offerAt = (amount: string) =>
  encodeBase64Json({
    x402Version: 2,
    resource: { url: RESOURCE },
    accepts: [{ scheme: 'exact', network: 'eip155:84532', amount, asset: BASE_SEPOLIA_USDC, payTo: MOCK_PAY_TO, maxTimeoutSeconds: 60, extra: { name: 'USDC', version: '2' } }],
  })
const settlement = encodeBase64Json({ success: true, transaction: '0xfeed', network: 'eip155:84532' })

function sellerRaisingItsPrice() {
  const paid: string[] = []
  let reads = 0
  vi.stubGlobal('fetch', async (input: Request) => {
    const payment = input.headers.get('PAYMENT-SIGNATURE')
    if (payment) {
      paid.push(payment)
      return new Response('The article', { headers: { 'PAYMENT-RESPONSE': settlement } })
    }
    return new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt(reads++ ? '90000' : '50000') } })
  })
  return paid
}

/** Renders a button for RESOURCE, paid with `signer`, on a fresh cache and client. */
function renderForResource(signer: PaymentSigner) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
        <PayLinkButton resource={RESOURCE} signer={signer} />
      </PayLinkProvider>
    </QueryClientProvider>,
  )
}

test('Enter held on the button after its press found a new price: the browser repeats it, nothing is paid', async () => {
  const paid = sellerRaisingItsPrice()
  const signer = createTestSigner()
  renderForResource(signer)
  const button = await screen.findByRole('button', { name: 'Pay 0.05 USDC' })
  const clicks: number[] = []
  const repeats: number[] = []
  button.addEventListener('click', () => clicks.push(Date.now()))
  button.addEventListener('keydown', (event) => event.repeat && repeats.push(Date.now()))
  button.focus()

  // 24 repeats at least 50 ms apart: long past the half second in which a press counts as aimed at the old price.
  await commands.holdKey('Enter', 24)

  // The browser repeated the key for over a second (so the test holds a key, not a single press)...
  expect(repeats).toHaveLength(24)
  expect(repeats.at(-1)! - clicks[0]!).toBeGreaterThan(1000)
  await waitFor(() => expect(button).toHaveAccessibleName('Pay 0.09 USDC The price changed to 0.09 USDC. Press again to pay.'))
  // ...and only the first press reached the button: it found the new price; nothing was signed.
  expect(clicks).toHaveLength(1)
  expect(signer.calls).toBe(0)
  expect(paid).toHaveLength(0)
  expect(button).toHaveAttribute('data-state', 'ready')
})

test("the wallet being asked, under a Windows contrast theme (forced colours): the spinner's ring keeps its gap, so that its turning shows", async () => {
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt('50000') } }))
  const signer = createTestSigner()
  // The wallet never answers: the button stays `signing`.
  const waiting = { ...signer, signPayment: () => new Promise<never>(() => {}) }
  renderForResource(waiting)
  const button = await screen.findByRole('button', { name: 'Pay 0.05 USDC' })
  button.click()
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'signing'))
  const spinner = getComputedStyle(button.querySelector('[data-paylink-part="label"]')!, '::before')
  // A side of the ring is drawn when it has a style, a width and a colour that is not transparent.
  const drawn = (side: 'Start' | 'End') =>
    !['none', 'hidden'].includes(spinner[`borderInline${side}Style`]) &&
    spinner[`borderInline${side}Width`] !== '0px' &&
    spinner[`borderInline${side}Color`] !== 'rgba(0, 0, 0, 0)'
  await commands.forcedColors('active')
  try {
    expect(spinner.animationName).toBe('paylink-button-spin')
    expect(drawn('Start')).toBe(true)
    expect(drawn('End')).toBe(false)
  } finally {
    await commands.forcedColors(null)
  }
  expect([drawn('Start'), drawn('End')]).toEqual([true, false])
})

/** A 402 whose one offer is on Solana: one this test signer (EVM) can pay none of. */
const solanaOnly = (url: string) =>
  encodeBase64Json({
    x402Version: 2,
    resource: { url },
    accepts: [{ scheme: 'exact', network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', amount: '50000', asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', payTo: 'Pay1111111111111111111111111111111111111111', maxTimeoutSeconds: 60 }],
  })

/**
 * Renders the button, presses `name` from the keyboard, and checks that the press ends in `disabled`
 * read as `then`, with focus kept on the button (where the screen reader reads what became of the
 * press) and a further press doing nothing.
 */
async function pressToUnavailable(props: { code: string } | { resource: string }, name: string, then: string) {
  const signer = createTestSigner()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
        <PayLinkButton {...props} signer={signer} />
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const button = await screen.findByRole('button', { name })
  button.focus()
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'disabled'))
  expect(button).toHaveAccessibleName(then)
  // Chromium moves focus off an element that cannot have it at its next rendering update: two frames on.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  expect(document.activeElement).toBe(button)
  expect(button).toHaveAttribute('aria-disabled', 'true')
  await userEvent.keyboard('{Enter}')
  expect(signer.calls).toBe(0)
}

test('a press whose fresh 402 this wallet can pay none of: "Payment unavailable", and keyboard focus stays on the button, not on <body>', async () => {
  // The offer on mount is on Base Sepolia; the one the press reads has moved to Solana.
  let reads = 0
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': reads++ ? solanaOnly(RESOURCE) : offerAt('50000') } }))
  await pressToUnavailable({ resource: RESOURCE }, 'Pay 0.05 USDC', 'Pay Payment unavailable')
  expect(reads).toBe(2)
})

test('"Try again" on a link whose terms could not be read, whose terms then ask what this wallet cannot pay: "Payment unavailable", and focus stays on the button', async () => {
  // The link's 402 fails on mount (a 503); read again, it offers Solana only.
  let reads = 0
  const link = { code: 'focus', creatorId: 'c', chainType: 'evm', model: 'payment', splits: { creator: 9000, platform: 1000 }, price: { amount: '0.05', currency: 'USDC' }, createdAt: '2025-01-01T00:00:00Z' }
  vi.stubGlobal('fetch', async (input: Request | string) => {
    if (String(typeof input === 'string' ? input : input.url).endsWith('/links/focus')) return Response.json(link)
    if (reads++) return new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': solanaOnly('https://api.paylink.test/payments/verify') } })
    return Response.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 })
  })
  await pressToUnavailable({ code: 'focus' }, 'Try again Payment unavailable', 'Pay 0.05 USDC Payment unavailable')
  expect(reads).toBe(2)
})

// Presses "Try again" on a button showing "Payment unavailable" whose terms are refused again at
// once, and returns what its live region said, and when.
async function tryAgainHeard(props: { code: string } | { resource: string }, reads: () => number) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
        <PayLinkButton {...props} signer={createTestSigner()} />
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const button = await screen.findByRole('button', { name: /^(Pay|Try again Payment unavailable)$/ })
  button.focus()
  // A URL's read on mount is a quiet preview ("Pay"): its failure shows after a press.
  if ('resource' in props) await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(button).toHaveAccessibleName('Try again Payment unavailable'))
  const before = reads()
  const region = screen.getByRole('status')
  const heard: { text: string; at: number }[] = []
  new MutationObserver(() => heard.push({ text: region.textContent!, at: performance.now() })).observe(region, { subtree: true, childList: true, characterData: true })
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(reads()).toBe(before + 1))
  await waitFor(() => expect(button).toHaveAccessibleName('Try again Payment unavailable'))
  return heard
}

// Before: the 503 came back within milliseconds and the region passed "Loading the price" and back
// to "Payment unavailable" before Orca 43.1 had read the first change. Chromium then spoke the
// outcome twice (both insertions read the region as it had become), Firefox nothing (the first
// insertion dropped as stale, the second taken for a repeat of the outcome it last spoke).
// Orca read the first change within about 150 ms; with the re-read held 500 ms, it spoke
// "Loading the price", then "Payment unavailable" once, in both browsers.
test('"Try again" on a link whose terms could not be read, refused again at once: the live region says "Loading the price" long enough for Orca to read it before the outcome', async () => {
  let reads = 0
  const link = { code: 'down', creatorId: 'c', chainType: 'evm', model: 'payment', splits: { creator: 9000, platform: 1000 }, price: { amount: '0.05', currency: 'USDC' }, createdAt: '2025-01-01T00:00:00Z' }
  vi.stubGlobal('fetch', async (input: Request | string) => {
    if (String(typeof input === 'string' ? input : input.url).endsWith('/links/down')) return Response.json(link)
    reads++
    return Response.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 })
  })
  const heard = await tryAgainHeard({ code: 'down' }, () => reads)
  expect(heard.map(({ text }) => text)).toEqual(['Loading the price', 'Payment unavailable'])
  expect(heard[1]!.at - heard[0]!.at).toBeGreaterThanOrEqual(400)
})

test('"Try again" on a URL whose 402 could not be read, refused again at once: "Loading the price" as long before the outcome', async () => {
  let reads = 0
  vi.stubGlobal('fetch', async () => {
    reads++
    return new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })
  })
  const heard = await tryAgainHeard({ resource: RESOURCE }, () => reads)
  expect(heard.map(({ text }) => text)).toEqual(['Loading the price', 'Payment unavailable'])
  expect(heard[1]!.at - heard[0]!.at).toBeGreaterThanOrEqual(400)
})

test("a URL's first press, its 402 refused at once, and a press that pays: the region changes once to each outcome, with no \"Loading the price\" before it", async () => {
  // Orca 43.1 spoke "Payment unavailable" twice on 4 of 18 first presses in Chromium and 10 of 18
  // in Firefox: the press's own read put "Loading the price" in the region, and the refusal
  // replaced it within milliseconds, two changes it read as the outcome twice.
  let down = true
  vi.stubGlobal('fetch', async () =>
    down ? new Response('<html>Bad gateway</html>', { status: 502 }) : new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt('50000') } }),
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
        <PayLinkButton resource={RESOURCE} signer={createTestSigner({ delayMs: 60_000 })} />
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const button = await screen.findByRole('button', { name: 'Pay' })
  const region = screen.getByRole('status')
  const heard: string[] = []
  new MutationObserver(() => heard.push(region.textContent!)).observe(region, { subtree: true, childList: true, characterData: true })
  button.focus()
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(button).toHaveAccessibleName('Try again Payment unavailable'))
  expect(heard).toEqual(['Payment unavailable'])
  // Back up: "Try again" reads the terms and shows the price; the next press's read goes straight to the wallet.
  down = false
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(button).toHaveAccessibleName('Pay 0.05 USDC'))
  heard.length = 0
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'signing'))
  // "Ready to pay" (said after the Try again) goes as the press reads the terms: emptied, not said.
  expect(heard.filter(Boolean)).toEqual(['Waiting for your wallet to sign'])
})

test("the wallet being asked, in a narrow column (a 320 px phone): the spinner stays before the wrapped text's first word, and each line is centred", async () => {
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt('50000') } }))
  // The wallet never answers: the button stays `signing`.
  const waiting = { ...createTestSigner(), signPayment: () => new Promise<never>(() => {}) }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
        {/* Too narrow for "Confirm in your wallet…" on one line beside the spinner. */}
        <div style={{ width: 200, font: '16px sans-serif' }}>
          <PayLinkButton resource={RESOURCE} signer={waiting} />
        </div>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const button = await screen.findByRole('button', { name: 'Pay 0.05 USDC' })
  button.click()
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'signing'))
  const range = document.createRange()
  range.selectNodeContents(screen.getByText('Confirm in your wallet…'))
  const lines = [...range.getClientRects()]
  const box = button.getBoundingClientRect()
  const centre = (box.left + box.right) / 2
  // The spinner (1em) and its gap (0.5em) before the first line: 24 px at 16 px.
  const spinner = 24
  expect(lines.length).toBeGreaterThan(1)
  // The first line with the spinner before it, and the last line on its own, both centred: not the
  // spinner at the button's edge with the text centred in what is left, away from it.
  expect(Math.abs((lines[0]!.left - spinner + lines[0]!.right) / 2 - centre)).toBeLessThanOrEqual(1)
  expect(Math.abs((lines.at(-1)!.left + lines.at(-1)!.right) / 2 - centre)).toBeLessThanOrEqual(1)
})

test("the app's own label (an icon and its text) keeps its row while the wallet is asked: spaced and centred as when ready, the spinner before it", async () => {
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt('50000') } }))
  const waiting = { ...createTestSigner(), signPayment: () => new Promise<never>(() => {}) }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
        <div style={{ font: '16px sans-serif' }}>
          <PayLinkButton resource={RESOURCE} signer={waiting} aria-label="Buy the article">
            <svg data-testid="icon" width="16" height="16" aria-hidden="true" />
            <span>Buy</span>
          </PayLinkButton>
        </div>
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const button = await screen.findByRole('button', { name: 'Buy the article' })
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'ready'))
  const icon = screen.getByTestId('icon')
  const text = screen.getByText('Buy')
  const middle = (e: Element) => (e.getBoundingClientRect().top + e.getBoundingClientRect().bottom) / 2
  const gap = () => text.getBoundingClientRect().left - icon.getBoundingClientRect().right
  // The label's own gap, 0.5em.
  expect(gap()).toBeCloseTo(8, 0)
  expect(middle(icon)).toBeCloseTo(middle(text), 0)
  button.click()
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'signing'))
  // Not the icon run into its text, raised off its middle, as a line of text would set them.
  expect(gap()).toBeCloseTo(8, 0)
  expect(middle(icon)).toBeCloseTo(middle(text), 0)
  // The spinner (1em) before the icon, one gap apart.
  const label = icon.parentElement!
  expect(icon.getBoundingClientRect().left - label.getBoundingClientRect().left).toBeCloseTo(16 + 8, 0)
})

// Through the browser's own network first: off it (commands.offlineFor), this fails as a request to
// the seller would.
const network = globalThis.fetch.bind(globalThis)
const reachable = () => network(location.href, { method: 'HEAD', cache: 'no-store' })

/**
 * Takes the browser off the network for `ms` (its own offline and online events), once it says so;
 * `back` settles once it is on it again. In an object: a promise returned from an async function is waited for.
 */
async function goOffline(ms: number) {
  const back = commands.offlineFor(ms)
  await waitFor(() => expect(navigator.onLine).toBe(false))
  return { back }
}

test('the network lost, then back: a press offline says "Payment unavailable", and back online the price shows by itself, said as "Loading the price" then "Ready to pay", no wallet opened', async () => {
  let reads = 0
  vi.stubGlobal('fetch', async (input: Request) => {
    await reachable()
    reads++
    return new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt('50000') } })
  })
  const signer = createTestSigner()
  renderForResource(signer)
  const button = await screen.findByRole('button', { name: 'Pay 0.05 USDC' })
  const { back } = await goOffline(2500)
  button.click()
  await waitFor(() => expect(button).toHaveAccessibleName('Try again Payment unavailable'))
  const region = screen.getByRole('status')
  const heard: { text: string; at: number }[] = []
  new MutationObserver(() => heard.push({ text: region.textContent!, at: performance.now() })).observe(region, { subtree: true, childList: true, characterData: true })
  await back
  // The read is held 500 ms after it starts (for a screen reader): more than waitFor's default second on a busy machine.
  await waitFor(() => expect(button).toHaveAccessibleName('Pay 0.05 USDC'), { timeout: 3000 })
  expect(signer.calls).toBe(0)
  expect(reads).toBe(2)
  // Heard too, each long enough for a screen reader to read before the next (the read held 500 ms).
  expect(heard.map(({ text }) => text)).toEqual(['Loading the price', 'Ready to pay'])
  expect(heard[1]!.at - heard[0]!.at).toBeGreaterThanOrEqual(400)
})

test('the network lost while a payment is sent ("Check payment status"): back online, the same payment is resent by itself and the button says "Paid", signed once', async () => {
  const paid: string[] = []
  vi.stubGlobal('fetch', async (input: Request) => {
    await reachable()
    const payment = input.headers.get('PAYMENT-SIGNATURE')
    if (!payment) return new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': offerAt('50000') } })
    paid.push(payment)
    return new Response('The article', { headers: { 'PAYMENT-RESPONSE': settlement } })
  })
  const signer = createTestSigner()
  let sign!: () => void
  const wallet = new Promise<void>((resolve) => (sign = resolve))
  renderForResource({ ...signer, signPayment: async (...args) => (await wallet, signer.signPayment(...args)) })
  const button = await screen.findByRole('button', { name: 'Pay 0.05 USDC' })
  button.click()
  await waitFor(() => expect(button).toHaveAttribute('data-state', 'signing'))
  // The wallet answers once the network is gone: the signed payment cannot reach the seller.
  const { back } = await goOffline(2500)
  sign()
  await waitFor(() => expect(button).toHaveAccessibleName('Check payment status Confirming payment…'))
  expect(paid).toEqual([])
  await back
  await waitFor(() => expect(button).toHaveAccessibleName('Paid'), { timeout: 3000 })
  expect(signer.calls).toBe(1)
  expect(paid).toHaveLength(1)
})

/** A colour as the page computes it: a system colour under forced colours (`GrayText`) as Chromium resolves it there. */
function computedColor(color: string) {
  const probe = document.body.appendChild(document.createElement('span'))
  probe.style.color = color
  try {
    return getComputedStyle(probe).color
  } finally {
    probe.remove()
  }
}

test('under a Windows contrast theme (forced colours), a button that cannot be pressed looks it: "Loading…" and "Payment unavailable" after a press are in GrayText, as a natively disabled one is, not as one that works', async () => {
  // The first 402 (on mount) is on Base Sepolia; the press's fresh one is Solana only. A second
  // button's 402 never comes: it stays `loading`.
  let reads = 0
  vi.stubGlobal('fetch', async (input: Request) =>
    input.url.endsWith('/slow')
      ? new Promise<never>(() => {})
      : new Response('{}', { status: 402, headers: { 'PAYMENT-REQUIRED': reads++ ? solanaOnly(RESOURCE) : offerAt('50000') } }),
  )
  const signer = createTestSigner()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayLinkProvider client={createPayLinkClient({ baseUrl: 'https://api.paylink.test', retry: false })}>
        <PayLinkButton resource={RESOURCE} signer={signer} />
        <PayLinkButton resource="https://paid.test/slow" signer={signer} data-testid="loading" />
        {/* Natively disabled: no wallet. */}
        <PayLinkButton resource="https://paid.test/none" data-testid="native" />
      </PayLinkProvider>
    </QueryClientProvider>,
  )
  const button = await screen.findByRole('button', { name: 'Pay 0.05 USDC' })
  button.focus()
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(button).toHaveAccessibleName('Pay Payment unavailable'))
  expect(button).toHaveAttribute('aria-disabled', 'true')
  const loading = screen.getByTestId('loading')
  const native = screen.getByTestId('native')
  expect(loading).toHaveAttribute('data-state', 'loading')
  expect(native).toBeDisabled()
  await commands.forcedColors('active')
  try {
    // The colours' 150 ms transitions run to their end.
    await Promise.all([button, loading].flatMap((element) => element.getAnimations().map((animation) => animation.finished)))
    const grayText = computedColor('GrayText')
    expect(grayText).not.toBe(computedColor('ButtonText'))
    // What a natively disabled button shows: the contrast theme's disabled colour, text and border.
    expect([getComputedStyle(native).color, getComputedStyle(native).borderTopColor]).toEqual([grayText, grayText])
    for (const element of [button, loading]) {
      const style = getComputedStyle(element)
      expect([element.dataset.state, style.color, style.borderTopColor]).toEqual([element.dataset.state, grayText, grayText])
    }
  } finally {
    await commands.forcedColors(null)
  }
})
