import { act, render } from '@testing-library/react'
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import { BridgeStatusBadge, defaultBridgeStatusBadgeLabels as L } from '../../src/components/BridgeStatusBadge.js'
import { PayLinkProvider } from '../../src/hooks/PayLinkProvider.js'
import { faultResponse, type MockFault } from '../../src/mock/faults.js'
import { transferKey } from '../../src/query/payLinkKeys.js'
import { assertSessions, type SessionServer } from './assertSessions.js'
import { testClient } from './harness.js'

// Transfer-status polling as a user sees it, over random sessions: a badge (or two) follows a
// transfer whose API answers from a random script (statuses, known or not, errors, Retry-After, a
// dropped connection) while the user waits, hides and shows the tab, goes offline, remounts the
// badge, opens a second one, or switches it to another transfer. Checked against the README: no
// request after a terminal status is held, while the tab is hidden or offline, nor before a
// Retry-After ends (bar the one poll at `maxDurationMs`); polls no closer than the back-off (N
// badges share one poll), nor later than the longest interval (30 s) or the Retry-After's end;
// each badge shows a text the README lists for its state, "stale" from the poll at the deadline,
// never "loading" over a failure, and never leaves a terminal status nor goes back.
//
// KNOWN, not fixed (the exemption below says where): a badge switched back to a transfer inside
// its Retry-After asks at once (TanStack's key change ignores refetchOnMount). FC_SEED and FC_PATH
// replay a run.

const IDS = ['tr_a', 'tr_b'] as const
type Id = (typeof IDS)[number]
const TERMINAL = ['completed', 'failed', 'refunded']
const UNKNOWN = ['bridging', 'awaiting_attestation']
const ORDER = ['pending', 'source_confirmed', 'in_transit', 'completed']
const [INITIAL_MS, MAX_INTERVAL_MS] = [2_000, 30_000]

type Answer = { status: string; etaS?: number | undefined; reason?: boolean } | { fault: MockFault }
const statusArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('pending', 'source_confirmed', 'in_transit', ...UNKNOWN) },
  { weight: 1, arbitrary: fc.constantFrom(...TERMINAL) },
)
const answerArb: fc.Arbitrary<Answer> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ status: statusArb, etaS: fc.option(fc.integer({ min: -120, max: 900 }), { nil: undefined }), reason: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ fault: fc.record({ status: fc.constantFrom(429, 503), retryAfter: fc.integer({ min: 1, max: 120 }) }) }) },
  { weight: 3, arbitrary: fc.constantFrom<Answer>({ fault: { status: 500 } }, { fault: { html502: true } }, { fault: { dropConnection: true } }) },
  { weight: 1, arbitrary: fc.constantFrom<Answer>({ fault: { status: 404 } }, { fault: { malformedJson: true } }) },
)
type Action = { wait: number } | { act: 'hide' | 'show' | 'blur' | 'focus' | 'offline' | 'online' | 'remount' | 'leave' | 'second' | 'switch' }
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ wait: fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 3_000, max: 90_000 })) }) },
  { weight: 4, arbitrary: fc.record({ act: fc.constantFrom('hide', 'show', 'blur', 'focus', 'offline', 'online', 'remount', 'leave', 'second', 'switch') }) },
)
const runArb = fc.record({
  scripts: fc.tuple(fc.array(answerArb, { maxLength: 12 }), fc.array(answerArb, { maxLength: 12 })),
  actions: fc.array(actionArb, { minLength: 1, maxLength: 20 }),
  gcTime: fc.constantFrom(Infinity, 0),
  // 20 s: many runs reach a deadline still polling, not a few (18 looks at a deadline poll in 200 runs, against 3).
  maxDurationMs: fc.constantFrom(undefined, 20_000, 90_000, 240_000),
})
type Run = typeof runArb extends fc.Arbitrary<infer R> ? R : never

