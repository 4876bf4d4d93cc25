import { x402Client, x402HTTPClient } from '@x402/core/client'
import { registerExactEvmScheme } from '@x402/evm/exact/client'
import { EVM_NETWORK_CHAIN_ID_MAP } from '@x402/evm/v1'
import fc from 'fast-check'
import { getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { PayLinkPaymentError, PayLinkX402Error } from '../../src/client/errors.js'
import { createEvmSigner } from '../../src/evm/createEvmSigner.js'
import { decodeBase64Json, encodeBase64Json } from '../../src/x402/base64.js'
import { createPaymentHeader } from '../../src/x402/createPaymentHeader.js'
import { decodePaymentRequired } from '../../src/x402/paymentRequired.js'
import { selectPaymentRequirement } from '../../src/x402/selectPaymentRequirement.js'
import { type ExactEvmPayload, PAY_TO, signedBy, USDC_BASE_SEPOLIA as USDC } from './helpers.js'

// The package's reading of a 402 against x402's reference client (@x402/core's x402HTTPClient with
// @x402/evm's exact scheme registered, spend controls off), over 402s as servers send them (v1 bodies,
// v2 headers, one to four offers, odd but valid values) and mutated ones. Where the package signs,
// it signs an offer the server sent, for its amount, payee, token, chain and window, and the
// reference, given that offer, signs the same authorization. Where it refuses, it throws one of its
// typed errors. Where the two differ, it is for one of the reasons the README and the source give:
// - the package reads headers the reference's decoder refuses (URL-safe base64, white space), and
//   a v2 body when the header cannot be read or holds a v1 message (the reference reads that one);
//   it refuses a header that is not UTF-8 (Latin-1 bytes), which the reference reads with U+FFFD;
// - it passes over an offer its signer cannot sign and pays the next, where the reference fails;
// - it rounds a fractional maxTimeoutSeconds up, where the reference cannot sign it;
// - its signer pays a v1 network name in a v2 402 and `eip155:N` in a v1 one (the reference
//   registers each form for one version only);
// - it refuses, where the reference signs: maxTimeoutSeconds of 6 s or less (or not a number), or
//   of 7 s when signing crosses into the next second (both date the authorization from the start of
//   the second it was asked in: it then has under 6 s left, and no second to reach a facilitator), a
//   transfer method other than EIP-3009, a chain id 0 or with leading zeros, a field of another type
//   than x402's, and a v2 402 whose `resource` is not an object (an `error` that is not text is
//   dropped, as the reference ignores it).
// No network: the wallet is a local viem account for both clients.

const account = privateKeyToAccount(generatePrivateKey())
const ASSETS = [USDC, USDC.toLowerCase(), `0x${USDC.slice(2).toUpperCase()}`, '0x1111111111111111111111111111111111111111']
const BAD_ASSETS = ['0x1234', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', `0X${USDC.slice(2)}`, `${USDC}00`]
const PAY_TOS = [PAY_TO, PAY_TO.toLowerCase(), `0x${PAY_TO.slice(2).toUpperCase()}`, `${PAY_TO.slice(0, -1)}c`]
const ODD_PAY_TOS = ['not an address', `${PAY_TO} `, `0X${PAY_TO.slice(2)}`, '0x0000000000000000000000000000000000000000']
const V2_NETWORKS = ['eip155:84532', 'eip155:8453', 'eip155:1', 'eip155:2147483647']
const ODD_V2_NETWORKS = ['eip155:9007199254740993', 'eip155:0', 'eip155:084532', 'base-sepolia', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'EIP155:84532']
const V1_NETWORKS = ['base-sepolia', 'base', 'sei', 'celo']
const ODD_V1_NETWORKS = ['solana', 'nowhere', 'eip155:84532', 'constructor', 'Base', 'skale-base-sepolia']
// A cap on every asset above that no uint256 can pay: the reference's spend controls are off.
const CAP = Object.fromEntries([...ASSETS, ...BAD_ASSETS].map((asset) => [asset, 2n ** 256n - 1n]))

/** One of `common` most of the time, else one of `rare`. */
const often = <T>(common: T[], rare: T[]) => fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...common) }, { weight: 1, arbitrary: fc.constantFrom(...rare) })

