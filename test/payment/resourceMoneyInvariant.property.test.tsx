// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, type RenderResult } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactElement } from 'react'
import { createPayLinkClient } from '../../src/client.js'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { usePayResource } from '../../src/hooks/usePayResource.js'
import { BASE_SEPOLIA_USDC } from '../../src/mock/constants.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { checkExactPayment, nonceKey } from '../../src/mock/x402/checkExactPayment.js'
import type { LinkOffer } from '../../src/mock/x402/offer.js'
import { type MockX402Version, speaks } from '../../src/mock/x402/versions.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import { resourcePurchase } from '../../src/payment/resourcePurchase.js'
import { decodeBase64Json, encodeBase64Json } from '../../src/x402/base64.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'
import { BASE_URL, testQueryClient } from '../hooks/harness.js'
import { AT_REST, command as step, type Id, type Mode, type Model, never, PRESSES, checkSignatures, recordingSigner, type Signature as Recorded, settle, type Wallet } from './moneyRun.js'

// The promise of moneyInvariant.property.test.tsx, for x402 URLs: random sessions of a user, two
// sellers (x402 servers with no Idempotency-Key, v1, v2 or both), a wallet and a network. A purchase
// of a URL signs at most once, unless the signature before was abandoned or refused, or the user saw
// the purchase fail and pressed again; a payment goes only to the server whose 402 it answers; a
// seller charges one purchase once, also one that takes the money before its handler runs and hides
// its receipt from CORS; a press never signs more than the price it showed, nor above
// the spend cap of the element pressed (each has its own). Where sessionStorage refuses the write,
// a reload forgets the payload, and only then may the purchase be signed (and charged) again.

const A = 'https://shop.test/article'
const B = 'https://other.test/report'
const PAY_TO = { [A]: '0x00000000000000000000000000000000000A11cE', [B]: '0x0000000000000000000000000000000000000B0B' }
// Every price is 10000 to 30000: within the high cap, above the low one; the mid one takes 10000 and 20000.
const CAPS = { high: '50000', mid: '20000', low: '5000' }

type Url = typeof A | typeof B

/** An x402 server: its offers (amounts, in the order listed), what it took and what goes wrong next. */
interface Seller {
  url: Url
  version: MockX402Version
  amounts: string[]
  /** Declares x402's payment-identifier and answers a payment whose id it took before as it did then. */
  keepsAnswers: boolean
  /** Its offers say x402's `upfront` flow: it takes the money before its handler runs. */
  settlesFirst: boolean
  /** What its next paid request meets (a key of FAULTS), its next unpaid one (a 503). */
  paidFault?: string | undefined
  /** What its first paid request meets, also in the drain (most runs pay first there). */
  firstPaidFault?: string | undefined
  unpaidFault?: boolean | undefined
  usedNonces: Set<string>
  /** Nonces it charged. */
  charges: string[]
  /** The payment-identifier ids of the payments it took (`keepsAnswers`). */
  answered: Set<string>
}

/** One request to the wallet, as the wallet saw it. */
interface Signature extends Recorded {
  url: Url
  /** The element whose signer was asked. */
  element: Id
}

