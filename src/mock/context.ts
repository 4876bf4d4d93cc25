import type { MockErrorBody } from './errorBody.js'
import type { MockFault, MockRoute } from './faults.js'
import type { TransferCourse } from './progress.js'
import type { MockScenario } from './scenarios.js'
import type { MockSeed } from './seed.js'
import type { MockState } from './state.js'
import type { MockX402Version } from './x402/versions.js'

/** What the handlers of one mock share; `state`, `faults` and `scenarios` change, the rest is fixed at creation. */
export interface MockContext {
  readonly apiKeys: readonly string[] | false
  readonly now: () => number
  readonly latencyMs: number
  readonly settleDelayMs: number
  readonly transferStepMs: number
  readonly attentionTtlMs: number
  readonly errorBody: MockErrorBody
  readonly x402Version: MockX402Version
  readonly seed: MockSeed
  state: MockState
  readonly faults: Map<MockRoute, MockFault>
  /** The scenarios on, each with the time it was turned on. */
  readonly scenarios: Map<MockScenario, number>
  /** Each turning on of `transfer-fails` or `transfer-refunded`, in order, with the time: the end of a transfer is the latest before it. */
  readonly transferEnds: NonNullable<TransferCourse['ends']>[number][]
  /** Ends the wait of each request still waiting out its latency; `reset()` calls them. */
  readonly waiting: Set<() => void>
}

/** The next id with a prefix (`pay_3`); counters restart on `reset()`. */
export function nextId(ctx: MockContext, prefix: string): string {
  ctx.state.counter += 1
  return `${prefix}_${ctx.state.counter}`
}
