// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, type RenderResult, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { createPayLinkClient } from '../../src/client.js'
import { PayLinkButton } from '../../src/components/PayLinkButton.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { usePayLink } from '../../src/hooks/usePayLink.js'
import { BASE_SEPOLIA_USDC, MOCK_LINKS } from '../../src/mock/constants.js'
import { createMockApi, type MockApi } from '../../src/mock/createMockApi.js'
import type { MockFault } from '../../src/mock/faults.js'
import { defaultSeed } from '../../src/mock/seed.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'
import { BASE_URL, testQueryClient } from '../hooks/harness.js'
import { command as step, type Model, recordingSigner, settle, type Wallet } from './moneyRun.js'

// The button's promise: a press never signs more than the price the pressed button showed. Dearer
// terms sign nothing and show the new price first. Checked over random sessions of two islands (two
// React roots, each with its own QueryClient and PayLinkClient, sharing one purchase), an app that
// may reset the purchase through usePayLink, a seller who changes the price, and a network that
// fails a read, goes offline and comes back. Where the 402's asset is one the package cannot price
// (USDC on Arbitrum: not in DEFAULT_MAX_AMOUNT's table), a press that signs has shown no amount at
// all: the link's own price, which stood in before, was read before or after the terms a press
// signed, at another price (the defects of session 42, which this property found).

const code = MOCK_LINKS.demo
/** USDC on Arbitrum One: the package reads no price from a 402 in it; the app caps it itself. */
const ARBITRUM_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const ASSETS = { 'Base Sepolia USDC': BASE_SEPOLIA_USDC, 'Arbitrum USDC': ARBITRUM_USDC }
// Every price is within the cap: what holds a press back is the price shown, never the cap.
const PRICES = ['1.00', '1.50', '2.50', '3.75']
const CAP = '10000000'

type Island = 'a' | 'b'

/** One press of a button: what its accessible name said, and the price in it (atomic units). */
interface Press {
  island: Island
  name: string
  price: bigint | undefined
}

/** The pages (two islands), the wallet and the network of one run. */
interface World {
  mock: MockApi
  asset: string
  retry: boolean
  wallet: Wallet
  islands: Partial<Record<Island, RenderResult>>
  /** The hook, in island a's root. */
  hook: boolean
  /** The press under way (its step), if any: a signature belongs to it. */
  press?: Press | undefined
  /** What went wrong at a signature, said when the step ends. */
  violations: string[]
  /** How many presses signed, and of those how many showed no price. */
  signed: { total: number; noPrice: number; names: Map<string, number> }
}

/** Atomic units (6 decimals) of a price as shown ("1.50"). */
const atomic = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.')
  return BigInt(whole! + fraction.padEnd(6, '0'))
}

function signerFor(world: World, island: Island): PaymentSigner {
  return recordingSigner(
    world.wallet,
    () => false,
    ({ nonce, amount, signal }) => {
      const { press } = world
      if (!press || press.island !== island) world.violations.push(`island ${island}'s wallet signed ${amount} outside a press of it (press: ${press?.island ?? 'none'})`)
      else {
        world.signed.total += 1
        if (press.price === undefined) {
          world.signed.noPrice += 1
          world.signed.names.set(press.name, (world.signed.names.get(press.name) ?? 0) + 1)
        } else if (amount > press.price) world.violations.push(`a press on ${island} named "${press.name}" signed ${amount} (atomic units)`)
        else if (world.asset === ARBITRUM_USDC) world.violations.push(`a press on ${island} named "${press.name}" showed an amount beside terms whose price cannot be read`)
      }
      return { purchase: 0, nonce, amount, cap: BigInt(CAP), signal, refused: false, answered: false, late: false, gone: false, afterSeenFailure: false }
    },
  )
}

function Hook({ world }: { world: World }) {
  const { status, reset } = usePayLink(code, { maxAmount: { [world.asset]: CAP } })
  return <button type="button" data-testid="h-reset" data-state={status} onClick={reset} />
}

/** An island: its own QueryClient, PayLinkClient and root, with its button (and, in a, maybe the hook). */
function mount(world: World, island: Island) {
  const client = createPayLinkClient({ baseUrl: BASE_URL, ...(!world.retry && { retry: false }) })
  const signer = signerFor(world, island)
  const Island = ({ hook }: { hook: boolean }) => (
    <QueryClientProvider client={testQueryClient()}>
      <PayLinkProvider client={client}>
        <PayLinkButton data-testid={island} code={code} signer={signer} maxAmount={{ [world.asset]: CAP }} />
        {hook && <Hook world={world} />}
      </PayLinkProvider>
    </QueryClientProvider>
  )
  world.islands[island] = render(<Island hook={island === 'a' && world.hook} />)
}

/** The button of an island, and its accessible name as a screen reader gets it (testing-library's computation). */
function button(world: World, island: Island): { element: HTMLElement; name: string } {
  let name = ''
  const element = within(world.islands[island]!.container).getByRole('button', {
    name: (accessible, el) => el.getAttribute('data-testid') === island && ((name = accessible), true),
  })
  return { element, name }
}

