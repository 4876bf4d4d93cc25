import { ExactEvmScheme as ReferenceFacilitator } from '@x402/evm/exact/facilitator'
import { ExactEvmSchemeV1 as ReferenceFacilitatorV1 } from '@x402/evm/exact/v1/facilitator'
import { EVM_NETWORK_CHAIN_ID_MAP } from '@x402/evm/v1'
import { createClient, createWalletClient, custom, decodeAbiParameters, getAddress, hashTypedData, type LocalAccount, recoverTypedDataAddress } from 'viem'
import { createBundlerClient, toCoinbaseSmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { baseSepolia } from 'viem/chains'
import { PayLinkConfigError, PayLinkPaymentError } from '../../src/client/errors.js'
import { createEvmSigner } from '../../src/evm/createEvmSigner.js'
import { decodeBase64Json } from '../../src/x402/base64.js'
import { createPaymentHeader } from '../../src/x402/createPaymentHeader.js'
import { decodePaymentRequired } from '../../src/x402/paymentRequired.js'
import { selectPaymentRequirement } from '../../src/x402/selectPaymentRequirement.js'
import { authorizationTypes, type ExactEvmPayload, PAY_TO, requirement, signedBy, USDC_BASE_SEPOLIA } from './helpers.js'

const account = privateKeyToAccount(generatePrivateKey())
const usdc = { chainId: 84532, asset: USDC_BASE_SEPOLIA, name: 'USDC', version: '2' }
const v2 = { x402Version: 2 } as const

/** What a v1 (requirements in the body) or v2 server answers for 0.001 USDC on `network`. */
function required402(x402Version: 1 | 2, network: string) {
  const offer = { scheme: 'exact', network, payTo: PAY_TO, maxTimeoutSeconds: 60, asset: USDC_BASE_SEPOLIA, extra: { name: 'USDC', version: '2' } }
  const accepts = [x402Version === 1 ? { ...offer, maxAmountRequired: '1000', resource: 'https://paid.test/r', description: '', mimeType: '' } : { ...offer, amount: '1000' }]
  return decodePaymentRequired({ headers: new Headers(), body: { x402Version, accepts } })
}

/** Picks and signs the 402 as a purchase does, with createEvmSigner; the payload sent, or the error. */
async function pay(required: ReturnType<typeof required402>) {
  const signer = createEvmSigner(account)
  const requirement = selectPaymentRequirement(required, { signer, maxAmount: { [USDC_BASE_SEPOLIA]: 1000n } })
  const { value } = await createPaymentHeader(requirement, signer, required)
  return (decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }).payload
}

/** The domain of `eth_signTypedData_v4`'s params, and `account`'s signature of them, as a wallet signs. */
function signRequest(params: unknown) {
  const { domain, types, primaryType, message } = JSON.parse((params as [string, string])[1])
  delete types.EIP712Domain
  const m = { ...message, value: BigInt(message.value), validAfter: BigInt(message.validAfter), validBefore: BigInt(message.validBefore) }
  return { domain, signature: account.signTypedData({ domain, types, primaryType, message: m }) }
}

/**
 * A browser wallet (EIP-1193) for `account`, as MetaMask behaves: on `chainId` until switched, and
 * refusing typed data whose domain names another chain. `answer` runs first for its methods: what it
 * returns, unless `undefined`, is the answer. Every method asked is listed in `asked`.
 */
