import { MOCK_LINKS, MOCK_PAYMENTS, MOCK_TRANSFERS, MOCK_UNKNOWN_STATUS, type MockFault, type MockRoute, type MockScenario } from '../../src/mock.js'

// What the contract (/work/shared/CONTRACT.md) says the service does, written apart from src/mock,
// for mockContract.property.test.ts to hold the mock to.

/** The error code the contract assumes for each status (5xx: any code). */
export const CONTRACT_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'invalid_request',
  429: 'rate_limited',
}

/** Each lifecycle as ranks: a status only moves to a higher rank, and the last rank is terminal. `processing` is a status a newer API might add between. */
export const PAYMENT_RANK: Record<string, number> = { pending: 0, verified: 1, [MOCK_UNKNOWN_STATUS]: 2, settled: 3, failed: 3, expired: 3 }
export const TRANSFER_RANK: Record<string, number> = {
  pending: 0,
  source_confirmed: 1,
  in_transit: 2,
  [MOCK_UNKNOWN_STATUS]: 3,
  completed: 4,
  failed: 4,
  refunded: 4,
}

/** What an answer should be, when it is not the endpoint's own: an injected fault's or a scenario's. */
export type FaultAnswer = { kind: 'http'; status: number; retryAfter?: number; html?: boolean } | { kind: 'network' } | { kind: 'malformed' }

export function faultAnswer(fault: MockFault): FaultAnswer | undefined {
  if (fault.dropConnection) return { kind: 'network' }
  if (fault.html502) return { kind: 'http', status: 502, html: true }
  if (fault.malformedJson) return { kind: 'malformed' }
  if (fault.retryAfter !== undefined) return { kind: 'http', status: fault.status ?? 429, retryAfter: Number(fault.retryAfter) }
  if (fault.status !== undefined) return { kind: 'http', status: fault.status }
  return undefined
}

const SCENARIO_FAULTS: Partial<Record<MockScenario, MockFault>> = {
  'rate-limited': { retryAfter: 3 },
  'gateway-html-502': { html502: true },
  offline: { dropConnection: true },
}

/** A payment header sent to the gate, with what the model knows of it. */
export interface SentPayment {
  header: string
  code: string
  /** The reason the gate must refuse it for whatever the clock says, if it was signed wrong. */
  wrong: string | undefined
  nonce: string
  validBefore: number
  key: string | undefined
}

/** A link as the gate must treat it: `atomic` is its price in USDC's units, when it can be paid. */
interface ModelLink {
  atomic: string | undefined
}

/** A status seen, to hold the next one to. */
interface Seen {
  status: string
  updatedAt: number
}

/** The service as the contract describes it, tracking what a sequence of calls has done. */
export class ContractModel {
  links = new Map<string, ModelLink>()
  scenarios: MockScenario[] = []
  faults = new Map<MockRoute, MockFault>()
  spent = new Set<string>()
  /** Per `Idempotency-Key`: the payment header it was first used with, and the answer to repeat (once seen). */
  keys = new Map<string, { header: string; answer: unknown }>()
  charges = 0
  sent: SentPayment[] = []
  paymentIds: string[] = []
  payments = new Map<string, Seen>()
  transfers = new Map<string, Seen>()
  lastKey: string | undefined

  constructor(private readonly initialScenarios: readonly MockScenario[]) {
    this.reset()
  }

  reset(): void {
    this.links = new Map([
      [MOCK_LINKS.demo, { atomic: '1500000' }],
      [MOCK_LINKS.engagement, { atomic: '250000' }],
      [MOCK_LINKS.unpriced, { atomic: undefined }],
      [MOCK_LINKS.disabled, { atomic: undefined }],
    ])
    this.scenarios = []
    for (const name of this.initialScenarios) this.useScenario(name)
    this.faults.clear()
    this.spent.clear()
    this.keys.clear()
    this.charges = 0
    this.sent = []
    this.paymentIds = Object.values(MOCK_PAYMENTS)
    this.payments.clear()
    this.transfers.clear()
    this.lastKey = undefined
  }

  /** Turned on again, a scenario is the latest turned on. */
  useScenario(name: MockScenario): void {
    this.scenarios = [...this.scenarios.filter((s) => s !== name), name]
  }

  has(name: MockScenario): boolean {
    return this.scenarios.includes(name)
  }

  /** The link the service finds for `code`, as every lookup sees it. */
  link(code: string): ModelLink | undefined {
    return this.has('link-not-found') ? undefined : this.links.get(code)
  }

  /** A request reaches `route`: the answer of the fault that takes it (counting its `times` down), else of the latest scenario that answers every route. */
  request(route: MockRoute): FaultAnswer | undefined {
    const fault = this.faults.get(route)
    if (fault) {
      if (fault.times !== undefined) {
        if (fault.times <= 1) this.faults.delete(route)
        else this.faults.set(route, { ...fault, times: fault.times - 1 })
      }
      const answer = faultAnswer(fault)
      if (answer) return answer
    }
    const scenario = [...this.scenarios].reverse().find((name) => SCENARIO_FAULTS[name])
    return scenario && faultAnswer(SCENARIO_FAULTS[scenario]!)
  }

  inject(routes: readonly MockRoute[], fault: MockFault): void {
    for (const route of routes) {
      if (fault.times === 0) this.faults.delete(route)
      else this.faults.set(route, { ...fault })
    }
  }

  /** Holds a status read now to the one read before: forward only along `rank`, never off a terminal one, `updatedAt` never back. */
  see(kind: 'payment' | 'transfer', id: string, status: string, updatedAt: string): string | undefined {
    const [rank, seen] = kind === 'payment' ? [PAYMENT_RANK, this.payments] : [TRANSFER_RANK, this.transfers]
    const terminal = Math.max(...Object.values(rank))
    if (rank[status] === undefined) return `${kind} ${id} reads ${status}, no status of the contract's lifecycle`
    const before = seen.get(id)
    const at = Date.parse(updatedAt)
    seen.set(id, { status, updatedAt: at })
    if (!before) return undefined
    if (rank[before.status]! === terminal && status !== before.status) return `${kind} ${id} moved from terminal ${before.status} to ${status}`
    if (rank[status]! < rank[before.status]!) return `${kind} ${id} moved back from ${before.status} to ${status}`
    if (at < before.updatedAt) return `${kind} ${id}'s updatedAt moved back`
    return undefined
  }
}

export const ALL_TRANSFERS: readonly string[] = [...Object.values(MOCK_TRANSFERS), 'tr_nope']
