import { onlineManager } from '@tanstack/react-query'
import { createPayLinkClient } from '../../src/client/createPayLinkClient.js'
import { PayLinkHttpError, PayLinkNetworkError } from '../../src/client/errors.js'
import { createTestSigner } from '../../src/mock/createTestSigner.js'
import { forgetPurchases } from '../../src/payment/forgetPurchases.js'
import { type GateAnswer, type PendingPurchase, type PurchaseGate, type PurchaseStore, sharedPurchase } from '../../src/payment/PurchaseStore.js'
import { priceToPay } from '../../src/payment/priceToPay.js'
import type { PaymentRequired } from '../../src/x402/paymentRequired.js'
import type { PaymentSigner } from '../../src/x402/paymentSigner.js'

// Where a purchase under `key` keeps its payment: the key, then its API's hash (none for a scope
// createPayLinkClient did not make). Spelled out: a kept payment must be found after an upgrade.
const purchaseStorageKey = (key: string) => `paylink:purchase:${key} undefined`

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

function paymentRequired(): PaymentRequired {
  const raw = { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: BASE_USDC, payTo: '0x0000000000000000000000000000000000000001', maxTimeoutSeconds: 60 }
  return { x402Version: 2, accepts: [{ x402Version: 2, ...raw, extra: {}, raw }], receivedAt: Date.now() }
}

/** A seller that asks for payment until it gets one, and counts the paid requests. */
function seller() {
  const paid: PendingPurchase[] = []
  const gate = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
    if (!payment) return { paymentRequired: paymentRequired() }
    paid.push(payment)
    return { accepted: { ok: true } }
  }
  return { gate, paid }
}


describe('a purchase in flight', () => {
  it('ignores a second pay while signing, and a pay and a reset while the paid request is out: one signature, one paid request, settled', async () => {
    let answer!: () => void
    const paid: PendingPurchase[] = []
    const gate = (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      if (!payment) return Promise.resolve({ paymentRequired: paymentRequired() })
      paid.push(payment)
      return new Promise((resolve) => (answer = () => resolve({ accepted: { ok: true } })))
    }
    const store = sharedPurchase({}, 'url:https://seller.test/a', gate)
    const signer = createTestSigner({ delayMs: 50 })
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))

    const first = store.pay({ signer })
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('signing'))
    const second = store.pay({ signer })
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('verifying'))
    // The money may be moving: nothing starts over, nothing is signed again.
    store.reset()
    const third = store.pay({ signer })
    expect(store.getSnapshot().status).toBe('verifying')
    answer()
    await Promise.all([first, second, third])

    expect(signer.calls).toBe(1)
    expect(paid).toHaveLength(1)
    expect(store.getSnapshot().status).toBe('settled')
  })
})

describe('a wallet that answered too late (its EIP-3009 authorization expires within 6 s)', () => {
  it('fails (not unknown): that payment is never sent, and the next press signs afresh and pays once', async () => {
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/late-authorization', gate)
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    let late = true
    const signer: PaymentSigner = {
      address: '0x00000000000000000000000000000000000B0B00',
      networks: ['eip155:*'],
      // The first authorization was made when the wallet was asked and answered 58 s later: 2 s are left of its 60.
      signPayment: async (required) => {
        const validBefore = Math.floor(Date.now() / 1000) + (late ? 2 : required.maxTimeoutSeconds)
        late = false
        return { signature: '0xsig', authorization: { validBefore: String(validBefore) } }
      },
    }
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: { reason: 'signer_failed' } })
    expect(paid).toHaveLength(0)

    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('settled')
    expect(paid).toHaveLength(1)
  })
})

/** A wallet that answers only when told, like one on a phone that went away: `held[i]` is its i-th request. */
function heldWallet() {
  const held: { sign: (marker: string) => void; refuse: (error: unknown) => void; signal: AbortSignal | undefined }[] = []
  const signer: PaymentSigner = {
    address: '0x00000000000000000000000000000000000B0B00',
    networks: ['eip155:*'],
    signPayment: (_, { signal }) => new Promise((resolve, reject) => held.push({ sign: (marker) => resolve({ marker }), refuse: reject, signal })),
  }
  return { signer, held }
}

const signedBy = (header: string) => (JSON.parse(atob(header)) as { payload: { marker?: string } }).payload.marker

describe('a reset while the wallet is open (a wallet that never answers)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('starts over (idle, then fresh requirements) and drops the late signature: never kept, never sent', async () => {
    const storage = memoryStorage()
    const written: string[] = []
    vi.stubGlobal('sessionStorage', { ...storage, setItem: (key: string, value: string) => (written.push(value), storage.setItem(key, value)) })
    let asked = 0
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/gone', (payment?: PendingPurchase) => ((asked += +!payment), gate(payment)))
    const { signer, held } = heldWallet()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    const statuses: string[] = []
    store.subscribe(() => statuses.push(store.getSnapshot().status))

    const abandoned = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(1))
    expect(held[0]!.signal?.aborted).toBe(false)
    store.reset()
    // The signer learns it: one that prompts twice (a chain switch, then the signature) opens no second prompt.
    expect(held[0]!.signal?.aborted).toBe(true)
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    expect(statuses).toEqual(['signing', 'idle', 'loading', 'ready'])
    expect(asked).toBe(2)

    held[0]!.sign('abandoned')
    await expect(abandoned).resolves.toBeUndefined()
    expect(store.getSnapshot().status).toBe('ready')
    expect(paid).toHaveLength(0)
    expect(written).toHaveLength(0)
    expect(storage.map.size).toBe(0)
  })

  it('lets a new pay sign once more, and the whole pays exactly once', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/again', gate)
    const { signer, held } = heldWallet()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))

    const abandoned = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(1))
    store.reset()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    const again = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(2))
    // The first wallet answers while the second is open: dropped, and the new purchase stays in flight.
    held[0]!.sign('abandoned')
    await abandoned
    expect(store.getSnapshot().status).toBe('signing')
    void store.pay({ signer })
    held[1]!.sign('kept')
    await again

    expect(held).toHaveLength(2)
    expect(paid.map((p) => signedBy(p.paymentHeader))).toEqual(['kept'])
    expect(store.getSnapshot().status).toBe('settled')
  })

  it('a late refusal or failure of the abandoned signing changes nothing', async () => {
    const { gate } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/refused', gate)
    const { signer, held } = heldWallet()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))

    const refused = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(1))
    store.reset()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    let before = store.getSnapshot()
    held[0]!.refuse(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    await expect(refused).resolves.toBeUndefined()
    expect(store.getSnapshot()).toBe(before)

    const failed = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(2))
    store.reset()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    before = store.getSnapshot()
    held[1]!.refuse(new Error('the session was dropped'))
    await expect(failed).resolves.toBeUndefined()
    expect(store.getSnapshot()).toBe(before)
  })
})

