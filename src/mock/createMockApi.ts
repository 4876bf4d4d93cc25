import type { HttpHandler } from 'msw'
import { checkFeeTable } from './checkFeeTable.js'
import { MOCK_API_KEY } from './constants.js'
import type { MockContext } from './context.js'
import { checkErrorBody, type MockErrorBody } from './errorBody.js'
import { checkFault, MOCK_ROUTES, type MockFault, type MockRoute } from './faults.js'
import { attentionHandlers } from './handlers/attention.js'
import { bridgeHandlers } from './handlers/bridge.js'
import { feeHandlers } from './handlers/fees.js'
import { linkHandlers } from './handlers/links.js'
import { paymentHandlers } from './handlers/payments.js'
import { applyScenario, type MockScenario } from './scenarios.js'
import { defaultSeed, type MockSeed } from './seed.js'
import { createState, type MockLedgerEntry, type MockState } from './state.js'
import { checkX402Version, type MockX402Version } from './x402/versions.js'

/** Options of `createMockApi`. */
export interface MockApiOptions {
  /** Accepted `X-API-Key` values, or `false` for no key check (a browser talking to the keyless proxy). Defaults to `['pk_test_paylink']`. */
  apiKeys?: readonly string[] | false | undefined
  /** Initial data; each part given replaces that part of the built-in seed. Defaults to `defaultSeed()`. */
  seed?: Partial<MockSeed> | undefined
  /** How long an accepted payment stays `verified` before it reads as `settled`, in ms. Defaults to `2000`. */
  settleDelayMs?: number | undefined
  /** How long each step of a transfer takes (pending → source_confirmed → in_transit → completed), in ms; `Infinity` keeps each transfer as seeded. Defaults to `5000`. */
  transferStepMs?: number | undefined
  /** How long an attention token lives, in ms; `expiresAt` is at most 9999-12-31T23:59:59.999Z (`Infinity`: a token that never expires). Defaults to `600000` (10 minutes). */
  attentionTtlMs?: number | undefined
  /** The mock's clock, read on every request; tests pass their own or use fake timers. Defaults to `Date.now`. */
  now?: (() => number) | undefined
  /** Delay before every answer, in ms. Defaults to `0`. */
  latencyMs?: number | undefined
  /**
   * The shape of every error body the mock answers with, its routes' own (401, 404, 409, 422) and its
   * faults': one of `MOCK_ERROR_BODIES`, to see a client through a server that does not speak the
   * contract's `{"error":{code,message}}`. A fault's own `errorBody` wins. Defaults to `'contract'`.
   */
  errorBody?: MockErrorBody | undefined
  /**
   * The x402 version(s) of the 402 gate: `'both'` as the contract has it (v1 in the body, v2 in
   * `PAYMENT-REQUIRED`; `PAYMENT-RESPONSE` on every payment), `1` as a v1-only server (the body only;
   * takes `X-PAYMENT`, answers `X-PAYMENT-RESPONSE` only) or `2` as a v2-only server (`PAYMENT-REQUIRED`
   * with a `{}` body; takes `PAYMENT-SIGNATURE`). A payment in a version the gate does not speak is
   * refused with 402 `invalid_x402_version`, nothing charged. Defaults to `'both'`.
   */
  x402Version?: MockX402Version | undefined
  /** Scenarios on from the start (and again after `reset()`). Defaults to none. */
  scenarios?: readonly MockScenario[] | undefined
}

/** A stateful stand-in for the PayLink API: MSW handlers plus the controls tests and stories need. */
export interface MockApi {
  /** The MSW handlers: `setupServer(...handlers)`, `setupWorker(...handlers)`, or `msw.use(...handlers)` in a story. */
  readonly handlers: HttpHandler[]
  /** What the mock holds now (links, payments, transfers, spent nonces, idempotent answers). */
  readonly state: MockState
  /** One entry per payment actually taken. */
  readonly ledger: readonly MockLedgerEntry[]
  /** Makes a route (or every route, `'*'`) misbehave until `clearFaults()` or until its `times` run out (`0`: none, and the route's fault is gone); its answer wins over a scenario's, its `latencyMs` adds to it. Throws a `PayLinkConfigError` for an unknown `errorBody` or a `times` that is not a whole number. */
  inject(route: MockRoute | '*', fault: MockFault): void
  /** Removes the injected faults of one route, or of all routes; the scenarios on stay on until `reset()`. */
  clearFaults(route?: MockRoute): void
  /** Turns a named scenario on (see `MOCK_SCENARIOS`). */
  useScenario(name: MockScenario): void
  /** Back to the seed: state, ledger, faults and scenarios (those of the options are turned on again). A request still waiting out its latency is dropped unanswered (a network error), as `startMockServer`'s `close()` drops it, and so is one still coming in: its body unread, or (one `startMockServer` received) msw still matching it. */
  reset(): void
}

/**
 * Creates a mock of the whole API, stateful and driven by its own clock. Throws a
 * `PayLinkConfigError` for an option it cannot run with: an unknown `errorBody` or `x402Version`,
 * or a seed fee table no estimate can be computed from (see `MockFeeTable`).
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  checkErrorBody(options.errorBody)
  checkX402Version(options.x402Version)
  const now = options.now ?? (() => Date.now())
  const seed: MockSeed = { ...defaultSeed(), ...options.seed }
  checkFeeTable(seed.fees)
  const transferStepMs = options.transferStepMs ?? 5_000
  const settleDelayMs = options.settleDelayMs ?? 2_000
  const ctx: MockContext = {
    apiKeys: options.apiKeys ?? [MOCK_API_KEY],
    now,
    latencyMs: options.latencyMs ?? 0,
    settleDelayMs,
    transferStepMs,
    attentionTtlMs: options.attentionTtlMs ?? 600_000,
    errorBody: options.errorBody ?? 'contract',
    x402Version: options.x402Version ?? 'both',
    seed,
    state: createState(seed, now(), transferStepMs, settleDelayMs),
    faults: new Map(),
    scenarios: new Map(),
    transferEnds: [],
    waiting: new Set(),
  }
  for (const name of options.scenarios ?? []) applyScenario(ctx, name)
  const reset = () => {
    ctx.state = createState(seed, now(), transferStepMs, settleDelayMs)
    for (const end of ctx.waiting) end()
    ctx.faults.clear()
    ctx.scenarios.clear()
    ctx.transferEnds.length = 0
    for (const name of options.scenarios ?? []) applyScenario(ctx, name)
  }
  return {
    handlers: [...linkHandlers(ctx), ...paymentHandlers(ctx), ...attentionHandlers(ctx), ...bridgeHandlers(ctx), ...feeHandlers(ctx)],
    get state() {
      return ctx.state
    },
    get ledger() {
      return ctx.state.ledger
    },
    inject(route, fault) {
      checkErrorBody(fault.errorBody)
      checkFault(fault)
      for (const r of route === '*' ? MOCK_ROUTES : [route]) {
        if (fault.times === 0) ctx.faults.delete(r)
        else ctx.faults.set(r, { ...fault })
      }
    },
    clearFaults(route) {
      if (route === undefined) ctx.faults.clear()
      else ctx.faults.delete(route)
    },
    useScenario: (name) => applyScenario(ctx, name),
    reset,
  }
}
