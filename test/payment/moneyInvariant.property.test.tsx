// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, type RenderResult } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import fc from 'fast-check'
import type { ReactElement } from 'react'
import { setupServer } from 'msw/node'
import { createPayLinkClient, type PayLinkClient } from '../../src/client.js'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { usePayLink } from '../../src/hooks/usePayLink.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS } from '../../src/mock/constants.js'
import { createMockApi, type MockApi } from '../../src/mock/createMockApi.js'
import { faultResponse, type MockFault } from '../../src/mock/faults.js'
import { paymentAt } from '../../src/mock/progress.js'
import type { MockScenario } from '../../src/mock/scenarios.js'
import { linkPurchase } from '../../src/payment/linkPurchase.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import { decodeBase64Json } from '../../src/x402/base64.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'
import { BASE_URL, testQueryClient } from '../hooks/harness.js'
import { AT_REST, command as step, type Id, type Mode, type Model, never, PRESSES, checkSignatures, recordingSigner, settle, type Signature, type Wallet } from './moneyRun.js'

// The package's central promise, checked against the mock API over random sessions of a user, a
// seller, a wallet and a network: money is never moved twice by accident. A purchase signs at most
// once, unless the signature before was abandoned (reset while signing, "ask the wallet again") or
// refused, or the user saw the purchase fail and pressed again; the ledger holds a second charge
// of one purchase only when the charge before it failed or expired. Where sessionStorage refuses
// the write, a reload forgets the payload, and only then may the purchase be signed (and charged)
// again, as the README has it. Each element has its own spend cap: none signs above its own.

const code = MOCK_LINKS.demo
// Every price below (1.25 to 1.75 USDC) is within the high cap; 1.75 is above the low one.
const CAPS = { high: '10000000', low: '1600000' }

/** The page, the wallet and the network of one run. */
interface World {
  mock: MockApi
  client: PayLinkClient
  view: RenderResult
  Page: () => ReactElement
  mounted: { a?: number; b?: number; h?: number }
  /** Each element's spend cap, for the whole run. */
  caps: Record<Id, keyof typeof CAPS>
  wallet: Wallet
  signatures: Signature[]
  /** The payment headers the page sent, as sent. */
  sent: string[]
  loseNextPaidAnswer: boolean
  /** What the next paid request is answered once the seller took it. */
  nextPaidAnswer?: MockFault | undefined
  /** sessionStorage refuses writes (a browser set to block site data, or storage full). */
  storageFull: boolean
  purchase: number
  seenFailure: boolean
  /** Counts the page's loads: what the page before a reload asked for gets no answer. */
  load: number
  /** Loads the page: a new client, query cache and React root; only `sessionStorage` and the seller's state are kept. */
  open: () => void
}

// The wallet (as the element `id` holds it) and the client of one load of the page: once it is
// reloaded, nothing comes of them.
function walletFor(world: World, id: Id): PaymentSigner {
  const { load } = world
  return recordingSigner(
    world.wallet,
    () => load !== world.load,
    (fields) => {
      const signature: Signature = {
        ...fields,
        purchase: world.purchase,
        cap: BigInt(CAPS[world.caps[id]]),
        refused: false,
        answered: false,
        late: false,
        gone: false,
        afterSeenFailure: world.seenFailure,
      }
      world.seenFailure = false
      world.signatures.push(signature)
      return signature
    },
  )
}

function clientFor(world: World, retry: boolean): PayLinkClient {
  const { load } = world
  return createPayLinkClient({
    baseUrl: BASE_URL,
    ...(!retry && { retry: false }),
    fetch: async (input, init) => {
      if (load !== world.load) return never()
      const headers = new Headers(init?.headers)
      const payment = headers.get('payment-signature') ?? headers.get('x-payment')
      if (payment) world.sent.push(payment)
      // The seller acts on what it received, whether or not the page is still there to read it.
      const response = await fetch(input, init).catch((error) => (load === world.load ? Promise.reject(error) : never()))
      if (load !== world.load) return never()
      if (payment && world.loseNextPaidAnswer) {
        world.loseNextPaidAnswer = false
        throw new TypeError('Failed to fetch')
      }
      const answer = payment && world.nextPaidAnswer
      world.nextPaidAnswer = payment ? undefined : world.nextPaidAnswer
      return answer ? faultResponse(answer, 'req_after_charge')! : response
    },
  })
}