const offerArb = fc.record({
  scheme: often(['exact'], ['upto', 'Exact']),
  network: fc.nat(),
  amount: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('0', '1', '1000', '100000', '000100') },
    { weight: 1, arbitrary: fc.constantFrom(`1${'0'.repeat(80)}`, String(2n ** 256n - 1n), String(2n ** 256n), `00${2n ** 256n - 1n}`) },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String) },
  ),
  asset: often(ASSETS, BAD_ASSETS),
  payTo: often(PAY_TOS, ODD_PAY_TOS),
  maxTimeoutSeconds: often([60, 300], [1.5, 6, 6.000001, 6.5, 7, 0, -5, 1e-300, 86400.25, 2 ** 53 - 2 ** 32, 2 ** 53]),
  extra: fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(undefined, null) },
    {
      weight: 8,
      arbitrary: fc.record({
        name: often(['USDC', 'USD Coin'], ['', 5, null, undefined]),
        version: often(['2', '1'], ['', undefined]),
        assetTransferMethod: often([undefined], [null, 'eip3009', 'permit2', 'something-new']),
        paymentFlow: often([undefined], ['authorization', 'upfront', 'escrow', 'later']),
        // An own `__proto__` field (JSON.parse makes one), which must not become the name and version.
        proto: often([false], [true]),
      }),
    },
  ),
  // A field x402 does not define; on v2 the v1 amount field, and the reverse, with another amount.
  more: fc.constantFrom({}, {}, { outputSchema: null }, { other: '1' }),
  mutation: fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.record({ field: fc.constantFrom('scheme', 'network', 'amount', 'asset', 'payTo', 'maxTimeoutSeconds', 'extra'), to: fc.constantFrom('missing', 'null', 'number', 'string', 'array') }) },
  ),
})
type Offer = typeof offerArb extends fc.Arbitrary<infer T> ? T : never

const runArb = fc.record({
  version: fc.constantFrom(1, 2) as fc.Arbitrary<1 | 2>,
  offers: fc.array(offerArb, { minLength: 1, maxLength: 4 }),
  duplicate: fc.boolean(),
  x402Version: often<string | number>(['right'], ['missing', 'string', 3]),
  accepts: often(['list'], ['empty', 'object', 'null']),
  error: often<unknown>([undefined, 'Payment required'], [null, {}, 5]),
  resource: often(['object', undefined], [null, 'string']),
  encoding: often(['standard'], ['unpadded', 'url-safe', 'whitespace', 'not JSON', 'not base64', 'latin-1', 'v1 in header']),
  body: fc.constantFrom('none', 'empty', 'same', 'v1'),
})
type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never
type Json = Record<string, unknown>

function offerJson(version: 1 | 2, o: Offer): Json {
  const networks = version === 1 ? [...V1_NETWORKS, ...ODD_V1_NETWORKS] : [...V2_NETWORKS, ...ODD_V2_NETWORKS]
  const [amountField, otherField] = version === 1 ? ['maxAmountRequired', 'amount'] : ['amount', 'maxAmountRequired']
  const { proto, ...extra } = o.extra ?? {}
  const offer: Json = {
    scheme: o.scheme,
    // Five times in six one of the four common networks, else any.
    network: networks[o.network % (o.network % 6 ? 4 : networks.length)],
    [amountField]: o.amount,
    ...(version === 1 && { resource: 'https://seller.test/r', description: 'r', mimeType: 'application/json' }),
    asset: o.asset,
    payTo: o.payTo,
    maxTimeoutSeconds: o.maxTimeoutSeconds,
    ...(o.extra !== undefined && {
      extra: o.extra && Object.assign(proto ? JSON.parse('{"__proto__":{"name":"USDC","version":"2"}}') : {}, JSON.parse(JSON.stringify(extra))),
    }),
    ...('other' in o.more ? { [otherField]: o.more.other } : o.more),
  }
  if (o.mutation) {
    const key = o.mutation.field === 'amount' ? amountField : o.mutation.field
    const value = { missing: undefined, null: null, number: 1000, string: '300', array: [offer[key]] }[o.mutation.to]
    if (value === undefined) delete offer[key]
    else offer[key] = value
  }
  return offer
}

/** The 402's message: a v1 body or a v2 header's JSON. */
function messageOf(run: Run, version = run.version): Json {
  const accepts = run.offers.map((o) => offerJson(version, o))
  if (run.duplicate) accepts.push(accepts[0]!)
  const x402Version = { right: version, missing: undefined, string: String(version), 3: 3 }[run.x402Version]
  return {
    ...(x402Version !== undefined && { x402Version }),
    ...(run.error !== undefined && { error: run.error }),
    ...(version === 2 && run.resource !== undefined && {
      resource: run.resource === 'object' ? { url: 'https://seller.test/r?q=é', description: 'Weather »', mimeType: 'application/json' } : run.resource && 'https://seller.test/r',
    }),
    accepts: { list: accepts, empty: [], object: { 0: accepts[0] }, null: null }[run.accepts],
  }
}

function encode(message: Json, encoding: string): string {
  const standard = encodeBase64Json(message)
  if (encoding === 'unpadded') return standard.replace(/=+$/, '')
  if (encoding === 'url-safe') return standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  if (encoding === 'whitespace') return standard.replace(/(.{40})/g, '$1 ').trim()
  if (encoding === 'not JSON') return btoa('{"x402Version":2,')
  if (encoding === 'not base64') return '%%% not base64'
  // Latin-1 bytes, not UTF-8: a server that encoded the string's code units.
  if (encoding === 'latin-1') return btoa(JSON.stringify(message))
  return standard
}

