import { EVM_NETWORK_CHAIN_ID_MAP } from '@x402/evm/v1'
import { SOLANA_DEVNET, SOLANA_MAINNET } from '@x402/extensions/sign-in-with-x'
import { PayLinkConfigError, PayLinkPaymentError } from '../../src/client/errors.js'
import { DEFAULT_MAX_AMOUNT } from '../../src/x402/maxAmount.js'
import type { PaymentRequirement } from '../../src/x402/paymentRequired.js'
import { selectPaymentRequirement } from '../../src/x402/selectPaymentRequirement.js'
import { signerSupports } from '../../src/x402/signerSupports.js'
import { fakeSigner, paymentRequired, requirement, USDC_BASE_SEPOLIA } from './helpers.js'

function paymentError(run: () => unknown): PayLinkPaymentError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(PayLinkPaymentError)
    return error as PayLinkPaymentError
  }
  throw new Error('expected a PayLinkPaymentError, nothing was thrown')
}

describe('signerSupports', () => {
  test.each([
    [['eip155:*'], 'eip155:8453', true],
    [['eip155:*'], 'base-sepolia', true],
    [['eip155:*'], 'solana', false],
    [['base'], 'eip155:8453', true],
    [['eip155:80002'], 'polygon-amoy', true],
    [['avalanche-fuji'], 'avalanche-fuji', true],
    [['avalanche'], 'eip155:43113', false],
    [['solana:*'], 'solana-devnet', true],
    [['solana'], 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', true],
    [['solana-devnet'], 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', false],
    [['eip155:*'], 'iotex', false],
    [['iotex'], 'iotex', true],
    [['eip155:*'], 'constructor', false],
    [['eip155:*'], 'eip1550:1', false],
  ])('%j covers %s: %s', (networks, network, expected) => {
    expect(signerSupports({ networks }, network)).toBe(expected)
  })

  // The v1 names the package maps to CAIP-2 itself, with the chains x402's own packages give them.
  const known: [string, string][] = [
    ...(['base', 'base-sepolia', 'polygon', 'polygon-amoy', 'avalanche', 'avalanche-fuji'] as const).map(
      (name): [string, string] => [name, `eip155:${EVM_NETWORK_CHAIN_ID_MAP[name]}`],
    ),
    ['solana', SOLANA_MAINNET],
    ['solana-devnet', SOLANA_DEVNET],
  ]
  test.each(known)('a v1 %s offer is paid by a signer of %s and the reverse, and by none of the other chains', (name, caip2) => {
    for (const [otherName, otherCaip2] of known) {
      expect(signerSupports({ networks: [otherCaip2] }, name)).toBe(otherName === name)
      expect(signerSupports({ networks: [otherName] }, caip2)).toBe(otherName === name)
    }
  })
})

describe('selectPaymentRequirement', () => {
  const signer = fakeSigner()

  test('picks the first requirement the signer can pay within the cap', () => {
    const solana = requirement({ network: 'solana', asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' })
    const tooDear = requirement({ amount: '100001' })
    const upto = requirement({ scheme: 'upto' })
    const ok = requirement({ amount: '100000' })
    expect(selectPaymentRequirement(paymentRequired(solana, tooDear, upto, ok), { signer })).toBe(ok)
  })

  test('the default cap is $0.10 of USDC on each listed network, and nothing else', () => {
    expect(Object.values(DEFAULT_MAX_AMOUNT)).toHaveLength(8)
    expect(Object.values(DEFAULT_MAX_AMOUNT).every((cap) => cap === 100_000n)).toBe(true)
    const otherToken = requirement({ asset: '0x0000000000000000000000000000000000000bad', amount: '1' })
    expect(paymentError(() => selectPaymentRequirement(paymentRequired(otherToken), { signer })).reason).toBe(
      'exceeds_max_amount',
    )
  })

  test('asset ids of 0x addresses compare case-insensitively, and caps may be strings', () => {
    const r = requirement({ amount: '5' })
    expect(selectPaymentRequirement(paymentRequired(r), { signer, maxAmount: { [USDC_BASE_SEPOLIA.toLowerCase()]: '5' } })).toBe(r)
    expect(selectPaymentRequirement(paymentRequired(r), { signer, maxAmount: { [USDC_BASE_SEPOLIA.toUpperCase().replace('0X', '0x')]: 5n } })).toBe(r)
  })

  test('Solana mints compare case-sensitively', () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const r = requirement({ network: 'solana', asset: mint, amount: '1' })
    const solanaSigner = fakeSigner(['solana:*'])
    expect(selectPaymentRequirement(paymentRequired(r), { signer: solanaSigner })).toBe(r)
    expect(
      paymentError(() => selectPaymentRequirement(paymentRequired(r), { signer: solanaSigner, maxAmount: { [mint.toLowerCase()]: 10n } })).reason,
    ).toBe('exceeds_max_amount')
  })

  test('compares amounts beyond 2^53 exactly', () => {
    const r = requirement({ amount: '9007199254740993' })
    const cap = (n: bigint) => ({ signer, maxAmount: { [USDC_BASE_SEPOLIA]: n } })
    expect(paymentError(() => selectPaymentRequirement(paymentRequired(r), cap(9007199254740992n))).reason).toBe('exceeds_max_amount')
    expect(selectPaymentRequirement(paymentRequired(r), cap(9007199254740993n))).toBe(r)
  })

  test('nothing the signer can pay is no_payable_requirement, and it says what was offered', () => {
    const error = paymentError(() =>
      selectPaymentRequirement(paymentRequired(requirement({ network: 'solana-devnet' }), requirement({ scheme: 'upto' })), { signer }),
    )
    expect(error.reason).toBe('no_payable_requirement')
    expect(error.message).toContain('solana-devnet')
    expect(paymentError(() => selectPaymentRequirement(paymentRequired(), { signer })).reason).toBe('no_payable_requirement')
  })

  // The details are what a developer reads in the console to see why nothing was paid.
  test('no_payable_requirement and exceeds_max_amount say what was offered, what the wallet pays, and each limit', () => {
    const wallet = { ...fakeSigner(['eip155:8453', 'base']), schemes: ['exact', 'upto'] }
    const devnet = requirement({ network: 'solana-devnet' })
    const deferred = requirement({ scheme: 'deferred' })
    const none = paymentError(() => selectPaymentRequirement(paymentRequired(devnet, deferred), { signer: wallet }))
    expect(none.message).toBe(
      'The wallet can pay none of the ways the server accepts\n\nDetails: ' +
        `offered: 1000 of ${USDC_BASE_SEPOLIA} on solana-devnet (exact); 1000 of ${USDC_BASE_SEPOLIA} on eip155:84532 (deferred); ` +
        'the wallet pays exact, upto on eip155:8453, base',
    )
    expect(paymentError(() => selectPaymentRequirement(paymentRequired(), { signer })).message).toContain('offered: nothing; the wallet pays exact on eip155:*')

    const other = '0x0000000000000000000000000000000000000bad'
    const dear = paymentError(() => selectPaymentRequirement(paymentRequired(requirement({ amount: '100001' }), requirement({ asset: other, amount: '1' })), { signer }))
    expect(dear.message).toBe(
      'The price is above the spending limit (maxAmount)\n\nDetails: ' +
        `100001 of ${USDC_BASE_SEPOLIA} on eip155:84532 (exact); limit 100000; 1 of ${other} on eip155:84532 (exact); limit none`,
    )
  })

  test('a signer that lists other schemes is matched on them', () => {
    const r = requirement({ scheme: 'upto' })
    expect(selectPaymentRequirement(paymentRequired(r), { signer: { ...signer, schemes: ['upto'] } })).toBe(r)
  })

  test('a requirement the signer says it cannot sign is passed over for the next one it can pay', () => {
    const permit2 = requirement({ extra: { name: 'USDC', version: '2', assetTransferMethod: 'permit2' } })
    const eip3009 = requirement()
    const picky = { ...signer, supports: (r: PaymentRequirement) => r.extra.assetTransferMethod !== 'permit2' }
    expect(selectPaymentRequirement(paymentRequired(permit2, eip3009), { signer: picky })).toBe(eip3009)
    expect(paymentError(() => selectPaymentRequirement(paymentRequired(permit2), { signer: picky })).reason).toBe('no_payable_requirement')
  })

  describe("x402's paymentFlow: when the server takes the money", () => {
    const flow = (paymentFlow: string, amount = '1000') => requirement({ amount, extra: { name: 'USDC', version: '2', paymentFlow } })

    test('an offer that charges only after the request succeeded is paid before one that charges first, wherever it is listed', () => {
      const afterSuccess = requirement()
      const explicit = flow('authorization', '2000')
      const seen: unknown[] = []
      const chosen = selectPaymentRequirement(paymentRequired(flow('upfront'), flow('escrow'), afterSuccess, explicit), {
        signer,
        selectRequirement: (payable) => {
          seen.push(...payable)
          return payable[0]
        },
      })
      expect(chosen).toBe(afterSuccess)
      // The app chooses among those that charge after success.
      expect(seen).toEqual([afterSuccess, explicit])
    })

    test('a server that only charges first is paid that way', () => {
      const upfront = flow('upfront')
      expect(selectPaymentRequirement(paymentRequired(upfront), { signer })).toBe(upfront)
    })

    test('an offer that charges after success but is above the cap does not make a cheaper upfront one unpayable', () => {
      const upfront = flow('upfront')
      expect(selectPaymentRequirement(paymentRequired(upfront, requirement({ amount: '999999999' })), { signer })).toBe(upfront)
    })

    test('a flow x402 does not define is never paid', () => {
      const unknown = flow('deferred-settlement')
      const known = flow('upfront', '5000')
      expect(selectPaymentRequirement(paymentRequired(unknown, known), { signer })).toBe(known)
      const error = paymentError(() => selectPaymentRequirement(paymentRequired(unknown), { signer }))
      expect(error.reason).toBe('no_payable_requirement')
    })
  })
  test('selectRequirement chooses among the payable requirements only', () => {
    const a = requirement({ amount: '1' })
    const b = requirement({ amount: '2' })
    const dear = requirement({ amount: '999999999' })
    const seen: unknown[] = []
    const chosen = selectPaymentRequirement(paymentRequired(a, dear, b), {
      signer,
      selectRequirement: (payable) => {
        seen.push(...payable)
        return payable.at(-1)
      },
    })
    expect(chosen).toBe(b)
    expect(seen).toEqual([a, b])
    const refuse = () => selectPaymentRequirement(paymentRequired(a), { signer, selectRequirement: () => dear })
    expect(paymentError(refuse).reason).toBe('no_payable_requirement')
    expect(paymentError(refuse).message).toContain('selectRequirement chose none of the payable requirements')
    const none = () => selectPaymentRequirement(paymentRequired(a), { signer, selectRequirement: () => undefined })
    expect(paymentError(none).reason).toBe('no_payable_requirement')
  })

  test('a cap that is not a non-negative integer is a PayLinkConfigError', () => {
    for (const [bad, got] of [['0.05', '"0.05"'], ['-1', '"-1"'], ['', '""'], [-1n, '-1n']] as const) {
      const select = () => selectPaymentRequirement(paymentRequired(requirement()), { signer, maxAmount: { [USDC_BASE_SEPOLIA]: bad } })
      expect(select).toThrow(PayLinkConfigError)
      // Which cap, and what it was, as the app wrote it.
      expect(select).toThrow(`maxAmount["${USDC_BASE_SEPOLIA}"] must be a non-negative integer in atomic units`)
      expect(select).toThrow(`Details: got ${got}`)
    }
    // A bigint cap of 0 is a cap: nothing above it is paid, a free offer is.
    const free = requirement({ amount: '0' })
    expect(selectPaymentRequirement(paymentRequired(requirement(), free), { signer, maxAmount: { [USDC_BASE_SEPOLIA]: 0n } })).toBe(free)
  })
})