function Hook({ signer, cap }: { signer: PaymentSigner; cap: string }) {
  const { status, pay, reset } = usePayLink(code, { signer, maxAmount: { [BASE_SEPOLIA_USDC]: cap } })
  return (
    <div data-testid="h" data-state={status}>
      <button type="button" data-testid="h-pay" onClick={() => void pay()} />
      <button type="button" data-testid="h-reset" onClick={reset} />
    </div>
  )
}

function page(world: World, queryClient = testQueryClient()) {
  const signers = { a: walletFor(world, 'a'), b: walletFor(world, 'b'), h: walletFor(world, 'h') }
  const caps = { a: { [BASE_SEPOLIA_USDC]: CAPS[world.caps.a] }, b: { [BASE_SEPOLIA_USDC]: CAPS[world.caps.b] } }
  return () => {
    const { a, b, h } = world.mounted
    return (
      <QueryClientProvider client={queryClient}>
        <PayLinkProvider client={world.client}>
          {a !== undefined && <PayLinkButton key={`a${a}`} data-testid="a" code={code} signer={signers.a} maxAmount={caps.a} />}
          {b !== undefined && <PayLinkButton key={`b${b}`} data-testid="b" code={code} signer={signers.b} maxAmount={caps.b} />}
          {h !== undefined && <Hook key={`h${h}`} signer={signers.h} cap={CAPS[world.caps.h]} />}
        </PayLinkProvider>
      </QueryClientProvider>
    )
  }
}

const shown = (world: World, id: string) => world.view.getByTestId(id).getAttribute('data-state')!

/** What the user does: a press of a kind on a button or through the hook, which notes whether it saw `failed`. */
async function press(world: World, id: 'a' | 'b' | 'h', detail: number[]) {
  if (shown(world, id) === 'failed') world.seenFailure = true
  const target = world.view.getByTestId(id === 'h' ? 'h-pay' : id)
  act(() => {
    for (const d of detail) fireEvent.click(target, { detail: d })
  })
  await settle()
}

const command = step<World>

const rerender = (world: World) => act(() => world.view.rerender(<world.Page />))

const which = fc.constantFrom<'a' | 'b' | 'h'>('a', 'b', 'h')

const toggle = which.chain((id) =>
  command(`toggle ${id}`, () => true, async (m, w) => {
    m[id] = !m[id]
    if (m[id]) w.mounted[id] = 0
    else delete w.mounted[id]
    await rerender(w)
  }),
)

// A key of its own: the same element mounted anew.
const remount = which.chain((id) =>
  command(`remount ${id}`, (m) => m[id], async (_m, w) => {
    w.mounted[id]! += 1
    await rerender(w)
  }),
)


const FAULTS: Record<string, MockFault> = {
  'time-out': { latencyMs: 20_000, times: 1 },
  '500': { status: 500, times: 1 },
  '503 Retry-After': { status: 503, retryAfter: 2, times: 1 },
  'dropped connection': { dropConnection: true, times: 1 },
  'HTML 502': { html502: true, times: 1 },
  // Not now, or a conflict: answered without acting, but a paid request's outcome stays open.
  '408': { status: 408, times: 1 },
  '409': { status: 409, times: 1 },
  '425': { status: 425, times: 1 },
  '429 Retry-After': { status: 429, retryAfter: 2, times: 1 },
}

// The same answers after the seller took the payment (a conflict with the same payment in flight, a
// gateway's time-out or rate limit on the way back): only a resend of that payload may follow.
const AFTER_CHARGE: Record<string, MockFault> = {
  '408': { status: 408 },
  '409': { status: 409 },
  '425': { status: 425 },
  '429 Retry-After': { status: 429, retryAfter: 2 },
}

const pressOnButton = fc
  .tuple(fc.constantFrom<'a' | 'b'>('a', 'b'), fc.constantFrom(...(Object.keys(PRESSES) as (keyof typeof PRESSES)[])))
  .chain(([id, kind]) => command(`${kind} on ${id}`, (m) => m[id], (_m, w) => press(w, id, PRESSES[kind])))