/** Per transfer: what the server sent, and what the oracle expects next. */
interface Followed {
  served: number
  lastStatus: Answer
  unknown: Set<string>
  lastRequestAt?: number
  retryAfterEnd: number
  /** KNOWN, not fixed: when a badge switched to this transfer inside its Retry-After, asking at once. */
  switchedAt?: number
  /** KNOWN (TanStack's): a fetch paused offline starts when the network is back, whatever the focus (and, on 5.48, with no badge left). */
  resumedAt?: number
  firstAnswerAt?: number | undefined
  stopped: boolean
  /** Counts the queries of the transfer that the cache dropped (an app's gcTime: 0): a new one remembers nothing. */
  generation: number
  /** When the conditions for polling (followed, visible, online, still moving) last began to hold. */
  since?: number | undefined
}

async function play(run: Run, server: SessionServer) {
  const maxDurationMs = run.maxDurationMs ?? 30 * 60_000
  const violations: string[] = []
  const fail = (message: string) => violations.push(`${new Date(Date.now()).toISOString()} ${message}`)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: run.gcTime } } })
  const world = { visible: true, online: true, userAskAt: -Infinity }
  const slots: ({ id: Id; key: number } | null)[] = [{ id: 'tr_a', key: 0 }, null]
  const followed = Object.fromEntries(IDS.map((id) => [id, { served: 0, lastStatus: { status: 'pending' }, unknown: new Set(), retryAfterEnd: -Infinity, stopped: false, generation: 0 } as Followed])) as Record<Id, Followed>
  const cached = (id: Id) => queryClient.getQueryState(transferKey(id))
  const terminalHeld = (id: Id) => TERMINAL.includes((cached(id)?.data as { status?: string } | undefined)?.status!)
  // The back-off after the query's answers so far; a timer takes whole milliseconds.
  const backOffOf = (id: Id) => {
    const state = cached(id)
    return Math.floor(Math.min(MAX_INTERVAL_MS, INITIAL_MS * 1.5 ** ((state ? state.dataUpdateCount + state.errorUpdateCount : 0) - 1)))
  }
  const rendered = (id: Id) => {
    const state = cached(id)
    return state?.fetchStatus === 'idle' && Math.max(state.dataUpdatedAt, state.errorUpdatedAt) < Date.now()
  }
  const deadline = (f: Followed) => (f.firstAnswerAt ?? Infinity) + maxDurationMs
  const polling = (id: Id) => {
    const f = followed[id]
    return slots.some((s) => s?.id === id) && world.visible && world.online && !f.stopped && !terminalHeld(id) && Date.now() < deadline(f)
  }
  // The latest a poll may come: 30 s after the last request or after polling could start again, or
  // the Retry-After's end, but the deadline at the latest.
  const checkLate = () => {
    for (const id of IDS) {
      const f = followed[id]
      if (!polling(id) || f.since === undefined) continue
      const due = Math.min(Math.max(Math.max(f.lastRequestAt ?? -Infinity, f.since) + MAX_INTERVAL_MS, f.retryAfterEnd), deadline(f))
      if (Date.now() > due) fail(`${id}: no poll since ${new Date(Math.max(f.lastRequestAt ?? -Infinity, f.since)).toISOString()}, due by ${new Date(due).toISOString()}`)
    }
  }
  const noteConditions = () => {
    for (const id of IDS) {
      const f = followed[id]
      if (!polling(id)) f.since = undefined
      else f.since ??= Date.now()
    }
  }
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed') return
    const f = followed[event.query.queryKey[2] as Id]
    Object.assign(f, { firstAnswerAt: undefined, stopped: false, generation: f.generation + 1 })
  })

  server.resetHandlers(
    http.get('*/pub/v1/bridge/status/:id', ({ params }) => {
      const id = params.id as Id
      const f = followed[id]
      const now = Date.now()
      checkLate()
      if (!slots.some((s) => s?.id === id) && f.resumedAt !== now) fail(`${id}: asked with no badge following it`)
      if (!world.visible && f.resumedAt !== now) fail(`${id}: asked while the tab is hidden`)
      if (!world.online) fail(`${id}: asked while offline`)
      if (terminalHeld(id)) fail(`${id}: asked after the terminal status ${(cached(id)!.data as { status: string }).status}`)
      const atDeadline = now >= deadline(f)
      if (now < f.retryAfterEnd && !atDeadline && f.switchedAt !== now) fail(`${id}: asked ${f.retryAfterEnd - now} ms before its Retry-After ended`)
      const backOff = backOffOf(id)
      if (f.lastRequestAt !== undefined && f.lastRequestAt >= deadline(f) && world.userAskAt < f.lastRequestAt && f.resumedAt !== now)
        fail(`${id}: polled again past maxDurationMs, unasked`)
      if (f.lastRequestAt !== undefined && world.userAskAt < f.lastRequestAt && !atDeadline && now - f.lastRequestAt < backOff)
        fail(`${id}: polled ${now - f.lastRequestAt} ms after the last request, under the ${backOff} ms back-off`)
      f.lastRequestAt = now
      f.firstAnswerAt ??= now
      const answer = run.scripts[IDS.indexOf(id)]![f.served++] ?? f.lastStatus
      if ('fault' in answer) {
        const { fault } = answer
        f.retryAfterEnd = now + Number(fault.retryAfter ?? 0) * 1_000
        f.stopped = fault.status === 404 || !!fault.malformedJson
        return faultResponse(fault, 'req_1')!
      }
      Object.assign(f, { lastStatus: answer, stopped: false, retryAfterEnd: -Infinity })
      if (UNKNOWN.includes(answer.status)) f.unknown.add(answer.status)
      return HttpResponse.json({
        id,
        status: answer.status,
        sourceChain: 'solana',
        destinationChain: 'base',
        asset: 'USDC',
        amount: '25.00',
        createdAt: new Date(now - 60_000).toISOString(),
        updatedAt: new Date(now).toISOString(),
        ...(answer.etaS !== undefined && { estimatedCompletionAt: new Date(now + answer.etaS * 1_000).toISOString() }),
        ...(answer.reason && { failureReason: 'The bridge gave up' }),
      })
    }),
  )

  const client = testClient()
  const badgePolling = { maxDurationMs: run.maxDurationMs, onRegression: () => {} }
  const page = () => (
    <QueryClientProvider client={queryClient}>
      <PayLinkProvider client={client}>
        {slots.map((s, i) => s && <div key={i} data-slot={i}><BridgeStatusBadge key={s.key} transferId={s.id} polling={badgePolling} /></div>)}
      </PayLinkProvider>
    </QueryClientProvider>
  )
  const view = render(page())
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
  // Per badge instance (slot, mount, transfer): whether it showed a terminal status, and the furthest known status.
  const shown = new Map<string, { terminal: boolean; rank: number }>()
  const look = () => {
    slots.forEach((s, i) => {
      if (!s) return
      const root = document.querySelector<HTMLElement>(`[data-slot="${i}"] [data-state]`)!
      const state = root.dataset.state!
      const label = root.querySelector('[data-part="label"]')!.textContent!
      const expected = state === 'unknown' ? [...followed[s.id].unknown].map((status) => L.unknown({ status })) : [L[state as 'pending']]
      if (!expected.includes(label)) fail(`${s.id}: badge ${i} in state ${state} reads "${label}"`)
      const reason = ['failed', 'refunded'].includes(state) ? '( The bridge gave up)?' : ''
      const eta = ['pending', 'source_confirmed', 'in_transit', 'unknown'].includes(state) ? '( about .+ left| any moment now)?' : ''
      if (!new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${reason}${eta}$`).test(root.textContent!)) fail(`${s.id}: badge ${i} reads "${root.textContent}"`)
      const f = followed[s.id]
      if (state === 'loading' && cached(s.id)?.status === 'error') fail(`${s.id}: badge ${i} reads loading over a failure`)
      // The poll at the deadline renders "taking longer than usual" (not one in a hidden tab) once its
      // answer is rendered: until then the badge shows the status before it, as while any poll is on
      // its way. TanStack renders an answer on a 0 ms timer, which these fake timers, set inside a
      // tick, put a millisecond on: a wait that ends on the deadline's millisecond looks before it.
      if (['pending', 'source_confirmed', 'in_transit', 'unknown'].includes(state) && (f.lastRequestAt ?? -Infinity) >= deadline(f) && rendered(s.id))
        fail(`${s.id}: badge ${i} reads ${state} past maxDurationMs`)
      const instance = `${i}:${s.key}:${s.id}:${f.generation}`
      const seen = shown.get(instance) ?? { terminal: false, rank: -1 }
      if (seen.terminal && !TERMINAL.includes(state)) fail(`${s.id}: badge ${i} showed a terminal status, then ${state}`)
      if (ORDER.includes(state) && ORDER.indexOf(state) < seen.rank) fail(`${s.id}: badge ${i} went back to ${state}`)
      shown.set(instance, { terminal: seen.terminal || TERMINAL.includes(state), rank: Math.max(seen.rank, ORDER.indexOf(state)) })
    })
  }
  const setVisibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
    Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    window.dispatchEvent(new Event('visibilitychange'))
  }

  noteConditions()
  await advance(0)
  noteConditions()
  look()
  try {
    for (const action of run.actions) {
      checkLate()
      if ('wait' in action) {
        // Looks, too, just after each deadline the wait crosses, once the poll at it is answered and
        // rendered: "taking longer than usual" comes with that render, not with a later one (a tick of
        // the time left, a focus), which a look at the wait's end alone would take for it.
        const end = Date.now() + action.wait
        for (let at: number; (at = Math.min(...IDS.map((id) => deadline(followed[id])).filter((t) => t >= Date.now()))) < end; ) {
          await advance(at - Date.now())
          await advance(1)
          look()
        }
        await advance(end - Date.now())
      } else {
        const a = action.act
        // What a user does on the page needs it shown: nothing mounts in a hidden tab.
        if (['remount', 'leave', 'second', 'switch'].includes(a) && !world.visible) continue
        if (['show', 'focus', 'online', 'remount', 'leave', 'second', 'switch'].includes(a)) world.userAskAt = Date.now()
        await act(async () => {
          if (a === 'hide' || a === 'show') setVisibility((world.visible = a === 'show') ? 'visible' : 'hidden')
          else if (a === 'blur' || a === 'focus') window.dispatchEvent(new Event(a))
          else if (a === 'offline' || a === 'online') {
            for (const id of IDS) if (a === 'online' && cached(id)?.fetchStatus === 'paused') followed[id].resumedAt = Date.now()
            window.dispatchEvent(new Event(((world.online = a === 'online'), a)))
          }
          else {
            const before = slots.map((slot) => slot && `${slot.key}:${slot.id}`)
            if (a === 'remount') slots[0] = slots[0] ? { ...slots[0], key: slots[0].key + 1 } : null
            else if (a === 'leave') slots[0] = slots[0] ? null : { id: 'tr_a', key: Date.now() }
            else if (a === 'second') slots[1] = slots[1] ? null : { id: slots[0]?.id ?? 'tr_a', key: Date.now() }
            else if (slots[0]) slots[0] = { ...slots[0], id: slots[0].id === 'tr_a' ? 'tr_b' : 'tr_a' }
            slots.forEach((slot, i) => {
              const f = slot && followed[slot.id]
              if (f && a === 'switch' && before[i] !== `${slot.key}:${slot.id}` && Date.now() < f.retryAfterEnd) f.switchedAt = Date.now()
            })
            view.rerender(page())
          }
        })
        noteConditions()
        await advance(0)
      }
      checkLate()
      noteConditions()
      look()
    }
  } finally {
    view.unmount()
    queryClient.clear()
    setVisibility('visible')
    // TanStack's online state outlives the client, and no longer listens once it is gone.
    onlineManager.setOnline(true)
  }
  return violations
}

test('transfer-status polling keeps the README promises over random sessions of a user and an API', async () => {
  await assertSessions(runArb, play, 200)
}, 120_000)