function injectedWallet(chainId: number, answer: Record<string, (params: unknown) => unknown> = {}) {
  const asked: string[] = []
  let active = chainId
  const wallet = createWalletClient({
    account: account.address,
    transport: custom({
      async request({ method, params }) {
        asked.push(method)
        const answered = answer[method]?.(params)
        if (answered !== undefined) return answered
        if (method === 'eth_chainId') return `0x${active.toString(16)}`
        if (method === 'wallet_switchEthereumChain') {
          active = Number((params as [{ chainId: string }])[0].chainId)
          return null
        }
        if (method !== 'eth_signTypedData_v4') throw new Error(`unexpected ${method}`)
        const { domain, signature } = signRequest(params)
        if (domain.chainId !== active) throw new Error(`Provided chainId "${domain.chainId}" must match the active chainId "${active}"`)
        return signature
      },
    }),
  })
  return { wallet, asked }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createEvmSigner', () => {
  test('lists every EVM network, by CAIP-2 wildcard and by every v1 name the reference client knows, and no Solana', () => {
    const { networks, address } = createEvmSigner(account)
    expect(address).toBe(account.address)
    expect(networks).toHaveLength(24)
    expect(new Set(networks)).toEqual(new Set(['eip155:*', ...Object.keys(EVM_NETWORK_CHAIN_ID_MAP)]))
  })

  test.each(Object.entries(EVM_NETWORK_CHAIN_ID_MAP))('pays a v1 402 on %s with chain id %i, as the reference client does', async (network, chainId) => {
    const payload = await pay(required402(1, network))
    expect(await signedBy(payload, { ...usdc, chainId }, account.address)).toBe(true)
  })

  test('pays sei in a v1 and a v2 402 alike, and still refuses a v1 name it does not know', async () => {
    for (const required of [required402(1, 'sei'), required402(2, 'eip155:1329')]) {
      expect(await signedBy(await pay(required), { ...usdc, chainId: 1329 }, account.address)).toBe(true)
    }
    const signTypedData = vi.spyOn(account, 'signTypedData')
    const error = await pay(required402(1, 'sei-devnet')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayLinkPaymentError)
    expect(error).toMatchObject({ reason: 'no_payable_requirement' })
    expect(signTypedData).not.toHaveBeenCalled()
  })

  test('supports EIP-3009 requirements only, so that a Permit2 one the server lists first is passed over', async () => {
    const signer = createEvmSigner(account)
    const permit2 = requirement({ extra: { name: 'USDC', version: '2', assetTransferMethod: 'permit2' } })
    const eip3009 = requirement({ extra: { name: 'USDC', version: '2', assetTransferMethod: 'eip3009' } })
    expect([permit2, eip3009, requirement()].map((r) => signer.supports?.(r))).toEqual([false, true, true])
    expect(selectPaymentRequirement({ x402Version: 2, accepts: [permit2, eip3009], receivedAt: 0 }, { signer })).toBe(eip3009)
  })

  test('pays an offer whose extra.assetTransferMethod is null (a server writing absent fields as null) with EIP-3009, as the reference client does', async () => {
    const signer = createEvmSigner(account)
    const offer = { scheme: 'exact', network: 'eip155:84532', amount: '1000', payTo: PAY_TO, maxTimeoutSeconds: 60, asset: USDC_BASE_SEPOLIA }
    const required = decodePaymentRequired({
      headers: new Headers(),
      body: { x402Version: 2, accepts: [{ ...offer, extra: { name: 'USDC', version: '2', assetTransferMethod: null } }] },
    })
    expect(signer.supports?.(required.accepts[0]!)).toBe(true)
    const chosen = selectPaymentRequirement(required, { signer, maxAmount: { [USDC_BASE_SEPOLIA]: 1000n } })
    const { value } = await createPaymentHeader(chosen, signer, required)
    expect(await signedBy((decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }).payload, usdc, account.address)).toBe(true)
  })

  test.each([
    ['a token without its EIP-712 name and version', requirement({ asset: '0x1111111111111111111111111111111111111111', extra: {} })],
    ['a token whose EIP-712 name is empty', requirement({ extra: { name: '', version: '2' } })],
    ['a token whose EIP-712 version is empty', requirement({ extra: { name: 'USDC', version: '' } })],
    ['a token whose EIP-712 name is not text', requirement({ extra: { name: 1, version: '2' } })],
    ['a token whose EIP-712 version is not text', requirement({ extra: { name: 'USDC', version: 2 } })],
    ['a network with more after its eip155 chain id', requirement({ network: 'eip155:84532a' })],
    ['a network that only contains an eip155 chain id', requirement({ network: 'x-eip155:84532' })],
    ['a chain it does not know', requirement({ network: 'eip155:0' })],
    ['a payTo that is not an EVM address (a Solana one)', requirement({ payTo: 'So11111111111111111111111111111111111111112' })],
    ['a token address two hex digits short', requirement({ asset: USDC_BASE_SEPOLIA.slice(0, -2) })],
    ['an amount of 2^256, past uint256', requirement({ amount: (2n ** 256n).toString() })],
  ])('passes over an offer of %s for a later one it can sign, and pays that one', async (_name, unsignable) => {
    const signer = createEvmSigner(account)
    const required = { x402Version: 2 as const, accepts: [unsignable, requirement()], receivedAt: 0 }

    expect(signer.supports?.(unsignable)).toBe(false)
    const chosen = selectPaymentRequirement(required, { signer, maxAmount: { [unsignable.asset]: 1000n, [USDC_BASE_SEPOLIA]: 1000n } })
    expect(chosen).toBe(required.accepts[1])
    const { value } = await createPaymentHeader(chosen, signer, required)
    expect(await signedBy((decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }).payload, usdc, account.address)).toBe(true)
  })

  test.each([
    ['an address that is not an EVM one', { payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF31228' }, '0x209693Bc6afc0C5328bA36FaF03C514EF31228 is not an EVM address'],
    ['an amount past uint256', { amount: (2n ** 256n + 1n).toString() }, `The amount ${2n ** 256n + 1n} is not a uint256`],
    ['a hand-made amount that is no integer', { amount: '1.5' }, 'The amount 1.5 is not a uint256'],
  ])('an offer to pay %s fails before the wallet is asked anything, not after a switch prompt', async (_name, fields, message) => {
    const { wallet, asked } = injectedWallet(1)
    await expect(createPaymentHeader(requirement(fields), createEvmSigner(wallet))).rejects.toMatchObject({
      name: 'PayLinkPaymentError',
      reason: 'signer_failed',
      message: expect.stringContaining(message),
    })
    expect(asked).toEqual([])
  })

  test('an amount of 2^256 - 1, the largest uint256, is signed', async () => {
    const max = (2n ** 256n - 1n).toString()
    const payload = (await createEvmSigner(account).signPayment(requirement({ amount: max }), v2)) as unknown as ExactEvmPayload
    expect(payload.authorization.value).toBe(max)
  })

  test('signs an EIP-3009 transferWithAuthorization that recovers to the account', async () => {
    const payload = (await createEvmSigner(account).signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    expect(payload.authorization).toMatchObject({ from: account.address, to: PAY_TO, value: '1000' })
    expect(payload.authorization.nonce).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await signedBy(payload, usdc, account.address)).toBe(true)
    expect(await signedBy(payload, { ...usdc, chainId: 8453 }, account.address)).toBe(false)
  })

  test('takes the chain id from a v1 name as from a CAIP-2 id', async () => {
    const signer = createEvmSigner(account)
    const amoy = { chainId: 80002, asset: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582', name: 'USDC', version: '2' }
    const payload = (await signer.signPayment(requirement({ network: 'polygon-amoy', asset: amoy.asset }), { x402Version: 1 })) as unknown as ExactEvmPayload
    expect(await signedBy(payload, amoy, account.address)).toBe(true)
  })

  test('each payment gets a fresh random nonce', async () => {
    const signer = createEvmSigner(account)
    const a = (await signer.signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    const b = (await signer.signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    expect(a.authorization.nonce).not.toBe(b.authorization.nonce)
  })

  test('the validity window starts at 0, as the reference v2 client signs, and ends maxTimeoutSeconds after the wallet is asked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
    const signer = createEvmSigner(account)
    const r = requirement({ maxTimeoutSeconds: 60 })
    const asked = Date.parse('2026-03-01T12:05:00Z') / 1000
    vi.setSystemTime(asked * 1000)
    const { authorization } = (await signer.signPayment(r, v2)) as unknown as ExactEvmPayload
    expect(authorization.validBefore).toBe(String(asked + 60))
    expect(authorization.validAfter).toBe('0')
  })

  test.each([
    [0.5, 1],
    [59.2, 60],
  ])('a fractional maxTimeoutSeconds (%s) is rounded up, so the authorization is not expired when signed', async (maxTimeoutSeconds, window) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const asked = Date.parse('2026-03-01T12:05:00Z') / 1000
    vi.setSystemTime(asked * 1000)
    const { authorization } = (await createEvmSigner(account).signPayment(requirement({ maxTimeoutSeconds }), v2)) as unknown as ExactEvmPayload
    expect(authorization.validBefore).toBe(String(asked + window))
  })

  test.each([0, -60, Number.NaN, 2 ** 53, 1e21, Number.POSITIVE_INFINITY])(
    'a hand-made requirement with maxTimeoutSeconds %s is refused, naming it, and the wallet is never asked',
    async (maxTimeoutSeconds) => {
      let asked = 0
      const counted: LocalAccount = { ...account, signTypedData: (data) => (asked++, account.signTypedData(data)) }
      await expect(createEvmSigner(counted).signPayment(requirement({ maxTimeoutSeconds }), v2)).rejects.toThrow(
        `The requirement's maxTimeoutSeconds must be over 0 and under 2^53, not ${maxTimeoutSeconds}`,
      )
      expect(asked).toBe(0)
    },
  )

  test('works through a wallet client (eth_signTypedData_v4 to the wallet)', async () => {
    const { wallet, asked } = injectedWallet(84532)
    const payload = (await createEvmSigner(wallet).signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    expect(asked).toEqual(['eth_chainId', 'eth_signTypedData_v4'])
    expect(await signedBy(payload, usdc, account.address)).toBe(true)
  })

  test("works through a bare viem client, as wagmi's useConnectorClient gives: switches, then signs", async () => {
    const { wallet, asked } = injectedWallet(1)
    const bare = createClient({ account: account.address, transport: custom(wallet) })
    const payload = (await createEvmSigner(bare).signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    expect(asked).toEqual(['eth_chainId', 'wallet_switchEthereumChain', 'eth_signTypedData_v4'])
    expect(await signedBy(payload, usdc, account.address)).toBe(true)
  })

  test('a wallet on another chain is asked to switch to the payment\'s chain first, then signs for it', async () => {
    const { wallet, asked } = injectedWallet(1)
    const payload = (await createEvmSigner(wallet).signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    expect(asked).toEqual(['eth_chainId', 'wallet_switchEthereumChain', 'eth_signTypedData_v4'])
    expect(await signedBy(payload, usdc, account.address)).toBe(true)
  })

  test('the time the user takes to approve the switch does not shorten the validity window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T12:00:00Z') })
    const { wallet } = injectedWallet(1, {
      wallet_switchEthereumChain: () => {
        vi.setSystemTime(Date.parse('2026-03-01T12:00:50Z'))
        return undefined
      },
    })
    const { value } = await createPaymentHeader(requirement({ maxTimeoutSeconds: 60 }), createEvmSigner(wallet))
    const { authorization } = (decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }).payload
    expect(authorization.validBefore).toBe(String(Date.parse('2026-03-01T12:01:50Z') / 1000))
  })

  test('the user refusing the switch is wallet_rejected, and the wallet is not asked to sign', async () => {
    const { wallet, asked } = injectedWallet(1, {
      wallet_switchEthereumChain: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({ name: 'PayLinkPaymentError', reason: 'wallet_rejected' })
    expect(asked).toEqual(['eth_chainId', 'wallet_switchEthereumChain'])
  })

  test.each([
    ["ethers' ACTION_REJECTED", () => Object.assign(new Error('user rejected action'), { code: 'ACTION_REJECTED' })],
    ['a UserRejectedRequestError without a code', () => Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedRequestError' })],
    ['a 4001 as the cause of another error', () => new Error('wallet_switchEthereumChain failed', { cause: { code: 4001, message: 'User rejected' } })],
    ["an in-app wallet's -32603 in words", () => ({ code: -32603, message: 'User rejected the request.' })],
  ])('the user refusing the switch with %s is wallet_rejected too, as for a signature, and the wallet is not asked to sign', async (_name, refusal) => {
    const { wallet, asked } = injectedWallet(1, { wallet_switchEthereumChain: () => Promise.reject(refusal()) })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({ name: 'PayLinkPaymentError', reason: 'wallet_rejected' })
    expect(asked).toEqual(['eth_chainId', 'wallet_switchEthereumChain'])
  })

  test('a payment abandoned while the switch prompt is open (its signal aborted) is not signed once the user approves the switch', async () => {
    let approve!: () => void
    const { wallet, asked } = injectedWallet(1, {
      wallet_switchEthereumChain: () => new Promise((resolve) => (approve = () => resolve(undefined))),
    })
    const abandoned = new AbortController()
    const paying = createEvmSigner(wallet).signPayment(requirement(), { ...v2, signal: abandoned.signal })
    await vi.waitFor(() => expect(asked).toEqual(['eth_chainId', 'wallet_switchEthereumChain']))
    abandoned.abort(new Error('asked the wallet again'))
    approve()
    await expect(paying).rejects.toThrow('asked the wallet again')
    expect(asked).toEqual(['eth_chainId', 'wallet_switchEthereumChain'])
  })

  test('a payment abandoned before it is signed opens no prompt at all', async () => {
    const { wallet, asked } = injectedWallet(1)
    const abandoned = new AbortController()
    abandoned.abort(new Error('cancelled'))
    await expect(createEvmSigner(wallet).signPayment(requirement(), { ...v2, signal: abandoned.signal })).rejects.toThrow('cancelled')
    expect(asked).toEqual([])
  })

  test('a caller in JavaScript that passes no context still gets a payment signed', async () => {
    const signPayment = createEvmSigner(account).signPayment as (offer: ReturnType<typeof requirement>) => Promise<Record<string, unknown>>
    expect(await signedBy((await signPayment(requirement())) as unknown as ExactEvmPayload, usdc, account.address)).toBe(true)
  })

  test.each([
    ['has no switch method (a node, -32601)', { wallet_switchEthereumChain: () => Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 })) }],
    ['does not list the chain (4902)', { wallet_switchEthereumChain: () => Promise.reject(Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })) }],
    ['cannot say its chain', { eth_chainId: () => Promise.reject(new Error('eth_chainId failed')) }],
  ])('a wallet that %s is asked to sign all the same: one that signs for any chain pays, one that refuses is signer_failed', async (_name, answer) => {
    const lenient = injectedWallet(1, {
      ...answer,
      eth_signTypedData_v4: (params) => signRequest(params).signature,
    })
    const payload = (await createEvmSigner(lenient.wallet).signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    expect(await signedBy(payload, usdc, account.address)).toBe(true)

    const strict = injectedWallet(1, answer)
    await expect(createPaymentHeader(requirement(), createEvmSigner(strict.wallet))).rejects.toMatchObject({ reason: 'signer_failed' })
    expect(strict.asked.filter((method) => method === 'eth_signTypedData_v4')).toHaveLength(1)
  })

  test('an eip155 chain id past 2^53, which a number rounds to another chain, is passed over and never signed, as the reference client refuses it', async () => {
    // 2^53 + 1: as a number it is 2^53, another chain; the wallet would be asked to switch there and sign for it.
    const offer = requirement({ network: 'eip155:9007199254740993' })
    const { wallet, asked } = injectedWallet(1)
    const signer = createEvmSigner(wallet)
    expect(signer.supports?.(offer)).toBe(false)
    await expect(createPaymentHeader(offer, signer)).rejects.toMatchObject({ name: 'PayLinkPaymentError', reason: 'signer_failed' })
    expect(asked).toEqual([])
    // The largest safe one is still an EVM chain it signs for.
    expect(signer.supports?.(requirement({ network: `eip155:${Number.MAX_SAFE_INTEGER}` }))).toBe(true)
  })

  test.each([
    ['0x (a Safe whose signature is still to be approved on-chain)', '0x'],
    ['a signature that is not hex', `0x${'zz'.repeat(65)}`],
    ['a signature with an odd number of hex digits', `0x${'ab'.repeat(65)}c`],
    ['a signature with words before it', `signature: 0x${'ab'.repeat(65)}`],
  ])('a wallet that answers %s is signer_failed and nothing is sent, which facilitators could only refuse, leaving the purchase unknown', async (_name, signature) => {
    const { wallet } = injectedWallet(84532, { eth_signTypedData_v4: () => signature })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({
      name: 'PayLinkPaymentError',
      reason: 'signer_failed',
      message: expect.stringContaining(`The wallet returned no signature: ${signature}`),
    })
  })

  test('a smart wallet\'s signature, longer than 65 bytes (ERC-1271, ERC-6492), is sent as it came', async () => {
    const long = `0x${'ab'.repeat(65 + 32 * 6)}${'6492'.repeat(16)}` as const
    const { wallet } = injectedWallet(84532, { eth_signTypedData_v4: () => long })
    const { value } = await createPaymentHeader(requirement(), createEvmSigner(wallet))
    expect((decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }).payload.signature).toBe(long)
  })

  test('a switch prompt already open in the wallet (MetaMask\'s -32002, after "ask the wallet again") is what the error names, not the chain the wallet is on; a wallet that signs for any chain still pays', async () => {
    const pending = { wallet_switchEthereumChain: () => Promise.reject(Object.assign(new Error("Request of type 'wallet_switchEthereumChain' already pending for origin https://shop.test. Please wait."), { code: -32002 })) }
    const strict = injectedWallet(1, pending)
    const error = await createPaymentHeader(requirement(), createEvmSigner(strict.wallet)).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'PayLinkPaymentError', reason: 'signer_failed' })
    expect((error as Error).message).toContain("Request of type 'wallet_switchEthereumChain' already pending")
    expect((error as Error).message).not.toContain('must match the active chainId')

    const lenient = injectedWallet(1, { ...pending, eth_signTypedData_v4: (params) => signRequest(params).signature })
    const payload = (await createEvmSigner(lenient.wallet).signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    expect(await signedBy(payload, usdc, account.address)).toBe(true)
  })

  test("older MetaMask's refusal of the signature (-32603, said in words), which viem wraps as an InternalRpcError, is wallet_rejected", async () => {
    const { wallet } = injectedWallet(84532, {
      eth_signTypedData_v4: () => Promise.reject({ code: -32603, message: 'MetaMask Message Signature: User denied message signature.' }),
    })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({ name: 'PayLinkPaymentError', reason: 'wallet_rejected' })
  })

  // MetaMask's JSON-RPC engine passes on a wallet error it cannot serialize as it is (a code without a
  // message) as -32603, the error itself under data.originalError (data.cause in later versions), as
  // its mobile in-app browser does for a switch's 4902 (Uniswap/web3-react#770); viem reads only the
  // outer code.
  const nested = (inner: object) => Promise.reject({ code: -32603, message: 'Internal JSON-RPC error.', data: inner })
  test.each([
    ['data.originalError', { originalError: { code: 4001 } }],
    ['data.cause', { cause: { code: 4001, message: 'User rejected the request.' } }],
    ['data itself', { code: 4001 }],
  ])('a refusal of the signature that a -32603 carries under %s is wallet_rejected', async (_name, data) => {
    const { wallet } = injectedWallet(84532, { eth_signTypedData_v4: () => nested(data) })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({ name: 'PayLinkPaymentError', reason: 'wallet_rejected' })
  })

  test('a refused switch that a -32603 carries under data.originalError is wallet_rejected, and no signature is asked for', async () => {
    const { wallet, asked } = injectedWallet(1, { wallet_switchEthereumChain: () => nested({ originalError: { code: 4001 } }) })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({ name: 'PayLinkPaymentError', reason: 'wallet_rejected' })
    expect(asked).toEqual(['eth_chainId', 'wallet_switchEthereumChain'])
  })

  test('a -32603 whose data holds another failure (a 4902 unknown chain) is still signer_failed', async () => {
    const { wallet } = injectedWallet(84532, { eth_signTypedData_v4: () => nested({ originalError: { code: 4902 } }) })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({ name: 'PayLinkPaymentError', reason: 'signer_failed' })
  })

  test('a refusal of the signature after a switch that failed is still wallet_rejected', async () => {
    const { wallet } = injectedWallet(1, {
      wallet_switchEthereumChain: () => Promise.reject(Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })),
      eth_signTypedData_v4: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({ reason: 'wallet_rejected' })
  })

  test.each([5, 6])('an offer valid for %i s, whose authorization facilitators refuse (under 6 s left) and which is never sent, is passed over before the wallet is asked', async (maxTimeoutSeconds) => {
    const signTypedData = vi.spyOn(account, 'signTypedData')
    const signer = createEvmSigner(account)
    const short = requirement({ maxTimeoutSeconds })
    expect(signer.supports?.(short)).toBe(false)
    const required = { x402Version: 2 as const, accepts: [short, requirement({ maxTimeoutSeconds: 60 })], receivedAt: 0 }
    expect(selectPaymentRequirement(required, { signer, maxAmount: { [USDC_BASE_SEPOLIA]: 1000n } })).toBe(required.accepts[1])
    expect(() => selectPaymentRequirement({ ...required, accepts: [short] }, { signer, maxAmount: { [USDC_BASE_SEPOLIA]: 1000n } })).toThrow(
      expect.objectContaining({ reason: 'no_payable_requirement' }),
    )
    expect(signTypedData).not.toHaveBeenCalled()
  })

  test("a smart account, whose signature holds only on its own client's chain, passes over an offer on another chain for one on its own, and pays that", async () => {
    // A Coinbase smart account signs a replay-safe hash that names its client's chain (Base Sepolia):
    // signed for Polygon Amoy, the account's contract there would refuse it.
    const smart = '0x1234567890123456789012345678901234567890'
    const asked: string[] = []
    const transport = custom({
      async request({ method }) {
        asked.push(method)
        if (method === 'eth_chainId') return '0x14a34'
        if (method === 'eth_getCode') return '0x6080'
        throw Object.assign(new Error(`Method ${method} not found`), { code: -32601 })
      },
    })
    const client = createClient({ chain: baseSepolia, transport })
    const owner = privateKeyToAccount(generatePrivateKey())
    const bundler = createBundlerClient({ account: await toCoinbaseSmartAccount({ client, owners: [owner], address: smart, version: '1.1' }), client, transport })
    const signer = createEvmSigner(bundler)
    const amoy = requirement({ network: 'eip155:80002', asset: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582' })

    expect(signer.supports?.(amoy)).toBe(false)
    await expect(createPaymentHeader(amoy, signer)).rejects.toMatchObject({ reason: 'signer_failed' })
    expect(asked).toEqual([])
    const required = { x402Version: 2 as const, accepts: [amoy, requirement()], receivedAt: 0 }
    const chosen = selectPaymentRequirement(required, { signer, maxAmount: { [amoy.asset]: 1000n, [USDC_BASE_SEPOLIA]: 1000n } })
    expect(chosen).toBe(required.accepts[1])
    const { value } = await createPaymentHeader(chosen, signer, required)
    const { payload } = decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }
    expect(payload.authorization.from).toBe(smart)
    // The owner signed the replay-safe hash of this authorization on Base Sepolia, as the contract checks it there.
    const [{ signatureData }] = decodeAbiParameters([{ type: 'tuple', components: [{ name: 'ownerIndex', type: 'uint8' }, { name: 'signatureData', type: 'bytes' }] }], payload.signature)
    const a = payload.authorization
    const hash = hashTypedData({
      domain: { name: 'USDC', version: '2', chainId: 84532, verifyingContract: USDC_BASE_SEPOLIA },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: { ...a, from: smart, to: PAY_TO, value: BigInt(a.value), validAfter: BigInt(a.validAfter), validBefore: BigInt(a.validBefore) },
    })
    const replaySafe = { name: 'Coinbase Smart Wallet', version: '1', chainId: 84532, verifyingContract: smart } as const
    expect(
      await recoverTypedDataAddress({ domain: replaySafe, types: { CoinbaseSmartWalletMessage: [{ name: 'hash', type: 'bytes32' }] }, primaryType: 'CoinbaseSmartWalletMessage', message: { hash }, signature: signatureData }),
    ).toBe(owner.address)
  })

  test('a wallet client with a local account signs locally, asking its node nothing (no chain id, no switch)', async () => {
    const asked: string[] = []
    const request = ({ method }: { method: string }) => (asked.push(method), Promise.reject(new Error('no RPC expected')))
    const wallet = createWalletClient({ account, transport: custom({ request }) })
    const payload = (await createEvmSigner(wallet).signPayment(requirement(), v2)) as unknown as ExactEvmPayload
    expect(await signedBy(payload, usdc, account.address)).toBe(true)
    expect(asked).toEqual([])
  })

  test('a wallet whose user approves 55 s into a 60 s window: signer_failed, not an authorization facilitators refuse', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { wallet } = injectedWallet(84532, {
      eth_signTypedData_v4: (params) => {
        vi.setSystemTime(Date.now() + 55_000)
        return signRequest(params).signature
      },
    })
    await expect(createPaymentHeader(requirement({ maxTimeoutSeconds: 60 }), createEvmSigner(wallet))).rejects.toMatchObject({
      name: 'PayLinkPaymentError',
      reason: 'signer_failed',
    })
  })

  test('the user refusing in the wallet is wallet_rejected', async () => {
    const { wallet } = injectedWallet(84532, {
      eth_signTypedData_v4: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    })
    await expect(createPaymentHeader(requirement(), createEvmSigner(wallet))).rejects.toMatchObject({
      name: 'PayLinkPaymentError',
      reason: 'wallet_rejected',
    })
  })

  test('a wallet client without an account is a PayLinkConfigError', () => {
    const wallet = createWalletClient({ transport: custom({ request: async () => null }) })
    expect(() => createEvmSigner(wallet)).toThrow(PayLinkConfigError)
    // It says what to pass instead.
    expect(() => createEvmSigner(wallet)).toThrow(/needs a wallet client with an account[^]*privateKeyToAccount/)
  })

  test.each([
    ['a non-EVM network', requirement({ network: 'solana' })],
    ['a token without its EIP-712 name', requirement({ extra: { version: '2' } })],
    ['a Permit2 token', requirement({ extra: { name: 'X', version: '1', assetTransferMethod: 'permit2' } })],
  ])('refuses %s (signer_failed, nothing signed)', async (_, r) => {
    const signTypedData = vi.spyOn(account, 'signTypedData')
    await expect(createPaymentHeader(r, createEvmSigner(account))).rejects.toMatchObject({ reason: 'signer_failed' })
    expect(signTypedData).not.toHaveBeenCalled()
  })

  describe('against the reference facilitator (@x402/evm), whose clock is right', () => {
    // The chain, as far as verify reads it: the token has code, and the transfer simulates.
    const chain = {
      getAddresses: () => ['0x0000000000000000000000000000000000000001'],
      getCode: async ({ address }: { address: string }) => (address.toLowerCase() === USDC_BASE_SEPOLIA.toLowerCase() ? '0x6080' : '0x'),
      readContract: async () => undefined,
    } as unknown as ConstructorParameters<typeof ReferenceFacilitator>[0]
    const sign = async (x402Version: 1 | 2, payTo = PAY_TO, asset = USDC_BASE_SEPOLIA) => {
      const required = required402(x402Version, x402Version === 1 ? 'base-sepolia' : 'eip155:84532')
      const signed = await createPaymentHeader({ ...required.accepts[0]!, payTo, asset }, createEvmSigner(account), required)
      const { payload } = decodeBase64Json(signed.value, 'test') as { payload: ExactEvmPayload }
      return { x402Version, payload, accepted: { ...required.accepts[0]!.raw, payTo, asset } }
    }
    const verify = async ({ x402Version, payload, accepted }: Awaited<ReturnType<typeof sign>>) => {
      const result =
        x402Version === 1
          ? await new ReferenceFacilitatorV1(chain).verify({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload } as never, accepted as never)
          : await new ReferenceFacilitator(chain).verify({ x402Version: 2, accepted, payload, resource: { url: 'https://paid.test/r' } } as never, accepted as never)
      return { ...result, to: payload.authorization.to }
    }

    test('a Ledger through MetaMask, whose signature ends in v 0 or 1, pays with v 27 or 28: the facilitator hands v to the token as it came, and the token\'s ecrecover takes only 27 or 28', async () => {
      const { wallet } = injectedWallet(84532, {
        eth_signTypedData_v4: async (params) => {
          const signature = await signRequest(params).signature
          return `${signature.slice(0, -2)}0${Number.parseInt(signature.slice(-2), 16) - 27}`
        },
      })
      const required = required402(2, 'eip155:84532')
      const { value } = await createPaymentHeader(required.accepts[0]!, createEvmSigner(wallet), required)
      const { payload } = decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }
      // What the facilitator simulates, and then sends: transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s).
      const transfers: unknown[][] = []
      const recording = {
        ...chain,
        readContract: async ({ functionName, args }: { functionName: string; args: unknown[] }) => void (functionName === 'transferWithAuthorization' && transfers.push(args)),
      } as unknown as typeof chain
      const accepted = required.accepts[0]!.raw
      const result = await new ReferenceFacilitator(recording).verify({ x402Version: 2, accepted, payload, resource: { url: 'https://paid.test/r' } } as never, accepted as never)

      expect(result).toMatchObject({ isValid: true })
      expect(transfers).toHaveLength(1)
      expect([27, 28]).toContain(Number(transfers[0]![6]))
      expect(await signedBy(payload, usdc, account.address)).toBe(true)
    })

    test.each([1, 2] as const)('accepts a v%i payment signed on a device whose clock runs 11 minutes fast', async (x402Version) => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 })
      const signed = await sign(x402Version)
      vi.useRealTimers()

      expect(await verify(signed)).toMatchObject({ isValid: true })
    })

    test.each([
      ['in capitals', `0x${PAY_TO.slice(2).toUpperCase()}`],
      ['with a wrong-cased checksum', PAY_TO.replace('Bc', 'bc')],
    ])('pays a payTo written %s, to its checksummed address', async (_name, payTo) => {
      expect(payTo).not.toBe(PAY_TO)

      expect(await verify(await sign(2, payTo))).toMatchObject({ isValid: true, to: PAY_TO })
    })

    // The account's address as the wallet hands it out (eth_requestAccounts, passed as the client's
    // account): viem refuses typed data whose `from` is mixed case but not EIP-55, as is an address
    // in capitals or one checksummed for Rootstock (EIP-1191, chain 30), which wallets there write.
    test.each([
      ['in capitals', `0x${account.address.slice(2).toUpperCase()}`],
      ["checksummed for Rootstock's chain (EIP-1191)", getAddress(account.address, 30)],
    ])('pays from a JSON-RPC account whose wallet writes its address %s: from is the checksummed payer, and the facilitator accepts it', async (_name, written) => {
      expect(written).not.toBe(account.address)
      const { wallet: injected, asked } = injectedWallet(84532)
      const wallet = createWalletClient({ account: written as `0x${string}`, transport: custom(injected) })
      const required = required402(2, 'eip155:84532')
      const signer = createEvmSigner(wallet)
      const { value } = await createPaymentHeader(required.accepts[0]!, signer, required)
      const { payload } = decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }

      expect(payload.authorization.from).toBe(account.address)
      expect(signer.address).toBe(account.address)
      expect(asked).toEqual(['eth_chainId', 'eth_signTypedData_v4'])
      expect(await signedBy(payload, usdc, account.address)).toBe(true)
      expect(await verify({ x402Version: 2, payload, accepted: required.accepts[0]!.raw })).toMatchObject({ isValid: true })
    })

    // viem's toAccount refuses such an address; an account object of an app's own need not go through it.
    test("pays from a local account of an app's own whose address is written in capitals: from is the checksummed payer", async () => {
      const own = { ...account, address: `0x${account.address.slice(2).toUpperCase()}` as `0x${string}` }
      const required = required402(2, 'eip155:84532')
      const { value } = await createPaymentHeader(required.accepts[0]!, createEvmSigner(own), required)
      const { payload } = decodeBase64Json(value, 'test') as { payload: ExactEvmPayload }

      expect(payload.authorization.from).toBe(account.address)
      expect(await verify({ x402Version: 2, payload, accepted: required.accepts[0]!.raw })).toMatchObject({ isValid: true })
    })

    test('pays a token whose address is written in capitals', async () => {
      expect(await verify(await sign(2, PAY_TO, `0x${USDC_BASE_SEPOLIA.slice(2).toUpperCase()}`))).toMatchObject({ isValid: true })
    })
  })
})