/** The 402 as the server sends it, and the message it means (a v2 one as a standard header would carry it). */
function answerOf(run: Run) {
  const message = messageOf(run)
  if (run.version === 1) return { headers: new Headers(), body: message, message }
  const header = run.encoding === 'v1 in header' ? encode(messageOf(run, 1), 'standard') : encode(message, run.encoding)
  const body = { none: undefined, empty: {}, same: message, v1: messageOf(run, 1) }[run.body]
  return { headers: new Headers({ 'PAYMENT-REQUIRED': header }), body, message }
}

/** The reference client as `wrapFetchWithPayment` runs it, the spend controls off (the package's cap is on every asset). */
function referenceClient(selector?: ConstructorParameters<typeof x402Client>[0]) {
  const client = new x402Client(selector)
  registerExactEvmScheme(client, { signer: account })
  return client.setSpendControls(false)
}
const reference = referenceClient()
// Its default pick (the first it would pay), taken before it signs.
let picked: unknown
const picker = referenceClient((_version, accepts) => {
  picked = accepts[0]
  throw new Error('picked')
})
const referenceHttp = new x402HTTPClient(reference)

interface ReferenceView {
  /** The x402 version of the message it read. */
  version?: unknown
  /** The offers it read, or undefined when it could not read the 402. */
  accepts?: Json[]
  /** The index of the offer its own selection picks, or -1. */
  first: number
  /** What it signs for each offer given alone: the payment, or undefined where it throws. */
  signed: (Json | undefined)[]
}

async function referenceView(headers: Headers, body: unknown): Promise<ReferenceView> {
  let required: { x402Version: 1 | 2; accepts: Json[] }
  try {
    required = referenceHttp.getPaymentRequiredResponse((name) => headers.get(name), body) as never
  } catch {
    return { first: -1, signed: [] }
  }
  if (!Array.isArray(required.accepts)) return { first: -1, signed: [] }
  picked = undefined
  await picker.createPaymentPayload(required as never).catch(Boolean)
  const first = required.accepts.indexOf(picked as Json)
  const signed = await Promise.all(
    required.accepts.map((offer) => reference.createPaymentPayload({ ...required, accepts: [offer] } as never).then((p) => p as unknown as Json, () => undefined)),
  )
  return { version: required.x402Version, accepts: required.accepts, first, signed }
}

const signer = createEvmSigner(account)

async function ours(headers: Headers, body: unknown) {
  try {
    const required = decodePaymentRequired({ headers, body })
    const chosen = selectPaymentRequirement(required, { signer, maxAmount: CAP })
    const { value } = await createPaymentHeader(chosen, signer, required)
    return { chosen: chosen.raw as Json, sent: decodeBase64Json(value, 'payment') as Json & { payload: ExactEvmPayload } }
  } catch (error) {
    return { error }
  }
}

const chainIdOf = (network: string) => (network.startsWith('eip155:') ? Number(network.slice(7)) : EVM_NETWORK_CHAIN_ID_MAP[network as keyof typeof EVM_NETWORK_CHAIN_ID_MAP])

/**
 * The reference's readings of this 402 that the package reads too: the 402 as sent, and the same
 * message as a standard v2 header (for a header the package reads and the reference does not, and
 * for a v2 body, which the package reads when the header cannot be).
 */
function comparable(run: Run, sent: ReferenceView, meant: ReferenceView): ReferenceView[] {
  if (run.version === 1) return [sent]
  const bodyRead = run.body === 'same'
  // A v1 message in the header is no v2 header: the package reads the body.
  if (run.encoding === 'v1 in header') return run.body === 'v1' ? [sent] : bodyRead ? [meant] : []
  // Latin-1 bytes of a non-ASCII text are no UTF-8, which the package refuses (the reference reads U+FFFD).
  const headerRead = !['not JSON', 'not base64'].includes(run.encoding) && !(run.encoding === 'latin-1' && run.resource === 'object')
  return headerRead ? [sent, meant] : bodyRead ? [meant] : []
}

/** Why the package refuses an offer the reference signs, when it is one of the README's reasons. */
function refusedByDesign(offer: Json, version: unknown): boolean {
  const { maxTimeoutSeconds: seconds, extra, network } = offer
  const amount = offer[version === 1 ? 'maxAmountRequired' : 'amount']
  const { name, version: tokenVersion, assetTransferMethod: method } = (extra ?? {}) as Json
  const text = (value: unknown) => typeof value === 'string' && value !== ''
  const wellTyped =
    ['scheme', 'network', 'asset', 'payTo'].every((field) => text(offer[field])) &&
    typeof amount === 'string' &&
    /^\d+$/.test(amount) &&
    (extra == null || (typeof extra === 'object' && !Array.isArray(extra)))
  return (
    !wellTyped ||
    !(typeof seconds === 'number' && seconds > 7 && seconds < 2 ** 53) ||
    (method != null && method !== 'eip3009') ||
    !text(name) ||
    !text(tokenVersion) ||
    /^eip155:0/.test(String(network))
  )
}

