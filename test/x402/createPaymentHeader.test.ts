import { PaymentPayloadV1Schema, PaymentPayloadV2Schema } from '@x402/core/schemas'
import { InternalRpcError, UserRejectedRequestError } from 'viem'
import { PayLinkConfigError, PayLinkPaymentError } from '../../src/client/errors.js'
import { decodeBase64Json } from '../../src/x402/base64.js'
import { createPaymentHeader } from '../../src/x402/createPaymentHeader.js'
import { decodePaymentRequired } from '../../src/x402/paymentRequired.js'
import v1Fixture from '../fixtures/x402-v1-402.json'
import { fakeSigner, requirement } from './helpers.js'

async function paymentError(promise: Promise<unknown>): Promise<PayLinkPaymentError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PayLinkPaymentError)
  return error as PayLinkPaymentError
}

describe('createPaymentHeader', () => {
  const resource = { url: 'https://api.test/weather', description: 'Weather', mimeType: '' }

  test('v2: PAYMENT-SIGNATURE echoes the requirement exactly as sent, with the resource and extensions', async () => {
    const raw = { ...requirement().raw, someFutureField: { kept: true } }
    const r = { ...requirement(), raw }
    const signer = fakeSigner()
    const header = await createPaymentHeader(r, signer, { resource, extensions: { bazaar: { info: 1 } } })
    expect(header.name).toBe('PAYMENT-SIGNATURE')
    const decoded = decodeBase64Json(header.value, 'test')
    expect(decoded).toEqual({ x402Version: 2, resource, accepted: raw, payload: { signature: '0xsig' }, extensions: { bazaar: { info: 1 } } })
    expect(PaymentPayloadV2Schema.safeParse(decoded).success).toBe(true)
    expect(signer.calls).toEqual([[r, { x402Version: 2, resource }]])
  })

  test("v2: a server's payment-identifier extension is echoed with an id x402 accepts, another for each payment; other extensions as sent", async () => {
    const offered = { info: { required: true }, schema: { type: 'object' } }
    const extensions = { 'payment-identifier': offered, bazaar: { info: 1 } }
    const sign = async () =>
      decodeBase64Json(
        (await createPaymentHeader(requirement(), fakeSigner(), { resource, extensions })).value,
        'test',
      ) as { extensions: { 'payment-identifier': { info: { required: boolean; id: string }; schema: unknown }; bazaar: unknown } }
    const [first, second] = [await sign(), await sign()]
    const { info, schema } = first.extensions['payment-identifier']
    // x402's format: 16 to 128 letters, digits, hyphens and underscores.
    expect(info).toEqual({ required: true, id: expect.stringMatching(/^[\w-]{16,128}$/) })
    expect(schema).toEqual({ type: 'object' })
    expect(first.extensions.bazaar).toEqual({ info: 1 })
    expect(second.extensions['payment-identifier'].info.id).not.toBe(info.id)
    // The 402's own extensions are left as they came: a later payment must not reuse this id.
    expect(offered).toEqual({ info: { required: true }, schema: { type: 'object' } })
  })

  test('v2: without crypto.randomUUID (a page on a LAN address, not a secure context) the payment still gets an id', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) })
    try {
      const extensions = { 'payment-identifier': { info: { required: true } } }
      const header = await createPaymentHeader(requirement(), fakeSigner(), { resource, extensions })
      expect(decodeBase64Json(header.value, 'test')).toMatchObject({
        extensions: { 'payment-identifier': { info: { required: true, id: expect.stringMatching(/^[\w-]{16,128}$/) } } },
      })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test.each([['a string', 'yes'], ['an array', ['info']], ['null', null], ['info: null', { info: null }], ['no info', { required: false }], ['info: an array', { info: [] }], ['info: text', { info: 'abc' }], ['info: a number', { info: 7 }]])(
    'v2: a payment-identifier declared as %s (not the extension\'s shape) goes back exactly as it came, which is what the server checks the echo against',
    async (_, declared) => {
      const extensions = { 'payment-identifier': declared }
      const header = await createPaymentHeader(requirement(), fakeSigner(), { resource, extensions })
      expect((decodeBase64Json(header.value, 'test') as { extensions: unknown }).extensions).toEqual(extensions)
    },
  )

  test('v1: X-PAYMENT carries version, scheme, network and payload', async () => {
    const r = decodePaymentRequired({ headers: new Headers(), body: v1Fixture }).accepts[0]!
    const signer = fakeSigner()
    const header = await createPaymentHeader(r, signer)
    expect(header.name).toBe('X-PAYMENT')
    const decoded = decodeBase64Json(header.value, 'test')
    expect(decoded).toEqual({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: { signature: '0xsig' } })
    expect(PaymentPayloadV1Schema.safeParse(decoded).success).toBe(true)
    expect(signer.calls).toEqual([[r, { x402Version: 1 }]])
  })

  test.each([
    ['viem UserRejectedRequestError', new UserRejectedRequestError(new Error('User rejected the request.'))],
    ['an EIP-1193 error with code 4001', Object.assign(new Error('denied'), { code: 4001 })],
    ['an error named like it', Object.assign(new Error('no'), { name: 'UserRejectedRequestError' })],
    ['a wrapped refusal', new Error('signing failed', { cause: { code: 4001, message: 'User denied' } })],
    ["WalletConnect's user rejection, code 5000", Object.assign(new Error('User rejected.'), { code: 5000 })],
    ["ethers' ACTION_REJECTED", Object.assign(new Error('user rejected action'), { code: 'ACTION_REJECTED' })],
    ["ethers' ACTION_REJECTED code alone, from a signer that words it its own way", Object.assign(new Error('signTypedData failed'), { code: 'ACTION_REJECTED' })],
    // The refusal said only in words, under another code.
    ["older MetaMask's -32603", { code: -32603, message: 'MetaMask Tx Signature: User denied transaction signature.' }],
    ["Coinbase Wallet's -32603 for typed data", { code: -32603, message: 'User denied message signature' }],
    ["a mobile wallet's -32000", { code: -32000, message: 'User rejected the request.' }],
    [
      "viem's InternalRpcError around a -32603 refusal",
      new InternalRpcError({ code: -32603, message: 'MetaMask Message Signature: User denied message signature.' } as unknown as Error),
    ],
    ["a Ledger refusal through MetaMask's keyring", new Error('signTypedData failed', { cause: { code: -32603, message: 'Ledger: User rejected the transaction' } })],
    ['a bare string', 'User rejected the request'],
    // Ledger's own transport error, through a signer that passes it on as it is.
    ["Ledger's 0x6985", Object.assign(new Error('Ledger device: Condition of use not satisfied (denied by the user?) (0x6985)'), { name: 'TransportStatusError', statusCode: 0x6985 })],
    ["a wallet's 'Request rejected by user'", { code: -32603, message: 'Request rejected by user' }],
    // Trezor Connect's Failure_ActionCancelled, through a signer that passes it on; and the US spelling.
    ["Trezor's 'Action cancelled by user'", Object.assign(new Error('Action cancelled by user'), { code: 'Failure_ActionCancelled' })],
    ["a wallet's 'User canceled'", { code: -32000, message: 'User canceled the signature request' }],
    ["a wallet's 'User cancelled' (British spelling)", { code: -32000, message: 'User cancelled the signature request' }],
  ])('%s is wallet_rejected', async (_, refusal) => {
    const signer = fakeSigner(undefined, () => Promise.reject(refusal))
    const error = await paymentError(createPaymentHeader(requirement(), signer))
    expect(error.reason).toBe('wallet_rejected')
    expect(error.message).toContain('The wallet refused to sign the payment')
    expect(error.cause).toBe(refusal)
    expect(signer.calls).toHaveLength(1)
  })

  test('any other failure is signer_failed, with the cause', async () => {
    const boom = new Error('hardware wallet unplugged')
    const error = await paymentError(createPaymentHeader(requirement(), fakeSigner(undefined, () => Promise.reject(boom))))
    expect(error.reason).toBe('signer_failed')
    expect(error.cause).toBe(boom)
    expect(error.message).toContain('The wallet could not sign the payment')
    expect(error.message).toContain('hardware wallet unplugged')
  })

  test('a failure whose chain of causes loops back on itself is signer_failed, not a stack overflow', async () => {
    const loop = new Error('keyring locked')
    loop.cause = new Error('keyring wrapper', { cause: loop })
    const error = await paymentError(createPaymentHeader(requirement(), fakeSigner(undefined, () => Promise.reject(loop))))
    expect(error.reason).toBe('signer_failed')
    expect(error.cause).toBe(loop)
  })

  test.each([
    ['a provider error as a plain object', { code: -32603, message: 'Internal JSON-RPC error.' }, 'Internal JSON-RPC error.'],
    // Words of the user, but no refusal: the account was never connected (EIP-1193 4100).
    [
      'an unauthorized account',
      { code: 4100, message: 'The requested account and/or method has not been authorized by the user.' },
      'The requested account and/or method has not been authorized by the user.',
    ],
    ['an object without a prototype', Object.assign(Object.create(null) as object, { code: 1 }), '[object Object]'],
    ['a string', 'no key loaded', 'no key loaded'],
    ['nothing', undefined, 'undefined'],
  ])('a signer that throws %s is signer_failed, its message in the details', async (_, thrown, details) => {
    const error = await paymentError(createPaymentHeader(requirement(), fakeSigner(undefined, () => Promise.reject(thrown))))
    expect(error.reason).toBe('signer_failed')
    expect(error.cause).toBe(thrown)
    expect(error.message).toContain(`Details: ${details}`)
  })

  test('an EIP-3009 authorization that expires within 6 s (a wallet that answered late) is signer_failed, whatever the wait', async () => {
    const now = 1_000_000_000
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
    try {
      const signing = (validBefore: number | undefined) =>
        createPaymentHeader(requirement(), fakeSigner(undefined, async () => ({ signature: '0xsig', authorization: { validBefore: validBefore && String(validBefore) } })))
      // x402's facilitators refuse an authorization with less than 6 s left.
      const error = await paymentError(signing(now / 1000 + 5))
      expect(error.reason).toBe('signer_failed')
      expect(error.message).toContain('the wallet answered too late')
      expect((await signing(now / 1000 + 6)).name).toBe('PAYMENT-SIGNATURE')
      // A payload without a validBefore (another scheme) is not judged by it.
      expect((await signing(undefined)).name).toBe('PAYMENT-SIGNATURE')
    } finally {
      clock.mockRestore()
    }
  })

  test('an authorization with 6 whole seconds but under 6 s left is signer_failed: a facilitator counting whole seconds would refuse it in the next second, on its way', async () => {
    // Asked at x.000 for an offer of 7 s, dated x + 7; the wallet answers 1.99 s later with 5.01 s
    // left. Sent, it reaches the facilitator after x + 2 (floor(now) + 6 past x + 7: refused), and
    // the purchase would be unknown for good, resending it; not sent, the next press signs afresh.
    let now = 1_000_000_000
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
    try {
      const signer = fakeSigner(undefined, async () => {
        const validBefore = String(Math.floor(now / 1000) + 7)
        now += 1_990
        return { signature: '0xsig', authorization: { validBefore } }
      })
      expect((await paymentError(createPaymentHeader(requirement(), signer))).reason).toBe('signer_failed')
    } finally {
      clock.mockRestore()
    }
  })

  test('a payload without validBefore (Permit2, Solana) is judged by the wait: after maxTimeoutSeconds it is signer_failed', async () => {
    let now = 1_000_000_000
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
    try {
      const after = (ms: number, payload: Record<string, unknown>) => createPaymentHeader(requirement(), fakeSigner(undefined, async () => ((now += ms), payload)))
      const permit2 = { signature: '0xsig', permit2Authorization: { deadline: '1000000300' } }
      const solana = { transaction: 'AQAB' }
      expect((await paymentError(after(300_001, permit2))).reason).toBe('signer_failed')
      expect((await paymentError(after(300_001, solana))).reason).toBe('signer_failed')
      expect((await after(300_000, solana)).name).toBe('PAYMENT-SIGNATURE')
    } finally {
      clock.mockRestore()
    }
  })

  test('a wallet that asks its user for longer than the window, then signs a fresh authorization, is not refused', async () => {
    let now = 1_000_000_000
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
    try {
      const signer = fakeSigner(undefined, async (required) => {
        now += 301_000
        return { signature: '0xsig', authorization: { validBefore: String(now / 1000 + required.maxTimeoutSeconds) } }
      })
      expect((await createPaymentHeader(requirement(), signer)).name).toBe('PAYMENT-SIGNATURE')
    } finally {
      clock.mockRestore()
    }
  })

  test('a signer that returns no payload object is signer_failed', async () => {
    const bad = fakeSigner(undefined, async () => 'sig' as unknown as Record<string, unknown>)
    const error = await paymentError(createPaymentHeader(requirement(), bad))
    expect(error.reason).toBe('signer_failed')
    expect(error.message).toContain('signPayment must return the payload object')
  })

  test('a context whose version is not the requirement’s is refused before signing', async () => {
    const signer = fakeSigner()
    await expect(createPaymentHeader(requirement(), signer, { x402Version: 1 })).rejects.toBeInstanceOf(PayLinkConfigError)
    await expect(createPaymentHeader(requirement(), signer, { x402Version: 1 })).rejects.toThrow("context.x402Version 1 is not the requirement's (2)")
    expect(signer.calls).toHaveLength(0)
  })
})