describe('a wallet that has not answered for 20 s', () => {
  afterEach(() => vi.useRealTimers())

  it('is walletSlow while signing; a pay then asks it again, and its late signature is dropped: one payment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/slow-wallet', gate)
    const { signer, held } = heldWallet()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    const first = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(19_000)
    expect(store.getSnapshot().status).toBe('signing')
    expect(store.getSnapshot().walletSlow).toBeUndefined()
    // A pay while the wallet is still within its time does nothing.
    await store.pay({ signer })
    expect(held).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(store.getSnapshot()).toMatchObject({ status: 'signing', walletSlow: true })

    const second = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(2))
    expect(store.getSnapshot().status).toBe('signing')
    expect(store.getSnapshot().walletSlow).toBeUndefined()
    // The first request is abandoned, and its signer told so; the new one is live.
    expect(held.map(({ signal }) => signal?.aborted)).toEqual([true, false])
    held[0]!.sign('abandoned')
    await first
    held[1]!.sign('asked again')
    await second
    expect(store.getSnapshot().status).toBe('settled')
    expect(paid.map((p) => signedBy(p.paymentHeader))).toEqual(['asked again'])
  })

  it('is no longer walletSlow once that wallet answers late, without a second ask: its payment is sent, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/late-wallet', gate)
    const { signer, held } = heldWallet()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    const paying = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(25_000)
    expect(store.getSnapshot().walletSlow).toBe(true)
    held[0]!.sign('late')
    await paying
    expect(store.getSnapshot().status).toBe('settled')
    expect(store.getSnapshot().walletSlow).toBeUndefined()
    expect(paid.map((p) => signedBy(p.paymentHeader))).toEqual(['late'])
  })

  it("counts from this click's ask, not an earlier click's the user cancelled", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const store = sharedPurchase({}, 'url:https://seller.test/asked-twice', seller().gate)
    const { signer, held } = heldWallet()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    const first = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(1))
    held[0]!.refuse(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    await first
    expect(store.getSnapshot().status).toBe('cancelled')
    await vi.advanceTimersByTimeAsync(10_000)
    void store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(2))
    // 20 s after the first ask, 10 s into this one: the wallet is not slow yet.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(store.getSnapshot().status).toBe('signing')
    expect(store.getSnapshot().walletSlow).toBeUndefined()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(store.getSnapshot()).toMatchObject({ status: 'signing', walletSlow: true })
  })

  it('marks nothing once the wallet has answered, even if settling takes longer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let settle!: () => void
    const store = sharedPurchase({}, 'url:https://seller.test/slow-seller', (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> =>
      payment ? new Promise((resolve) => (settle = () => resolve({ accepted: { ok: true } }))) : Promise.resolve({ paymentRequired: paymentRequired() }),
    )
    const { signer, held } = heldWallet()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    const paying = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(1))
    held[0]!.sign('signed')
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('verifying'))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(store.getSnapshot().status).toBe('verifying')
    expect(store.getSnapshot().walletSlow).toBeUndefined()
    settle()
    await paying
    expect(store.getSnapshot().status).toBe('settled')
  })
})

describe('a pay while the price preview is loading', () => {
  it('shares its request and shows its failure, instead of doing nothing', async () => {
    let fail!: (error: unknown) => void
    const gate = (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> =>
      payment ? Promise.resolve({ accepted: { ok: true } }) : new Promise((_, reject) => (fail = reject))
    const store = sharedPurchase({}, 'url:https://seller.test/preview', gate, true)
    const signer = createTestSigner()
    store.start()
    expect(store.getSnapshot().status).toBe('loading')
    const paying = store.pay({ signer })
    fail(new PayLinkNetworkError({ timedOut: true, timeoutMs: 1 }))
    await paying
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: { name: 'PayLinkNetworkError', timedOut: true } })
    expect(signer.calls).toBe(0)
  })

  it('a preview that fails after a reset made while it loaded still leaves the purchase payable, without an error', async () => {
    let fail!: (error: unknown) => void
    const gate = (): Promise<GateAnswer<{ ok: true }>> => new Promise((_, reject) => (fail = reject))
    const store = sharedPurchase({}, 'url:https://seller.test/preview-reset', gate, true)
    store.start()
    store.reset()
    fail(new PayLinkNetworkError({ timedOut: true, timeoutMs: 1 }))
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    expect(store.getSnapshot().error).toBeUndefined()
  })

  it('a preview alone that fails leaves the purchase payable, without an error', async () => {
    const gate = (): Promise<GateAnswer<{ ok: true }>> => Promise.reject(new PayLinkNetworkError({ timedOut: true, timeoutMs: 1 }))
    const store = sharedPurchase({}, 'url:https://seller.test/preview-alone', gate, true)
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    expect(store.getSnapshot().error).toBeUndefined()
  })
})

/** A sessionStorage over a Map, for the node environment (which has none). */
function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries))
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

// A provider given `baseUrl` makes a new client on every mount (navigated away and back).
describe('a click under way, found by a new client of the same API', () => {
  it('while it waits for the requirements a read already asked for: one signature, one payment', async () => {
    const paid: PendingPurchase[] = []
    const held: (() => void)[] = []
    const gate = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      if (payment) return paid.push(payment), { accepted: { ok: true } }
      await new Promise<void>((resolve) => held.push(resolve))
      return { paymentRequired: paymentRequired() }
    }
    const key = 'link:joined-read'
    const signer = createTestSigner()
    const first = sharedPurchase({ baseUrl: 'https://api.test/pub/v1' }, key, gate)
    // "Pay once the wallet is there": a child's effect pays before the hook's start().
    const paying = first.pay({ signer })
    first.start()
    const second = sharedPurchase({ baseUrl: 'https://api.test/pub/v1' }, key, gate)
    second.start()
    const payingAgain = second.pay({ signer })
    held.splice(0).forEach((release) => release())
    await Promise.all([paying, payingAgain])
    await vi.waitFor(() => expect(second.getSnapshot().status).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(paid).toHaveLength(1)
  })

  it('is not found by a client of another API', () => {
    const gate = () => new Promise<GateAnswer<{ ok: true }>>(() => {})
    const api = (baseUrl: string) => createPayLinkClient({ baseUrl })
    const first = sharedPurchase(api('https://sandbox.test'), 'link:other-api', gate)
    void first.pay({ signer: createTestSigner() })
    expect(sharedPurchase(api('https://live.test'), 'link:other-api', gate)).not.toBe(first)
    expect(sharedPurchase(api('https://sandbox.test'), 'link:other-api', gate)).toBe(first)
  })
})