interface World {
  sellers: Record<Url, Seller>
  view: RenderResult
  Page: () => ReactElement
  mounted: Partial<Record<Id, number>>
  /** The URL each element shows (`a` always A). */
  urls: Record<Id, Url>
  /** Each element's spend cap. */
  caps: Record<Id, keyof typeof CAPS>
  /** sessionStorage refuses writes (a browser set to block site data, or storage full). */
  storageFull: boolean
  wallet: Wallet
  signatures: Signature[]
  /** The paid requests the page sent, as sent. */
  sent: { url: string; payment: string }[]
  loseNextPaidAnswer: boolean
  /** `onSettled` calls, as `button instance|url|purchase`. */
  reported: string[]
  purchase: Record<Url, number>
  seenFailure: Record<Url, boolean>
  load: number
  open: () => void
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const HIDDEN_404 = 'a 404 after settling, its receipt not exposed'

// What a paid request may meet, given the settlement headers of a payment taken: before the seller
// takes the payment (`charged: false`) or after, as a real server may fail either side of it.
const FAULTS: Record<string, { charged: boolean; answer: (seller: Seller, settlement: Record<string, string>) => Response | Promise<Response> }> = {
  'time-out after charging': { charged: true, answer: (_s, headers) => wait(20_000).then(() => HttpResponse.text('paid', { headers })) },
  '500': { charged: false, answer: () => HttpResponse.json({}, { status: 500 }) },
  '500 after charging': { charged: true, answer: () => HttpResponse.json({}, { status: 500 }) },
  'dropped connection': { charged: false, answer: () => HttpResponse.error() },
  'HTML 502': { charged: false, answer: () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }) },
  '402 insufficient_funds': { charged: false, answer: (seller) => paymentRequired(seller, 'insufficient_funds') },
  '400': { charged: false, answer: () => HttpResponse.json({ error: 'bad request' }, { status: 400 }) },
  // Not now, or a conflict (the same payment still in flight): the outcome stays open, either side of the charge.
  '429 Retry-After': { charged: false, answer: () => HttpResponse.json({}, { status: 429, headers: { 'Retry-After': '2' } }) },
  '409': { charged: false, answer: () => HttpResponse.json({}, { status: 409 }) },
  ...Object.fromEntries(
    [408, 409, 425, 429].map((status) => [
      `${status} after charging`,
      { charged: true, answer: () => HttpResponse.json({}, { status, headers: status === 429 ? { 'Retry-After': '2' } : {} }) },
    ]),
  ),
  // x402's `upfront` flow: settled before the handler ran, which then failed.
  'the handler fails after settling': { charged: true, answer: (_s, headers) => HttpResponse.json({}, { status: 500, headers }) },
  // The same, refused with a 404 whose receipt the browser cannot read (the seller does not expose
  // it to CORS). Only a seller that settles first does this; serve gives the others a plain 400.
  [HIDDEN_404]: { charged: true, answer: () => HttpResponse.json({ error: 'sold out' }, { status: 404 }) },
}

const terms = { name: 'USDC', version: '2' }
// The seller's offers as the mock's payment check reads them.
const offersOf = (seller: Seller) => {
  const extra = seller.settlesFirst ? { ...terms, paymentFlow: 'upfront' } : terms
  return seller.amounts.map(
    (amount) =>
      ({
        amount,
        version: seller.version,
        v2: { scheme: 'exact', network: 'eip155:84532', amount, asset: BASE_SEPOLIA_USDC, payTo: PAY_TO[seller.url], maxTimeoutSeconds: 60, extra },
        v1: {
          scheme: 'exact',
          network: 'base-sepolia',
          maxAmountRequired: amount,
          resource: seller.url,
          description: 'An article',
          mimeType: 'text/plain',
          asset: BASE_SEPOLIA_USDC,
          payTo: PAY_TO[seller.url],
          maxTimeoutSeconds: 60,
          extra,
        },
      }) as unknown as LinkOffer,
  )
}

function paymentRequired(seller: Seller, reason?: string) {
  const offers = offersOf(seller)
  const v1 = { x402Version: 1, error: reason ?? 'X-PAYMENT header is required', accepts: offers.map((o) => o.v1) }
  if (seller.version === 1) return HttpResponse.json(v1, { status: 402 })
  const v2 = {
    x402Version: 2,
    ...(reason && { error: reason }),
    resource: { url: seller.url },
    accepts: offers.map((o) => o.v2),
    ...(seller.keepsAnswers && { extensions: { 'payment-identifier': { info: { required: false } } } }),
  }
  return HttpResponse.json(seller.version === 2 ? {} : v1, { status: 402, headers: { 'PAYMENT-REQUIRED': encodeBase64Json(v2) } })
}