/** A press (a click, or a double click: its second click has `detail: 2`), held until its read and its wallet are done. */
async function press(world: World, island: Island, details: number[]) {
  const { element, name } = button(world, island)
  const amount = /^Pay (\d+(?:\.\d+)?) USDC/.exec(name)?.[1]
  world.press = { island, name, price: amount === undefined ? undefined : atomic(amount) }
  try {
    act(() => {
      for (const detail of details) fireEvent.click(element, { detail })
    })
    await settle()
    // The terms read (half a second later after a failure shown, longer with transport retries) and
    // the wallet asked: the wallet answers at once, so each signature comes within its press.
    for (let i = 0; i < 200 && ['loading', 'signing'].includes(element.getAttribute('data-state')!); i++) await settle(100)
  } finally {
    world.press = undefined
  }
}

const command = (name: string, check: (m: Model) => boolean, run: (m: Model, w: World) => Promise<void> | void) =>
  step<World>(name, check, async (m, w) => {
    await run(m, w)
    if (w.violations.length) throw new Error(w.violations.join('\n'))
  })

const FAULTS: Record<string, MockFault> = {
  '500': { status: 500, times: 1 },
  'dropped connection': { dropConnection: true, times: 1 },
}

const island = fc.constantFrom<Island>('a', 'b')

const commands = fc.commands(
  [
    // Presses, three times as likely as any other step.
    ...[1, 2, 3].map(() => island.chain((id) => command(`click on ${id}`, (m) => m[id], (_m, w) => press(w, id, [1])))),
    island.chain((id) => command(`double click on ${id}`, (m) => m[id], (_m, w) => press(w, id, [1, 2]))),
    fc.constantFrom(...PRICES).chain((amount) =>
      command(`the seller prices the link ${amount}`, () => true, (_m, w) => void (w.mock.state.links.get(code)!.price = { amount, currency: 'USDC' })),
    ),
    command('reset() from the hook', (m) => m.h, (_m, w) => act(() => void fireEvent.click(within(w.islands.a!.container).getByTestId('h-reset')))),
    command('mount island b', (m) => !m.b, async (m, w) => {
      m.b = true
      mount(w, 'b')
      await settle()
    }),
    command('unmount island b', (m) => m.b, (m, w) => {
      m.b = false
      w.islands.b!.unmount()
      delete w.islands.b
    }),
    // TanStack Query's focusManager listens for visibilitychange (not focus): the link is read again.
    command('the window shown again', () => true, () => act(() => void window.dispatchEvent(new Event('visibilitychange')))),
    command('back online', () => true, () =>
      act(() => {
        window.dispatchEvent(new Event('offline'))
        window.dispatchEvent(new Event('online'))
      }),
    ),
    fc.constantFrom(1_000, 21_000, 61_000).chain((ms) => command(`${ms} ms pass`, () => true, () => settle(ms))),
    fc
      .tuple(fc.constantFrom<'getLink' | 'verifyPayment'>('getLink', 'verifyPayment'), fc.constantFrom(...Object.keys(FAULTS)))
      .chain(([route, fault]) => command(`next ${route} meets ${fault}`, () => true, (_m, w) => w.mock.inject(route, FAULTS[fault]!))),
    fc.constantFrom<'ok' | 'refuse'>('ok', 'refuse').chain((mode) => command(`wallet ${mode}`, () => true, (_m, w) => void (w.wallet.mode = mode))),
  ],
  { maxCommands: 25, size: 'large' },
)

// Each run signs at the price its presses showed; the counts say how often a press showed none.
test('a press never signs more than the price its button showed, across islands, resets, price changes and a flaky network', async () => {
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'error' })
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  const signed: World['signed'] = { total: 0, noPrice: 0, names: new Map() }
  const start = fc.record({
    asset: fc.constantFrom(...(Object.keys(ASSETS) as (keyof typeof ASSETS)[])),
    price: fc.constantFrom(...PRICES),
    b: fc.boolean(),
    h: fc.boolean(),
    retry: fc.boolean(),
    mode: fc.constantFrom<'ok' | 'refuse'>('ok', 'refuse'),
  })
  try {
    await fc.assert(
      fc.asyncProperty(start, commands, async ({ asset, price, b, h, retry, mode }, cmds) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] })
        const errors = vi.spyOn(console, 'error')
        const w: World = {
          mock: createMockApi({ apiKeys: false, settleDelayMs: 0, seed: { x402: { ...defaultSeed().x402, asset: ASSETS[asset] } } }),
          asset: ASSETS[asset],
          retry,
          wallet: { mode, held: [] },
          islands: {},
          hook: h,
          violations: [],
          signed,
        }
        try {
          unhandled.length = 0
          forgetPurchases()
          sessionStorage.clear()
          w.mock.state.links.get(code)!.price = { amount: price, currency: 'USDC' }
          server.resetHandlers(...w.mock.handlers)
          mount(w, 'a')
          if (b) mount(w, 'b')
          await settle()
          const model: Model = { a: true, b, h }
          await fc.asyncModelRun(() => ({ model, real: w }), cmds)
          // What the steps left moving (a read, a resend) comes to an end: no signature may come of it.
          w.wallet.mode = 'ok'
          w.mock.clearFaults()
          await settle(61_000)
          expect(w.violations).toEqual([])
          expect(unhandled).toEqual([])
          expect(errors).not.toHaveBeenCalled()
        } finally {
          cleanup()
          w.mock.reset()
          errors.mockRestore()
          vi.useRealTimers()
        }
      }),
      { numRuns: 300 },
    )
  } finally {
    process.off('unhandledRejection', onUnhandled)
    server.close()
  }
  const names = [...signed.names].map(([name, n]) => `${n} × "${name}"`).join(', ')
  console.info(`${signed.total} presses signed; ${signed.noPrice} of them showed no price${names && ` (${names})`}`)
}, 120_000)