describe('a purchase kept in sessionStorage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is resent on start, as it was signed, and forgotten once its outcome is known', async () => {
    // A v2 payment header (base64 JSON), as signed before the reload.
    const kept = { paymentHeader: btoa(JSON.stringify({ x402Version: 2, payload: { signed: 'before the reload' } })), idempotencyKey: '1-2-3-4' }
    const storage = memoryStorage({ [purchaseStorageKey('url:https://seller.test/kept')]: JSON.stringify(kept) })
    vi.stubGlobal('sessionStorage', storage)
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/kept', gate)
    store.start()
    // Being resent (verifying): the money may be moving, so a reset is ignored.
    store.reset()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('settled'))
    expect(paid).toEqual([kept])
    expect(storage.map.size).toBe(0)
  })

  it('is ignored when it is not a signed payment; a new one is kept while it is being sent', async () => {
    const storage = memoryStorage({ [purchaseStorageKey('url:https://seller.test/bad')]: '{"paymentHeader":1}' })
    vi.stubGlobal('sessionStorage', storage)
    const sent: (string | undefined)[] = []
    const store = sharedPurchase({}, 'url:https://seller.test/bad', async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      sent.push(storage.map.get(purchaseStorageKey('url:https://seller.test/bad')))
      return payment ? { accepted: { ok: true } } : { paymentRequired: paymentRequired() }
    })
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer: createTestSigner() })
    expect(store.getSnapshot().status).toBe('settled')
    expect(JSON.parse(sent[1]!)).toMatchObject({ paymentHeader: expect.any(String), idempotencyKey: expect.any(String) })
    expect(storage.map.size).toBe(0)
  })

  it('is ignored when it has no idempotency key (not a payment kept here): the purchase starts afresh, not resent', async () => {
    const header = btoa(JSON.stringify({ x402Version: 2, payload: { signed: 'elsewhere' } }))
    vi.stubGlobal('sessionStorage', memoryStorage({ [purchaseStorageKey('url:https://seller.test/keyless')]: JSON.stringify({ paymentHeader: header, idempotencyKey: 7 }) }))
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/keyless', gate)
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    expect(paid).toEqual([])
  })

  it('is ignored when its header does not decode (not a payment signed here): the purchase starts afresh, not unknown', async () => {
    const junk = { paymentHeader: 'not base64 !!', idempotencyKey: 'k' }
    vi.stubGlobal('sessionStorage', memoryStorage({ [purchaseStorageKey('url:https://seller.test/junk')]: JSON.stringify(junk) }))
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/junk', gate)
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer: createTestSigner() })
    expect(store.getSnapshot().status).toBe('settled')
    expect(paid.map((p) => p.paymentHeader)).not.toContain(junk.paymentHeader)
  })

  // A child's effect runs before its parent's: a child that pays on mount ("pay once the wallet is
  // there") calls pay() before the hook's own start().
  it('is resent, not signed again, when pay() comes before start()', async () => {
    const kept = { paymentHeader: btoa(JSON.stringify({ x402Version: 2, payload: { signed: 'before the reload' } })), idempotencyKey: '1-2-3-4' }
    vi.stubGlobal('sessionStorage', memoryStorage({ [purchaseStorageKey('url:https://seller.test/kept-pay')]: JSON.stringify(kept) }))
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/kept-pay', gate, true)
    const signer = createTestSigner()
    const paying = store.pay({ signer })
    store.start()
    await paying
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('settled'))
    expect(signer.calls).toBe(0)
    expect(paid).toEqual([kept])
  })

  it('is resent, not forgotten, when reset() comes before start()', async () => {
    const kept = { paymentHeader: btoa(JSON.stringify({ x402Version: 2, payload: { signed: 'before the reload' } })), idempotencyKey: '5-6-7-8' }
    vi.stubGlobal('sessionStorage', memoryStorage({ [purchaseStorageKey('url:https://seller.test/kept-reset')]: JSON.stringify(kept) }))
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/kept-reset', gate, true)
    store.reset()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('settled'))
    expect(paid).toEqual([kept])
  })

  it('falls back to memory when the storage throws (blocked)', async () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError')
    }
    vi.stubGlobal('sessionStorage', { getItem: blocked, setItem: blocked, removeItem: blocked })
    const { gate, paid } = seller()
    const store = sharedPurchase({}, 'url:https://seller.test/blocked', gate)
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer: createTestSigner() })
    expect(store.getSnapshot().status).toBe('settled')
    expect(paid).toHaveLength(1)
  })
})

describe('a purchase kept in sessionStorage, for another user or API of the same link', () => {
  afterEach(() => vi.unstubAllGlobals())

  const key = 'link:https://api.paylink.test|shared'
  const asUser = (user: string) => createPayLinkClient({ baseUrl: 'https://api.paylink.test', headers: { Authorization: `Bearer ${user}` } })
  /** Payments sent to `silent`, a seller whose paid requests get no answer: the purchase is left `unknown`, its payment kept. */
  const lost: PendingPurchase[] = []
  const silent = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
    if (!payment) return { paymentRequired: paymentRequired() }
    lost.push(payment)
    throw new TypeError('Failed to fetch')
  }
  beforeEach(() => {
    lost.length = 0
    forgetPurchases()
  })

  it('is not resent under another user\'s session (a logout and login in the tab)', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    const alice = sharedPurchase(asUser('alice'), key, silent)
    alice.start()
    await vi.waitFor(() => expect(alice.getSnapshot().status).toBe('ready'))
    await alice.pay({ signer: createTestSigner() })
    expect(alice.getSnapshot().status).toBe('unknown')

    const bob = seller()
    const bobs = sharedPurchase(asUser('bob'), key, bob.gate)
    bobs.start()
    await vi.waitFor(() => expect(bobs.getSnapshot().status).toBe('ready'))
    expect(bob.paid).toEqual([])
  })

  it('is not forgotten when another user\'s purchase of it starts over, so a reload resends it rather than sign again', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('sessionStorage', storage)
    const bobs = sharedPurchase(asUser('bob'), key, seller().gate)
    bobs.start()
    await vi.waitFor(() => expect(bobs.getSnapshot().status).toBe('ready'))
    const alice = sharedPurchase(asUser('alice'), key, silent)
    alice.start()
    await vi.waitFor(() => expect(alice.getSnapshot().status).toBe('ready'))
    await alice.pay({ signer: createTestSigner() })
    expect(alice.getSnapshot().status).toBe('unknown')

    bobs.reset()

    // A reload: only sessionStorage survived.
    forgetPurchases()
    const again = seller()
    const after = sharedPurchase(asUser('alice'), key, again.gate)
    after.start()
    await vi.waitFor(() => expect(after.getSnapshot().status).toBe('settled'))
    expect(again.paid).toEqual(lost)
  })

  it('keeps no header of the API\'s identity (a bearer token) in its storage key', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('sessionStorage', storage)
    const alice = sharedPurchase(asUser('token_4f9a2c'), key, silent)
    alice.start()
    await vi.waitFor(() => expect(alice.getSnapshot().status).toBe('ready'))
    await alice.pay({ signer: createTestSigner() })
    expect([...storage.map.keys()]).toEqual([expect.stringMatching(/^paylink:purchase:link:https:\/\/api\.paylink\.test\|shared /)])
    expect([...storage.map.keys()].join()).not.toContain('token_4f9a2c')
  })
})