/** The seller's side of one request: a 402, or a payment checked as a facilitator would and charged once. */
async function serve(seller: Seller, request: Request): Promise<Response> {
  const v2 = request.headers.get('PAYMENT-SIGNATURE')
  const header = v2 ?? request.headers.get('X-PAYMENT')
  if (!header) {
    const failed = seller.unpaidFault
    seller.unpaidFault = false
    return failed ? HttpResponse.json({}, { status: 503 }) : paymentRequired(seller)
  }
  const kind = seller.paidFault ?? seller.firstPaidFault
  const fault = kind && FAULTS[kind === HIDDEN_404 && !seller.settlesFirst ? '400' : kind]
  seller.paidFault = seller.firstPaidFault = undefined
  if (fault && !fault.charged) return fault.answer(seller, {})
  const name = v2 ? 'PAYMENT-SIGNATURE' : 'X-PAYMENT'
  const decoded = decodeBase64Json(header, name) as { extensions?: { 'payment-identifier'?: { info?: { id?: string } } } }
  const id = seller.keepsAnswers ? decoded.extensions?.['payment-identifier']?.info?.id : undefined
  if (!(id && seller.answered.has(id))) {
    if (!speaks(seller.version, name)) return paymentRequired(seller, 'invalid_x402_version')
    const checks = offersOf(seller).map((offer) => checkExactPayment(header, name, offer, Date.now(), seller.usedNonces))
    const check = checks.find((c) => c.ok) ?? checks[0]!
    if (!check.ok) return paymentRequired(seller, check.reason)
    seller.usedNonces.add(nonceKey(check.payer, check.nonce))
    seller.charges.push(check.nonce)
    if (id) seller.answered.add(id)
  }
  const settlement = encodeBase64Json({ success: true, transaction: `0x${'ab'.repeat(32)}`, network: v2 ? 'eip155:84532' : 'base-sepolia', payer: createTestSigner().address })
  const headers = { ...(seller.version !== 1 && { 'PAYMENT-RESPONSE': settlement }), ...(!v2 && { 'X-PAYMENT-RESPONSE': settlement }) }
  return fault ? fault.answer(seller, headers) : HttpResponse.text('paid', { headers })
}

/** The wallet as the element `element` holds it. */
function walletFor(world: World, element: Id): PaymentSigner {
  const { load } = world
  return recordingSigner(
    world.wallet,
    () => load !== world.load,
    (fields, requirement) => {
      const url = (Object.keys(PAY_TO) as Url[]).find((u) => PAY_TO[u] === requirement.payTo)!
      const signature: Signature = {
        ...fields,
        url,
        element,
        purchase: world.purchase[url],
        cap: BigInt(CAPS[world.caps[element]]),
        refused: false,
        answered: false,
        late: false,
        gone: false,
        afterSeenFailure: world.seenFailure[url],
      }
      world.seenFailure[url] = false
      world.signatures.push(signature)
      return signature
    },
  )
}

// One object per cap, as an app holds its caps: a new one on each render would be another option.
const CAP_OPTIONS = Object.fromEntries(Object.entries(CAPS).map(([name, cap]) => [name, { [BASE_SEPOLIA_USDC]: cap }])) as Record<keyof typeof CAPS, { [BASE_SEPOLIA_USDC]: string }>
const capOf = (world: World, id: Id) => CAP_OPTIONS[world.caps[id]]

function Hook({ url, signer, cap }: { url: Url; signer: PaymentSigner; cap: ReturnType<typeof capOf> }) {
  const { status, pay, reset, price } = usePayResource(url, { signer, maxAmount: cap })
  return (
    <div data-testid="h" data-state={status} data-price={price?.amount ?? ''}>
      <button type="button" data-testid="h-pay" onClick={() => void pay()} />
      <button type="button" data-testid="h-reset" onClick={reset} />
    </div>
  )
}