describe('the package against x402’s reference client, on the same 402s', () => {
  test('both pay the same authorization, or differ only where the README says the package does', async () => {
    await fc.assert(
      fc.asyncProperty(runArb, async (run) => {
        const { headers, body, message } = answerOf(run)
        const before = Math.floor(Date.now() / 1000)
        const mine = await ours(headers, body)
        const sent = await referenceView(headers, body)
        // What the reference does with the same 402 as a standard v2 header: for the package's own readings of other forms.
        const meant = run.version === 2 && message.x402Version === 2 ? await referenceView(new Headers({ 'PAYMENT-REQUIRED': encodeBase64Json(message) }), undefined) : sent
        const after = Math.floor(Date.now() / 1000)

        const views = comparable(run, sent, meant)

        if ('error' in mine) {
          // Refused: with a typed error, and only where the reference signs nothing the package must pay.
          expect(mine.error).toSatisfy((e) => e instanceof PayLinkX402Error || e instanceof PayLinkPaymentError)
          const refusedWhole = run.version === 2 && run.resource === 'string'
          for (const view of refusedWhole ? [] : views) {
            view.signed.forEach((payment, i) => {
              if (payment) expect(refusedByDesign(view.accepts![i]!, view.version), `the reference pays ${JSON.stringify(view.accepts![i])}`).toBe(true)
            })
          }
          return
        }

        // Paid: an offer the server sent, within its terms, in the version of the message read.
        const { chosen, sent: payment } = mine
        const version = payment.x402Version as 1 | 2
        expect((version === run.version ? message : messageOf(run, 1)).accepts).toContainEqual(chosen)
        const seconds = Math.ceil(chosen.maxTimeoutSeconds as number)
        const { authorization } = payment.payload
        expect(authorization).toMatchObject({ from: account.address, to: getAddress(chosen.payTo as string), value: chosen[version === 1 ? 'maxAmountRequired' : 'amount'] })
        expect(Number(authorization.validBefore)).toBeGreaterThanOrEqual(before + seconds)
        expect(Number(authorization.validBefore)).toBeLessThanOrEqual(after + seconds)
        const { name, version: tokenVersion } = chosen.extra as { name: string; version: string }
        const domain = { chainId: chainIdOf(chosen.network as string)!, asset: getAddress(chosen.asset as string), name, version: tokenVersion }
        expect(await signedBy(payment.payload, domain, account.address)).toBe(true)
        if (version === 1) expect(payment).toMatchObject({ scheme: chosen.scheme, network: chosen.network })
        else expect(payment.accepted).toEqual(chosen)

        // The reference, given the same offer, signs the same authorization, unless the README says why not.
        const same = (offer: Json) => JSON.stringify(offer) === JSON.stringify(chosen)
        const view = views.find((v) => v.accepts?.some(same))
        expect(view, 'the reference reads no such offer').toBeDefined()
        const index = view!.accepts!.findIndex(same)
        const theirs = view!.signed[index] as (Json & { payload: ExactEvmPayload }) | undefined
        if (!theirs) {
          const nameOfOtherVersion = version === 2 ? !String(chosen.network).includes(':') : String(chosen.network).startsWith('eip155:')
          expect(!Number.isInteger(chosen.maxTimeoutSeconds) || nameOfOtherVersion, 'the reference refuses the offer paid').toBe(true)
          return
        }
        const other = theirs.payload.authorization
        expect(other, 'the reference signs no EIP-3009 authorization for it (Permit2?)').toBeDefined()
        expect({ to: other.to, value: other.value }).toEqual({ to: authorization.to, value: authorization.value })
        expect(Number(other.validBefore) - seconds).toBeGreaterThanOrEqual(before)
        expect(Number(other.validBefore) - seconds).toBeLessThanOrEqual(after)
        if (version === 1) expect({ scheme: theirs.scheme, network: theirs.network }).toEqual({ scheme: payment.scheme, network: payment.network })
        else expect(theirs.accepted).toEqual(payment.accepted)
        // Another offer than the reference's pick only when the package refuses that one by design.
        if (index !== view!.first && view!.signed[view!.first]) expect(refusedByDesign(view!.accepts![view!.first]!, view!.version)).toBe(true)
      }),
      { numRuns: 300 },
    )
  }, 120_000)
})