describe('a payment accepted as verified (still settling)', () => {
  afterEach(() => vi.unstubAllGlobals())

  const key = 'link:https://api.test|verified'
  const verified = { id: 'pay_1', linkCode: 'verified', status: 'verified', amount: '1.50', asset: 'USDC', network: 'eip155:84532', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }
  type Accepted = { payment: typeof verified }

  /** A link's seller: a paid request is accepted as `verified`, and a replay (same key) gets the same payment back. */
  function linkSeller(answers: ((payment: PendingPurchase) => Promise<GateAnswer<Accepted>>)[] = []) {
    const paid: PendingPurchase[] = []
    const gate = (payment?: PendingPurchase): Promise<GateAnswer<Accepted>> => {
      if (!payment) return Promise.resolve({ paymentRequired: paymentRequired() })
      paid.push(payment)
      return answers.shift()?.(payment) ?? Promise.resolve({ accepted: { payment: verified } })
    }
    return { gate, paid }
  }

  it('stays kept while it settles: a reload resends the same payload and follows it, never signing again', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('sessionStorage', storage)
    const first = linkSeller()
    const before = sharedPurchase({}, key, first.gate)
    const signer = createTestSigner()
    before.start()
    await vi.waitFor(() => expect(before.getSnapshot().status).toBe('ready'))
    await before.pay({ signer })
    expect(before.getSnapshot()).toMatchObject({ status: 'verifying', payment: verified })
    expect(JSON.parse(storage.map.get(purchaseStorageKey(key))!)).toEqual(first.paid[0])

    // A reload: a new store, only sessionStorage survived.
    forgetPurchases()
    const second = linkSeller()
    const after = sharedPurchase({}, key, second.gate)
    after.start()
    await vi.waitFor(() => expect(after.getSnapshot()).toMatchObject({ status: 'verifying', payment: verified }))
    expect(second.paid).toEqual(first.paid)
    after.reset()
    await after.pay({ signer })
    expect(after.getSnapshot().status).toBe('verifying')
    expect(signer.calls).toBe(1)
    after.observe({ ...verified, status: 'settled' })
    expect(after.getSnapshot().status).toBe('settled')
    expect(storage.map.size).toBe(0)
  })

  it('an error that stopped following it makes the outcome unknown; a pay resends the same payload and follows it again', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('sessionStorage', storage)
    let answer!: () => void
    const { gate, paid } = linkSeller([
      async () => ({ accepted: { payment: verified } }),
      () => new Promise((resolve) => (answer = () => resolve({ accepted: { payment: verified } }))),
    ])
    const store = sharedPurchase({}, `${key}-lost`, gate)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    const lost = new PayLinkHttpError({ status: 404, code: 'not_found', message: 'No payment with id pay_1', endpoint: 'getPayment', body: null })
    store.observe(lost)
    expect(store.getSnapshot()).toMatchObject({ status: 'unknown', error: { name: 'PayLinkPaymentError', reason: 'outcome_unknown', cause: lost } })
    expect(storage.map.size).toBe(1)

    const statuses: string[] = []
    store.subscribe(() => statuses.push(store.getSnapshot().status))
    const resending = store.pay({ signer: undefined })
    // A late report of the earlier answer's payment, while the resend is out, ends nothing.
    store.observe({ ...verified, status: 'settled' })
    expect(store.getSnapshot().status).toBe('verifying')
    answer()
    await resending
    store.observe({ ...verified, status: 'settled' })
    expect(statuses).toEqual(['verifying', 'verifying', 'settled'])
    expect(paid).toHaveLength(2)
    expect(paid[1]).toEqual(paid[0])
    expect(signer.calls).toBe(1)
    expect(storage.map.size).toBe(0)
  })

  // A 401 once the proxy's session expired: a refusal of the resend says nothing of the first send.
  const expired = () => new PayLinkHttpError({ status: 401, code: 'unauthorized', message: 'Session expired', endpoint: 'verifyPayment', body: null })

  it('a refusal of the resend (401) leaves it unknown and kept: a later pay resends it again, never signing anew', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('sessionStorage', storage)
    const { gate, paid } = linkSeller([async () => ({ accepted: { payment: verified } }), async () => ({ error: expired() })])
    const store = sharedPurchase({}, `${key}-refused-resend`, gate)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    store.observe(expired())
    await store.pay({ signer })

    expect(store.getSnapshot()).toMatchObject({ status: 'unknown', error: { reason: 'outcome_unknown', message: 'The payment is being confirmed', cause: { status: 401 } } })
    expect(storage.map.size).toBe(1)
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('verifying')
    expect(paid).toHaveLength(3)
    expect(new Set(paid.map((p) => JSON.stringify(p))).size).toBe(1)
    expect(signer.calls).toBe(1)
  })

  it('a refusal of a payload kept from before a reload leaves it unknown and kept, not failed', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('sessionStorage', storage)
    const first = linkSeller()
    const before = sharedPurchase({}, `${key}-refused-resume`, first.gate)
    before.start()
    await vi.waitFor(() => expect(before.getSnapshot().status).toBe('ready'))
    await before.pay({ signer: createTestSigner() })

    // A reload.
    forgetPurchases()
    const second = linkSeller([async () => ({ error: expired() })])
    const after = sharedPurchase({}, `${key}-refused-resume`, second.gate)
    after.start()
    await vi.waitFor(() => expect(after.getSnapshot().status).toBe('unknown'))
    expect(second.paid).toEqual(first.paid)
    expect(storage.map.size).toBe(1)
  })

  it('a refusal of the first send of a payload is a failure, and the payload is forgotten', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('sessionStorage', storage)
    const { gate } = linkSeller([async () => ({ error: expired() })])
    const store = sharedPurchase({}, `${key}-refused-first`, gate)
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer: createTestSigner() })

    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: { status: 401 } })
    expect(storage.map.size).toBe(0)
  })

  it('once settled, stays settled through a late report (an error that stops following it, a failure): a press signs nothing more', async () => {
    const { gate, paid } = linkSeller()
    const store = sharedPurchase({}, `${key}-settled-late-report`, gate)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    store.observe({ ...verified, status: 'settled' })
    store.observe(expired())
    store.observe({ ...verified, status: 'failed' })
    await store.pay({ signer })

    expect(store.getSnapshot()).toMatchObject({ status: 'settled', payment: { status: 'settled' }, error: undefined })
    expect(signer.calls).toBe(1)
    expect(paid).toHaveLength(1)
  })

  it('is forgotten once it is known to have failed: paying again signs a new payment', async () => {
    const storage = memoryStorage()
    vi.stubGlobal('sessionStorage', storage)
    const { gate, paid } = linkSeller()
    const store = sharedPurchase({}, `${key}-failed`, gate)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    expect(storage.map.size).toBe(1)
    store.observe({ ...verified, status: 'expired' })
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: { reason: 'payment_refused' } })
    expect(storage.map.size).toBe(0)
    await store.pay({ signer })
    expect(signer.calls).toBe(2)
    expect(paid[1]!.idempotencyKey).not.toBe(paid[0]!.idempotencyKey)
  })
})