function page(world: World) {
  // A new page: a new client and query cache; only sessionStorage and the sellers are kept.
  const client = createPayLinkClient({ baseUrl: BASE_URL, retry: false })
  const queryClient = testQueryClient()
  const signers = { a: walletFor(world, 'a'), b: walletFor(world, 'b'), h: walletFor(world, 'h') }
  return () => {
    const { mounted: m, urls } = world
    return (
      <QueryClientProvider client={queryClient}>
        <PayLinkProvider client={client}>
          {(['a', 'b'] as const).map(
            (id) =>
              m[id] !== undefined && (
                <PayLinkButton
                  key={id + m[id]}
                  data-testid={id}
                  resource={urls[id]}
                  signer={signers[id]}
                  maxAmount={capOf(world, id)}
                  onSettled={() => world.reported.push(`${world.load}${id}${m[id]}|${urls[id]}|${world.purchase[urls[id]]}`)}
                />
              ),
          )}
          {m.h !== undefined && <Hook key={`h${m.h}`} url={urls.h} signer={signers.h} cap={capOf(world, 'h')} />}
        </PayLinkProvider>
      </QueryClientProvider>
    )
  }
}

const shown = (world: World, id: Id) => world.view.getByTestId(id).getAttribute('data-state')!
const rerender = (world: World) => act(() => world.view.rerender(<world.Page />))

/** The price the element shows, in atomic units, if it shows one. */
function shownPrice(world: World, id: Id): bigint | undefined {
  const element = world.view.getByTestId(id)
  const amount = id === 'h' ? element.getAttribute('data-price') : /^Pay ([\d.]+) USDC/.exec(element.querySelector('[data-paylink-part="label"]')!.textContent!)?.[1]
  return amount ? BigInt(Math.round(Number(amount) * 1e6)) : undefined
}

/** A press of a kind on a button, or through the hook: notes whether it saw `failed`, and checks what it signed against the price it saw. */
async function press(world: World, id: Id, detail: number[]) {
  const url = world.urls[id]
  if (shown(world, id) === 'failed') world.seenFailure[url] = true
  const price = shownPrice(world, id)
  const before = world.signatures.length
  const target = world.view.getByTestId(id === 'h' ? 'h-pay' : id)
  act(() => {
    for (const d of detail) fireEvent.click(target, { detail: d })
  })
  await settle()
  for (const signature of world.signatures.slice(before)) {
    if (price !== undefined && signature.url === url && signature.element === id) {
      expect(signature.amount, 'a press signed more than the price it showed').toBeLessThanOrEqual(price)
    }
  }
}

const command = step<World>

const which = fc.constantFrom<Id>('a', 'b', 'h')
const url = fc.constantFrom<Url>(A, B)

const presses = fc.oneof(
  fc
    .tuple(fc.constantFrom<Id>('a', 'b'), fc.constantFrom(...(Object.keys(PRESSES) as (keyof typeof PRESSES)[])))
    .chain(([id, kind]) => command(`${kind} on ${id}`, (m) => m[id], (_m, w) => press(w, id, PRESSES[kind]))),
  command('pay() from the hook', (m) => m.h, (_m, w) => press(w, 'h', [1])),
  command('pay() twice from the hook', (m) => m.h, (_m, w) => press(w, 'h', [1, 1])),
)