const commands = fc.commands(
  [
    toggle,
    remount,
    // Presses, three times as likely as any other step: a purchase is what the rest acts on.
    pressOnButton,
    pressOnButton,
    pressOnButton,
    command('pay() twice from the hook', (m) => m.h, (_m, w) => press(w, 'h', [1, 1])),
    command('reset() from the hook', (m) => m.h, async (_m, w) => {
      // Once an outcome shows, reset() starts another purchase (in `unknown`, the README says to
      // offer it only when the user knows the payment did not go through).
      if (['settled', 'failed', 'unknown'].includes(shown(w, 'h'))) w.purchase += 1
      act(() => fireEvent.click(w.view.getByTestId('h-reset')))
    }),
    fc.constantFrom('1.25', '1.50', '1.75').chain((amount) =>
      command(`the seller asks ${amount}`, () => true, (_m, w) => {
        w.mock.state.links.get(code)!.price = { amount, currency: 'USDC' }
      }),
    ),
    fc.constantFrom(...Object.keys(FAULTS)).chain((kind) => command(`verify: ${kind}`, () => true, (_m, w) => w.mock.inject('verifyPayment', FAULTS[kind]!))),
    command('the next paid answer is lost', () => true, (_m, w) => void (w.loseNextPaidAnswer = true)),
    fc
      .constantFrom(...Object.keys(AFTER_CHARGE))
      .chain((kind) => command(`the next paid request is charged, then answered ${kind}`, () => true, (_m, w) => void (w.nextPaidAnswer = AFTER_CHARGE[kind]))),
    fc.boolean().chain((full) => command(`sessionStorage ${full ? 'refuses' : 'takes'} writes`, () => true, (_m, w) => void (w.storageFull = full))),
    fc
      .constantFrom<MockScenario>('payment-outcome-unknown', 'payment-fails-to-settle', 'payment-expires')
      .chain((name) => command(`scenario ${name}`, () => true, (_m, w) => w.mock.useScenario(name))),
    fc.constantFrom<Mode>('ok', 'refuse', 'slow', 'hang').chain((mode) => command(`wallet ${mode}`, () => true, (_m, w) => void (w.wallet.mode = mode))),
    command('reload the page', () => true, (m, w) => {
      w.load += 1
      // A page loaded after the outcome knows nothing of it: it offers the link afresh, another purchase.
      if (['settled', 'failed'].includes(linkPurchase(w.client, code).getSnapshot().status)) w.purchase += 1
      for (const signature of w.signatures) {
        if (!signature.answered) signature.gone = true
        signature.forgotten ||= signature.inMemoryOnly
      }
      w.view.unmount()
      forgetPurchases()
      Object.assign(m, { a: true, b: false, h: false })
      w.mounted = { a: 0 }
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
    fc.constantFrom(1_000, 5_000, 21_000, 61_000, 300_000).chain((ms) => command(`${ms} ms pass`, () => true, () => settle(ms))),
  ],
  // fast-check's default size ('small') stops near 10 commands whatever maxCommands says: 'large'
  // reaches 25, where a purchase meets several faults, presses and reloads in one session.
  { maxCommands: 25, size: 'large' },
)

/** What a user would notice: a second signature or charge of one purchase, or a payload sent that was abandoned. */
function checkMoney(world: World) {
  const byNonce = new Map(world.signatures.map((s) => [s.nonce, s]))
  checkSignatures(world.signatures, (a, b) => a.purchase === b.purchase, (s) => `purchase ${s.purchase}`)
  const sentNonces = world.sent.map((header) => (decodeBase64Json(header, 'payment') as { payload: { authorization: { nonce: string } } }).payload.authorization.nonce)
  for (const nonce of sentNonces) {
    expect(byNonce.get(nonce), 'a payment sent was signed by this wallet').toBeDefined()
    expect(byNonce.get(nonce)!.late, 'a signature that came after it was abandoned was sent').toBe(false)
  }
  const charges = new Map<number, { id: string; forgotten?: boolean }[]>()
  for (const entry of world.mock.ledger) {
    const signature = byNonce.get(entry.nonce)
    expect(signature, 'a charge was signed by this wallet').toBeDefined()
    charges.set(signature!.purchase, [...(charges.get(signature!.purchase) ?? []), { id: entry.id, forgotten: signature!.forgotten }])
  }
  for (const [purchase, entries] of charges) {
    for (const { id, forgotten } of entries.slice(0, -1)) {
      const { status } = paymentAt(world.mock.state.payments.get(id)!, Date.now())
      if (!forgotten && !['failed', 'expired'].includes(status)) throw new Error(`purchase ${purchase} was charged ${entries.length} times; ${id} is ${status}`)
    }
  }
}

/**
 * Nothing left moving: the wallet answers, the network works; the user presses wherever the button
 * offers a press. A paid answer that leaves the outcome open (`nextPaidAnswer`) is still met: most
 * runs pay here first, and the presses after it resend.
 */
async function drain(world: World, model: Model) {
  world.wallet.mode = 'ok'
  world.loseNextPaidAnswer = false
  world.mock.clearFaults()
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

// 300 runs take 8-28 s with two test files at once, and up to 41 s with four processes on two
// cores (the whole suite's projects run together in CI): the time limit leaves room above that.
test('money moves at most once per purchase, whatever the user, the seller, the wallet and the network do', async () => {
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'error' })
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  let world: World | undefined
  // A storage that refuses writes notes the payload it refused: kept in memory only.
  const setItem = Storage.prototype.setItem
  const storage = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
    if (!world?.storageFull) return setItem.call(this, key, value)
    const { paymentHeader } = JSON.parse(value) as { paymentHeader: string }
    const { nonce } = (decodeBase64Json(paymentHeader, 'payment') as { payload: { authorization: { nonce: string } } }).payload.authorization
    world.signatures.find((s) => s.nonce === nonce)!.inMemoryOnly = true
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  })
  const cap = fc.constantFrom<keyof typeof CAPS>('high', 'low')
  // The page as it loads: the price, what it shows with which cap, the storage, the wallet, and
  // what the first paid request meets once charged (most runs pay once, so a step rarely would).
  const start = fc.record({
    retry: fc.boolean(),
    mode: fc.constantFrom<Mode>('ok', 'refuse', 'slow', 'hang'),
    price: fc.constantFrom('1.25', '1.50', '1.75'),
    b: fc.boolean(),
    h: fc.boolean(),
    caps: fc.record({ a: cap, b: cap, h: cap }),
    storageFull: fc.boolean(),
    nextPaidAnswer: fc.constantFrom(undefined, ...Object.keys(AFTER_CHARGE)).map((kind) => kind && AFTER_CHARGE[kind]),
  })
  try {
    await fc.assert(
      fc.asyncProperty(start, commands, async ({ retry, mode, price, b, h, ...rest }, cmds) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] })
        const errors = vi.spyOn(console, 'error')
        const mounted = { a: 0, ...(b && { b: 0 }), ...(h && { h: 0 }) }
        world = { ...rest, mounted, wallet: { mode, held: [] }, signatures: [], sent: [], purchase: 0, load: 0 } as unknown as World
        const w = world
        try {
          unhandled.length = 0
          forgetPurchases()
          sessionStorage.clear()
          w.mock = createMockApi({ apiKeys: false, settleDelayMs: 0 })
          w.mock.state.links.get(code)!.price = { amount: price, currency: 'USDC' }
          server.resetHandlers(...w.mock.handlers)
          w.open = () => {
            w.client = clientFor(w, retry)
            w.Page = page(w)
            w.view = render(<w.Page />)
          }
          w.open()
          await settle()
          const model: Model = { a: true, b, h }
          await fc.asyncModelRun(() => ({ model, real: w }), cmds)
          checkMoney(w)
          await drain(w, model)
          checkMoney(w)
          const state = shown(w, 'a')
          expect(AT_REST).toContain(state)
          expect(unhandled).toEqual([])
          expect(errors).not.toHaveBeenCalled()
        } finally {
          cleanup()
          w.mock?.reset()
          errors.mockRestore()
          vi.useRealTimers()
        }
      }),
      { numRuns: 300 },
    )
  } finally {
    storage.mockRestore()
    process.off('unhandledRejection', onUnhandled)
    server.close()
  }
}, 120_000)