describe('fresh requirements against those shown', () => {
  const PAY_TO = '0x00000000000000000000000000000000000A11CE'
  const offer = (payTo: string, amount = '10000', receivedAt = Date.now()): PaymentRequired => {
    const raw = { scheme: 'exact', network: 'eip155:8453', amount, asset: BASE_USDC, payTo, maxTimeoutSeconds: 60 }
    return { x402Version: 2, accepts: [{ x402Version: 2, ...raw, extra: {}, raw }], receivedAt }
  }
  const signedAmounts = (paid: PendingPurchase[]) => paid.map((p) => (JSON.parse(atob(p.paymentHeader)) as { accepted: { amount: string } }).accepted.amount)
  /** A seller whose 402s, one per request for requirements, are `answers` in turn. */
  function reprice(...answers: (PaymentRequired | Error)[]) {
    const paid: PendingPurchase[] = []
    const gate = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      if (payment) {
        paid.push(payment)
        return { accepted: { ok: true } }
      }
      const next = answers.shift()!
      if (next instanceof Error) throw next
      return { paymentRequired: next }
    }
    return { gate, paid }
  }

  it('signs at once for a new payee at the price shown: a seller may name a new address in every 402', async () => {
    const rotating = reprice(offer(PAY_TO), offer('0x00000000000000000000000000000000000B0B00'), offer('0x0000000000000000000000000000000000C0FFEE'))
    const store = sharedPurchase({}, 'url:https://seller.test/rotating-payee', rotating.gate, true)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('settled')
    expect(store.getSnapshot().priceChanged).toBeFalsy()
    expect(rotating.paid).toHaveLength(1)
    expect(signer.calls).toBe(1)
  })

  it('signs for the same asset spelt in another case, and not for another asset at the same amount (then the next pay signs)', async () => {
    const lower = offer(PAY_TO)
    const same = reprice(offer(PAY_TO), { ...lower, accepts: [{ ...lower.accepts[0]!, asset: BASE_USDC.toLowerCase() }] })
    const store = sharedPurchase({}, 'url:https://seller.test/same-asset', same.gate, true)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    expect(same.paid).toHaveLength(1)

    const dai = { ...lower, accepts: [{ ...lower.accepts[0]!, asset: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb' }] }
    const other = reprice(offer(PAY_TO), dai, dai)
    const moved = sharedPurchase({}, 'url:https://seller.test/other-asset', other.gate, true)
    moved.start()
    await vi.waitFor(() => expect(moved.getSnapshot().status).toBe('ready'))
    await moved.pay({ signer, maxAmount: { '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb': '10000', [BASE_USDC]: '10000' } })
    expect(moved.getSnapshot()).toMatchObject({ status: 'ready', priceChanged: true })
    expect(other.paid).toHaveLength(0)
    await moved.pay({ signer, maxAmount: { '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb': '10000', [BASE_USDC]: '10000' } })
    expect(moved.getSnapshot().status).toBe('settled')
    expect(other.paid).toHaveLength(1)
    expect(signer.calls).toBe(2)
  })

  // The wallet's user refuses the first request ('cancelled' shows the Pay text with the price of
  // what was refused), then signs.
  const refusesOnce = () => {
    const inner = createTestSigner()
    let asked = 0
    return {
      ...inner,
      signPayment: (...args: Parameters<typeof inner.signPayment>) =>
        asked++ ? inner.signPayment(...args) : Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    }
  }

  it.each([
    ['no price before (the preview failed)', [new PayLinkNetworkError({ timedOut: true, timeoutMs: 1 }), offer(PAY_TO, '10000')]],
    ['a dearer price before', [offer(PAY_TO, '100000'), offer(PAY_TO, '50000')]],
  ])('after a cancel, the price of what was refused is the one shown: %s, the next read asking more signs nothing', async (_, first) => {
    const { gate, paid } = reprice(...first, offer(PAY_TO, '90000'), offer(PAY_TO, '90000'))
    const store = sharedPurchase({}, `url:https://seller.test/cancelled-${first.length}-${String(first[0])}`, gate, true)
    const signer = refusesOnce()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('cancelled')
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', priceChanged: true })
    expect(paid).toHaveLength(0)
    await store.pay({ signer })
    expect(signedAmounts(paid)).toEqual(['90000'])
  })

  it('a fresh read that failed keeps the price shown: "Try again" signs nothing dearer than it (then the next pay signs)', async () => {
    const { gate, paid } = reprice(offer(PAY_TO), new PayLinkNetworkError({ timedOut: true, timeoutMs: 1 }), offer(PAY_TO, '90000'), offer(PAY_TO, '90000'))
    const store = sharedPurchase({}, 'url:https://seller.test/failed-read', gate, true)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('failed')
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', priceChanged: true })
    expect(paid).toHaveLength(0)
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('settled')
    expect(signedAmounts(paid)).toEqual(['90000'])
    expect(signer.calls).toBe(1)
  })

  // Two buttons of one purchase with different caps: A (the default, 0.10) fails on dearer
  // requirements, which stay in the snapshot (failed: "Try again", no price); B (1.00) showed 0.05.
  it.each([
    ['a fresh read (a preview)', true, Date.now()],
    ['requirements that expired and are not read again (a link)', false, 0],
  ])('dearer requirements a failed pay left are not signed by another pay without a price shown: %s', async (_, preview, receivedAt) => {
    const { gate, paid } = reprice(offer(PAY_TO, '50000', receivedAt), offer(PAY_TO, '500000'), offer(PAY_TO, '500000'), offer(PAY_TO, '500000'))
    const store = sharedPurchase({}, `url:https://seller.test/failed-dearer-${preview}`, gate, preview)
    const signer = createTestSigner()
    const b = { signer, maxAmount: { [BASE_USDC]: '1000000' } }
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: { reason: 'exceeds_max_amount' } })
    await store.pay(b)
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', priceChanged: true })
    expect(paid).toHaveLength(0)
    await store.pay(b)
    expect(store.getSnapshot().status).toBe('settled')
    expect(signedAmounts(paid)).toEqual(['500000'])
  })

  it('signs the offer shown when a fresh 402 still offers it but lists another first: a seller that reorders equal offers is paid on the first pay', async () => {
    const SEPOLIA_USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
    const base = offer(PAY_TO)
    // `raw` is what a v2 payment echoes as `accepted`.
    const like = (changes: object) => ({ ...base.accepts[0]!, ...changes, raw: { ...base.accepts[0]!.raw, ...changes } })
    const sepolia = like({ network: 'eip155:84532', asset: SEPOLIA_USDC })
    const both = (...accepts: PaymentRequired['accepts']) => ({ ...base, accepts })
    // Shown: Base first. Each fresh read lists Sepolia first, at the same price, with Base's offer
    // for a new payee (a fresh 402 is what gets signed, not the one shown).
    const fresh = like({ payTo: '0x00000000000000000000000000000000000B0B00' })
    const { gate, paid } = reprice(both(base.accepts[0]!, sepolia), both(sepolia, fresh), both(sepolia, fresh))
    const store = sharedPurchase({}, 'url:https://seller.test/reordered', gate, true)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer })
    expect(store.getSnapshot()).toMatchObject({ status: 'settled' })
    expect(store.getSnapshot().priceChanged).toBeFalsy()
    const signed = paid.map((p) => (JSON.parse(atob(p.paymentHeader)) as { accepted: { network: string; payTo: string } }).accepted)
    expect(signed).toEqual([expect.objectContaining({ network: 'eip155:8453', payTo: fresh.payTo })])
    expect(signer.calls).toBe(1)
  })

  it('shows the price of the offer it signs when the fresh 402 lists a cheaper one elsewhere first', async () => {
    const base = offer(PAY_TO)
    const cheaper = { ...base.accepts[0]!, network: 'eip155:84532', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', amount: '5000' }
    const { gate, paid } = reprice(base, { ...base, accepts: [{ ...cheaper, raw: { ...base.accepts[0]!.raw, ...cheaper } }, base.accepts[0]!] })
    const store = sharedPurchase({}, 'url:https://seller.test/cheaper-elsewhere', gate, true)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    expect(priceToPay(store.getSnapshot().paymentRequired, { signer })).toEqual({ amount: '0.01', currency: 'USDC' })
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('settled')
    expect(signedAmounts(paid)).toEqual(['10000'])
    // "Paid 0.01 USDC", what was signed, not the 0.005 of the offer listed first.
    expect(priceToPay(store.getSnapshot().paymentRequired, { signer })).toEqual({ amount: '0.01', currency: 'USDC' })
  })

  it("asks the app's selectRequirement among the offers on the terms shown: an offer it refuses is never signed", async () => {
    const OTHER = '0x00000000000000000000000000000000000B0B00'
    const ours = offer(PAY_TO).accepts[0]!
    const at = (changes: object) => ({ ...ours, ...changes, raw: { ...ours.raw, ...changes } })
    const sepolia = { network: 'eip155:84532', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' }
    // The app pays only its own seller (an allow-list of payees in selectRequirement).
    const selectRequirement = (payable: PaymentRequired['accepts']) => payable.find((r) => r.payTo === PAY_TO)
    const shown = { ...offer(PAY_TO), accepts: [at({ ...sepolia, payTo: OTHER }), ours] }
    // Fresh: the payees swapped networks. The offer on the terms shown (Base) now pays OTHER.
    const fresh = { ...offer(PAY_TO), accepts: [at(sepolia), at({ payTo: OTHER })] }
    const { gate, paid } = reprice(shown, fresh, fresh)
    const store = sharedPurchase({}, 'url:https://seller.test/selected-payee', gate, true)
    const signer = createTestSigner()
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer, selectRequirement })
    // Not signed to OTHER: the new offer the app picks (Sepolia) is shown first.
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', priceChanged: true })
    expect(paid).toHaveLength(0)
    await store.pay({ signer, selectRequirement })
    const signed = paid.map((p) => (JSON.parse(atob(p.paymentHeader)) as { accepted: { network: string; payTo: string } }).accepted)
    expect(signed).toEqual([expect.objectContaining({ network: 'eip155:84532', payTo: PAY_TO })])
  })

  it.each([
    ['though another offer lives longer, after it', 1, 'short-lived'],
    // A hostile or broken seller: not a RangeError out of pay (Math.min spread over the offers).
    ['among 200 000 offers that live longer, before it', 200_000, 'many-offers'],
  ])('are read afresh by a pay once their shortest-lived offer has expired, %s, and paid once', async (_, longer, path) => {
    const now = vi.spyOn(Date, 'now')
    const t0 = Date.now()
    now.mockReturnValue(t0)
    let reads = 0
    const offers = (): PaymentRequired => {
      reads++
      const [offer] = paymentRequired().accepts
      const accepts = Array.from({ length: longer }, () => ({ ...offer!, maxTimeoutSeconds: 600 }))
      return { x402Version: 2, accepts: longer === 1 ? [offer!, ...accepts] : [...accepts, offer!], receivedAt: Date.now() }
    }
    const paid: PendingPurchase[] = []
    const store = sharedPurchase({}, `url:https://seller.test/${path}`, async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> =>
      payment ? (paid.push(payment), { accepted: { ok: true } }) : { paymentRequired: offers() },
    )
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    now.mockReturnValue(t0 + 61_000)
    const signer = createTestSigner()
    await store.pay({ signer })
    expect(reads).toBe(2)
    expect(store.getSnapshot().status).toBe('settled')
    expect(signer.calls).toBe(1)
    expect(paid).toHaveLength(1)
  })

  it('with no price shown (the preview failed), a pay signs the fresh requirements as they come', async () => {
    const { gate, paid } = reprice(new PayLinkNetworkError({ timedOut: true, timeoutMs: 1 }), offer(PAY_TO))
    const store = sharedPurchase({}, 'url:https://seller.test/no-preview', gate, true)
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer: createTestSigner() })
    expect(store.getSnapshot().status).toBe('settled')
    expect(paid).toHaveLength(1)
  })
})