const commands = fc.commands(
  [
    which.chain((id) =>
      command(`toggle ${id}`, () => true, async (m, w) => {
        m[id] = !m[id]
        if (m[id]) w.mounted[id] = 0
        else delete w.mounted[id]
        await rerender(w)
      }),
    ),
    which.chain((id) => command(`remount ${id}`, (m) => m[id], async (_m, w) => void ((w.mounted[id]! += 1), await rerender(w)))),
    fc.constantFrom<Id>('b', 'h').chain((id) =>
      command(`${id} shows the other URL`, () => true, async (_m, w) => {
        w.urls[id] = w.urls[id] === A ? B : A
        await rerender(w)
      }),
    ),
    // Presses, five times as likely as any other step: a purchase is what the rest acts on.
    presses,
    presses,
    presses,
    presses,
    presses,
    command('reset() from the hook', (m) => m.h, (_m, w) => {
      // Once an outcome shows, reset() starts another purchase (in `unknown`, the README says to
      // offer it only when the user knows the payment did not go through).
      if (['settled', 'failed', 'unknown'].includes(shown(w, 'h'))) w.purchase[w.urls.h] += 1
      act(() => fireEvent.click(w.view.getByTestId('h-reset')))
    }),
    fc
      .tuple(url, fc.constantFrom('10000', '20000', '30000'))
      .chain(([u, amount]) => command(`${u} asks ${amount}`, () => true, (_m, w) => void (w.sellers[u].amounts[0] = amount))),
    url.chain((u) => command(`${u} lists its offers in another order`, () => true, (_m, w) => void w.sellers[u].amounts.reverse())),
    fc
      .tuple(url, fc.constantFrom<MockX402Version>(1, 2, 'both'))
      .chain(([u, version]) => command(`${u} speaks x402 ${version}`, () => true, (_m, w) => void (w.sellers[u].version = version))),
    fc
      .tuple(url, fc.constantFrom(...Object.keys(FAULTS)))
      .chain(([u, fault]) => command(`${u}: ${fault} on the next paid request`, () => true, (_m, w) => void (w.sellers[u].paidFault = fault))),
    url.chain((u) => command(`${u}: 503 on the next unpaid request`, () => true, (_m, w) => void (w.sellers[u].unpaidFault = true))),
    command('the next paid answer is lost', () => true, (_m, w) => void (w.loseNextPaidAnswer = true)),
    fc.constantFrom<Mode>('ok', 'ok', 'refuse', 'slow', 'hang').chain((mode) => command(`wallet ${mode}`, () => true, (_m, w) => void (w.wallet.mode = mode))),
    fc.tuple(which, fc.constantFrom<keyof typeof CAPS>('high', 'mid', 'low')).chain(([id, cap]) =>
      command(`the spend cap of ${id} is ${cap}`, () => true, async (_m, w) => {
        w.caps[id] = cap
        await rerender(w)
      }),
    ),
    fc.boolean().chain((full) => command(`sessionStorage ${full ? 'refuses' : 'takes'} writes`, () => true, (_m, w) => void (w.storageFull = full))),
    command('reload the page', () => true, (_m, w) => {
      w.load += 1
      // A page loaded after the outcome knows nothing of it: it offers the URL afresh, another purchase.
      for (const u of [A, B] as const) if (['settled', 'failed'].includes(resourcePurchase(u).getSnapshot().status)) w.purchase[u] += 1
      for (const signature of w.signatures) {
        if (!signature.answered) signature.gone = true
        signature.forgotten ||= signature.inMemoryOnly
      }
      w.view.unmount()
      forgetPurchases()
      // The same page again: what it showed, each on the URL it showed.
      w.mounted = Object.fromEntries(Object.keys(w.mounted).map((id) => [id, 0]))
      act(w.open)
    }),
    // TanStack Query's focusManager listens for visibilitychange, not focus: its queries are read again.
    command('the window shown again', () => true, () => act(() => void window.dispatchEvent(new Event('visibilitychange')))),
    // The browser's offline then online events: TanStack Query's onlineManager, and the purchases on
    // screen with it, go on (terms read again, a payment of unknown outcome resent).
    command('back online', () => true, () =>
      act(() => {
        window.dispatchEvent(new Event('offline'))
        window.dispatchEvent(new Event('online'))
      }),
    ),
    fc.constantFrom(1_000, 5_000, 16_000, 21_000, 61_000).chain((ms) => command(`${ms} ms pass`, () => true, () => settle(ms))),
  ],
  { maxCommands: 30, size: 'large' },
)