describe('a paid-for answer let go once no hook shows it', () => {
  it('whose body failed (the connection dropped mid-body) is let go without an unhandled rejection', async () => {
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    try {
      const dropped = new TypeError('network error')
      const gate = async (payment?: PendingPurchase): Promise<GateAnswer<{ response: Response }>> => {
        if (!payment) return { paymentRequired: paymentRequired() }
        const body = new ReadableStream({ start: (controller) => controller.error(dropped) })
        return { accepted: { response: new Response(body) } }
      }
      const store = sharedPurchase({}, 'url:https://seller.test/dropped-body', gate, true)
      const unsubscribe = store.subscribe(() => {})
      store.start()
      await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
      await store.pay({ signer: createTestSigner() })
      expect(store.getSnapshot().status).toBe('settled')
      // The checkout closes: after a turn, the purchase lets the answer go.
      unsubscribe()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect((store.getSnapshot() as { response?: Response }).response).toBeUndefined()
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })
})

describe('a paid-for answer kept for a hook', () => {
  const paidFor = (key: string) =>
    sharedPurchase({}, key, async (payment?: PendingPurchase): Promise<GateAnswer<{ response: Response }>> =>
      payment ? { accepted: { response: new Response('the paid-for file') } } : { paymentRequired: paymentRequired() },
    true)
  const answer = (store: PurchaseStore<{ response: Response }>) => (store.getSnapshot() as { response?: Response }).response?.text()

  it('that still shows it, when another hook showing it goes (one of two buttons unmounted)', async () => {
    const store = paidFor('url:https://seller.test/two-buttons')
    store.subscribe(() => {})
    const other = store.subscribe(() => {})
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    await store.pay({ signer: createTestSigner() })
    other()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await answer(store)).toBe('the paid-for file')
  })

  it('that shows it again, when the purchase settled just after the last hook went (a checkout closed while the wallet was open)', async () => {
    const store = paidFor('url:https://seller.test/closed-checkout')
    const unsubscribe = store.subscribe(() => {})
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    const { signer, held } = heldWallet()
    const paying = store.pay({ signer })
    await vi.waitFor(() => expect(held).toHaveLength(1))
    // Settled within the turn the checkout closed in: before the store looks at what it may let go.
    unsubscribe()
    held[0]!.sign('signed')
    await paying
    expect(store.getSnapshot().status).toBe('settled')
    await new Promise((resolve) => setTimeout(resolve, 20))
    store.subscribe(() => {})
    expect(await answer(store)).toBe('the paid-for file')
  })
})

describe('a purchase no hook shows any more (a feed scrolled past, a route left)', () => {
  const turn = () => new Promise((resolve) => setTimeout(resolve))
  // Shown by a hook, then left: the lookup after a turn finds it again only if it was kept.
  async function leftAs(name: string, gate: PurchaseGate<{ ok: true }>, act: (store: PurchaseStore<{ ok: true }>) => unknown, status: string) {
    const key = `url:https://seller.test/left-${name}`
    const store = sharedPurchase({}, key, gate)
    const unsubscribe = store.subscribe(() => {})
    store.start()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'))
    void act(store)
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe(status))
    unsubscribe()
    await turn()
    return sharedPurchase({}, key, gate) === store
  }
  const never = new Promise<never>(() => {})

  it('is let go while it only shows a price (ready, or a wallet refusal), and read afresh when shown again', async () => {
    expect(await leftAs('ready', seller().gate, () => {}, 'ready')).toBe(false)
    expect(await leftAs('cancelled', seller().gate, (store) => store.pay({ signer: createTestSigner({ rejects: true }) }), 'cancelled')).toBe(false)
  })

  it('is let go while its price is still being read (a read that hangs), and read afresh when shown again', async () => {
    let reads = 0
    const hanging = (): Promise<GateAnswer<{ ok: true }>> => (reads++, never)
    const store = sharedPurchase({}, 'url:https://seller.test/left-loading', hanging)
    const unsubscribe = store.subscribe(() => {})
    store.start()
    expect(store.getSnapshot().status).toBe('loading')
    unsubscribe()
    await turn()
    const shownAgain = sharedPurchase({}, 'url:https://seller.test/left-loading', hanging)
    shownAgain.start()
    expect(shownAgain).not.toBe(store)
    expect(reads).toBe(2)
  })

  it('is kept while signing, sent, of unknown outcome, failed or settled: it is the one shown next, never paid twice', async () => {
    const asking = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => (payment ? never : { paymentRequired: paymentRequired() })
    const heldWallet = { ...createTestSigner(), signPayment: () => never }
    expect(await leftAs('signing', asking, (store) => store.pay({ signer: heldWallet }), 'signing')).toBe(true)
    expect(await leftAs('verifying', asking, (store) => store.pay({ signer: createTestSigner() }), 'verifying')).toBe(true)
    const lost = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      if (payment) throw new PayLinkNetworkError({ endpoint: 'verifyPayment', timedOut: false })
      return { paymentRequired: paymentRequired() }
    }
    expect(await leftAs('unknown', lost, (store) => store.pay({ signer: createTestSigner() }), 'unknown')).toBe(true)
    const refused = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> =>
      payment ? { error: new PayLinkHttpError({ endpoint: 'verifyPayment', status: 409, attempt: 1 } as never) } : { paymentRequired: paymentRequired() }
    expect(await leftAs('failed', refused, (store) => store.pay({ signer: createTestSigner() }), 'failed')).toBe(true)
    expect(await leftAs('settled', seller().gate, (store) => store.pay({ signer: createTestSigner() }), 'settled')).toBe(true)
  })
})