function checkMoney(world: World) {
  const byNonce = new Map(world.signatures.map((s) => [s.nonce, s]))
  checkSignatures(world.signatures, (a, b) => a.url === b.url && a.purchase === b.purchase, (s) => `${s.url}, purchase ${s.purchase}`)
  for (const { url, payment } of world.sent) {
    const sent = decodeBase64Json(payment, 'payment') as { payload: { authorization: { nonce: string; to: string } }; accepted?: { payTo: string }; resource?: { url: string } }
    const signature = byNonce.get(sent.payload.authorization.nonce)
    expect(signature, 'a payment sent was signed by this wallet').toBeDefined()
    expect(signature!.late, 'a signature that came after it was abandoned was sent').toBe(false)
    expect(signature!.url, "a payment was sent to a server other than the one whose 402 it answers").toBe(url)
    expect(sent.payload.authorization.to).toBe(PAY_TO[url as Url])
    if (sent.resource) expect(sent.resource.url).toBe(url)
  }
  const reported = world.reported.filter((report, i) => world.reported.indexOf(report) !== i)
  expect(reported, 'a button reported one purchase settled twice').toEqual([])
  for (const seller of Object.values(world.sellers)) {
    const charged = seller.charges.map((nonce) => byNonce.get(nonce)!)
    charged.forEach((signature, i) => {
      expect(signature, 'a charge was signed by this wallet').toBeDefined()
      expect(signature.url).toBe(seller.url)
      if (charged.slice(0, i).some((s) => s.purchase === signature.purchase && !s.forgotten)) throw new Error(`${seller.url} charged purchase ${signature.purchase} twice`)
    })
  }
}

/** Nothing left moving: the wallet answers, the network works; the user presses `a` wherever it offers a press. */
async function drain(world: World, model: Model) {
  world.wallet.mode = 'ok'
  world.loseNextPaidAnswer = false
  for (const seller of Object.values(world.sellers)) Object.assign(seller, { paidFault: undefined, unpaidFault: false })
  for (const release of world.wallet.held.splice(0)) release()
  if (!model.a) {
    world.mounted.a = 0
    await rerender(world)
  }
  for (let i = 0; i < 4; i++) {
    await settle(21_000)
    const state = shown(world, 'a')
    const slow = world.view.getByTestId('a').getAttribute('aria-disabled') === null
    if (['ready', 'cancelled', 'unknown', 'failed'].includes(state) || (state === 'signing' && slow)) await press(world, 'a', [1])
  }
  await settle(61_000)
}

const sellerArb = (u: Url) =>
  fc.record({
    version: fc.constantFrom<MockX402Version>(1, 2, 'both'),
    amounts: fc.constantFrom(['10000'], ['10000', '20000'], ['20000', '10000']),
    keepsAnswers: fc.boolean(),
    settlesFirst: fc.boolean(),
    firstPaidFault: fc.constantFrom(undefined, ...Object.keys(FAULTS)),
  })

/** A seller as configured, with nothing taken yet: made in each run, as fast-check replays its values when it shrinks. */
const sellerFor = (url: Url, config: Pick<Seller, 'version' | 'keepsAnswers' | 'settlesFirst' | 'firstPaidFault'> & { amounts: readonly string[] }): Seller => ({ ...config, amounts: [...config.amounts], url, usedNonces: new Set(), charges: [], answered: new Set() })

const cap = fc.constantFrom<keyof typeof CAPS>('high', 'high', 'mid', 'low')
/** What the page shows on load: button `a` (on A), maybe `b` and the hook, each on either URL with a cap of its own; and whether sessionStorage takes writes. */
const layout = fc.record({ b: fc.boolean(), h: fc.boolean(), bUrl: url, hUrl: url, caps: fc.record({ a: cap, b: cap, h: cap }), storageFull: fc.boolean() })