describe('terms read again after a failure shown ("Payment unavailable")', () => {
  // A screen reader needs "Loading the price" to last before the same failure comes back (see
  // test/browser/PayLinkButton.test.tsx); a click must not wait, nor one that joins a reset's read, or
  // it would sign with the options of half a second before (a spend cap lowered meanwhile).
  function downThenUp() {
    let reads = 0
    const gate = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      if (payment) return { accepted: { ok: true } }
      return reads++ ? { paymentRequired: paymentRequired() } : { error: new PayLinkHttpError({ endpoint: 'verifyPayment', status: 503, code: 'unavailable', message: 'down', body: undefined }) }
    }
    return { gate, reads: () => reads }
  }
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a reset reads them half a second after the purchase turns loading', async () => {
    const seller = downThenUp()
    const store = sharedPurchase({}, 'url:https://seller.test/down-reset', seller.gate)
    await store.pay({ signer: createTestSigner() })
    expect(store.getSnapshot().status).toBe('failed')
    store.reset()
    expect(store.getSnapshot().status).toBe('loading')
    await vi.advanceTimersByTimeAsync(499)
    expect(seller.reads()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(seller.reads()).toBe(2)
    expect(store.getSnapshot().status).toBe('ready')
  })

  it('a click during the half second of a reset\'s read ends the wait: the terms are read at once, and the wallet asked with that click\'s options', async () => {
    const seller = downThenUp()
    const store = sharedPurchase({}, 'url:https://seller.test/down-reset-click', seller.gate)
    const signer = createTestSigner()
    await store.pay({ signer })
    store.reset()
    await vi.advanceTimersByTimeAsync(100)
    expect(seller.reads()).toBe(1)
    // A pay() from a hook, with a spend cap lowered since the reset: half a second later, it would
    // have been the cap of half a second before in an app that passes the latest one.
    const click = store.pay({ signer, maxAmount: { [BASE_USDC]: '5000' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(seller.reads()).toBe(2)
    await click
    expect(signer.calls).toBe(0)
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: { name: 'PayLinkPaymentError' } })
  })

  it('a click reads them at once: nothing waits between the press and the wallet', async () => {
    const seller = downThenUp()
    const store = sharedPurchase({}, 'url:https://seller.test/down-click', seller.gate)
    const signer = createTestSigner()
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('failed')
    const click = store.pay({ signer })
    await vi.advanceTimersByTimeAsync(0)
    expect(seller.reads()).toBe(2)
    await click
    expect(signer.calls).toBe(1)
    expect(store.getSnapshot().status).toBe('settled')
  })
})

describe('back online (TanStack Query\'s onlineManager)', () => {
  // The network as TanStack Query knows it: the browser's offline and online events, or an app's own
  // source. Nothing listens to window events in Node, so the test moves it by hand.
  const reconnect = () => {
    onlineManager.setOnline(false)
    onlineManager.setOnline(true)
  }
  // Each test's hooks, let go after it whatever it ends with: a store left following the network
  // would answer a later test's reconnect.
  const shown: (() => void)[] = []
  const show = (store: PurchaseStore<{ ok: true }>) => void shown.push(store.subscribe(() => {}))
  afterEach(() => {
    for (const unsubscribe of shown.splice(0)) unsubscribe()
    onlineManager.setOnline(true)
    vi.useRealTimers()
  })

  /** A seller unreachable for its first `down` requests of each kind: terms (no payment) and paid ones. */
  function flaky(down: { terms?: number; paid?: number }) {
    const terms: undefined[] = []
    const paid: PendingPurchase[] = []
    const offline = () => new PayLinkNetworkError({ endpoint: 'verifyPayment', timedOut: false })
    const gate = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> => {
      if (!payment) {
        terms.push(undefined)
        if (terms.length <= (down.terms ?? 0)) throw offline()
        return { paymentRequired: paymentRequired() }
      }
      paid.push(payment)
      if (paid.length <= (down.paid ?? 0)) throw offline()
      return { accepted: { ok: true } }
    }
    return { gate, terms, paid }
  }

  it('reads terms that could not be read again, as "Try again" does: the price shows, and no wallet is asked', async () => {
    vi.useFakeTimers()
    const seller = flaky({ terms: 1 })
    const store = sharedPurchase({}, 'url:https://seller.test/online-terms', seller.gate)
    // Three hooks show it, and one of them goes: the other two still follow the network, and read once.
    show(store)
    show(store)
    const gone = store.subscribe(() => {})
    store.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', error: { name: 'PayLinkNetworkError' } })
    gone()

    reconnect()
    expect(store.getSnapshot().status).toBe('loading')
    await vi.advanceTimersByTimeAsync(500)
    expect(seller.terms).toHaveLength(2)
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', paymentRequired: { accepts: [{ amount: '10000' }] } })
    expect(seller.paid).toEqual([])
  })

  it('resends a payment whose outcome was lost, as it was signed: signed once, paid once, settled', async () => {
    const seller = flaky({ paid: 1 })
    const signer = createTestSigner()
    const store = sharedPurchase({}, 'url:https://seller.test/online-unknown', seller.gate)
    show(store)
    show(store)
    const gone = store.subscribe(() => {})
    await store.pay({ signer })
    expect(store.getSnapshot().status).toBe('unknown')
    gone()

    reconnect()
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('settled'))
    expect(signer.calls).toBe(1)
    expect(seller.paid).toHaveLength(2)
    expect(seller.paid[1]).toEqual(seller.paid[0])
  })

  it('does nothing for a purchase no hook shows, nor for one whose terms were read (a payment refused)', async () => {
    vi.useFakeTimers()
    const unseen = flaky({ terms: 1 })
    const hidden = sharedPurchase({}, 'url:https://seller.test/online-unseen', unseen.gate)
    // Shown, then left: it no longer follows the network.
    hidden.subscribe(() => {})()
    hidden.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(hidden.getSnapshot().status).toBe('failed')

    const refusing = async (payment?: PendingPurchase): Promise<GateAnswer<{ ok: true }>> =>
      payment
        ? { error: new PayLinkHttpError({ endpoint: 'verifyPayment', status: 422, code: 'invalid_payment', message: 'refused', body: undefined }) }
        : { paymentRequired: paymentRequired() }
    const refused = sharedPurchase({}, 'url:https://seller.test/online-refused', refusing)
    show(refused)
    const signer = createTestSigner()
    await refused.pay({ signer })
    expect(refused.getSnapshot()).toMatchObject({ status: 'failed', error: { name: 'PayLinkHttpError', status: 422 } })

    reconnect()
    await vi.advanceTimersByTimeAsync(1000)
    expect(unseen.terms).toHaveLength(1)
    expect(hidden.getSnapshot().status).toBe('failed')
    expect(refused.getSnapshot()).toMatchObject({ status: 'failed', error: { status: 422 } })
    expect(signer.calls).toBe(1)
  })
})