// 300 runs take 8-28 s with two test files at once, and up to 41 s with four processes on two
// cores (the whole suite's projects run together in CI): the time limit leaves room above that.
test('a URL purchase moves money at most once, whatever the user, the sellers, the wallet and the network do', async () => {
  let world: World | undefined
  const server = setupServer(...([A, B] as const).map((u) => http.get(u, ({ request }) => serve(world!.sellers[u], request))))
  server.listen({ onUnhandledRequest: 'error' })
  // The network as the page sees it: a reloaded page gets no answer, and a paid answer can be lost
  // on the way back after the seller took the payment.
  const network = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const w = world!
    const { load } = w
    const request = new Request(input, init)
    const payment = request.headers.get('payment-signature') ?? request.headers.get('x-payment')
    if (payment) w.sent.push({ url: request.url, payment })
    const response = await network(input, init).catch((error) => (load === w.load ? Promise.reject(error) : never()))
    if (load !== w.load) return never()
    if (payment && w.loseNextPaidAnswer) {
      w.loseNextPaidAnswer = false
      throw new TypeError('Failed to fetch')
    }
    return response
  }
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  // A storage that refuses writes notes the payload it refused: kept in memory only.
  const setItem = Storage.prototype.setItem
  const storage = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
    if (!world?.storageFull) return setItem.call(this, key, value)
    const { paymentHeader } = JSON.parse(value) as { paymentHeader: string }
    const { nonce } = (decodeBase64Json(paymentHeader, 'payment') as { payload: { authorization: { nonce: string } } }).payload.authorization
    world.signatures.find((s) => s.nonce === nonce)!.inMemoryOnly = true
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  })
  try {
    await fc.assert(
      fc.asyncProperty(sellerArb(A), sellerArb(B), fc.constantFrom<Mode>('ok', 'ok', 'refuse', 'slow', 'hang'), layout, commands, async (sellerA, sellerB, mode, start, cmds) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] })
        const errors = vi.spyOn(console, 'error')
        const w = (world = {
          sellers: { [A]: sellerFor(A, sellerA), [B]: sellerFor(B, sellerB) },
          mounted: { a: 0, ...(start.b && { b: 0 }), ...(start.h && { h: 0 }) },
          urls: { a: A, b: start.bUrl, h: start.hUrl },
          caps: { ...start.caps },
          storageFull: start.storageFull,
          wallet: { mode, held: [] },
          signatures: [],
          sent: [],
          reported: [],
          loseNextPaidAnswer: false,
          purchase: { [A]: 0, [B]: 0 },
          seenFailure: { [A]: false, [B]: false },
          load: 0,
        } as unknown as World)
        try {
          unhandled.length = 0
          forgetPurchases()
          sessionStorage.clear()
          w.open = () => {
            w.Page = page(w)
            w.view = render(<w.Page />)
          }
          w.open()
          await settle()
          const model: Model = { a: true, b: start.b, h: start.h }
          await fc.asyncModelRun(() => ({ model, real: w }), cmds)
          checkMoney(w)
          await drain(w, model)
          checkMoney(w)
          expect(AT_REST).toContain(shown(w, 'a'))
          if (model.h) expect(AT_REST).toContain(shown(w, 'h'))
          // "Paid" on screen, and onSettled, are a purchase the seller charged.
          const charged = (u: Url, purchase = w.purchase[u]) => w.sellers[u].charges.some((nonce) => w.signatures.some((s) => s.nonce === nonce && s.purchase === purchase))
          if (shown(w, 'a') === 'settled') expect(charged(A), 'settled shown for a purchase nobody paid').toBe(true)
          if (model.h && shown(w, 'h') === 'settled') expect(charged(w.urls.h), 'settled shown for a purchase nobody paid').toBe(true)
          for (const report of w.reported) {
            const [, u, purchase] = report.split('|') as [string, Url, string]
            expect(charged(u, Number(purchase)), `onSettled for a purchase nobody paid: ${report}`).toBe(true)
          }
          expect(unhandled).toEqual([])
          expect(errors).not.toHaveBeenCalled()
        } finally {
          cleanup()
          errors.mockRestore()
          vi.useRealTimers()
        }
      }),
      { numRuns: 300 },
    )
  } finally {
    storage.mockRestore()
    globalThis.fetch = network
    process.off('unhandledRejection', onUnhandled)
    server.close()
  }
}, 120_000)
