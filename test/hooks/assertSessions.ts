import { cleanup } from '@testing-library/react'
import fc from 'fast-check'
import { setupServer } from 'msw/node'

/** An MSW server of Node, as `play` gets it to answer a run's requests. */
export type SessionServer = ReturnType<typeof setupServer>

/** fast-check's options for a property: `numRuns` unless FC_RUNS says; FC_PATH (with FC_SEED, see test/fastCheckSetup.ts) replays a failed run. */
export const fcOptions = (numRuns: number) => ({
  numRuns: Number(process.env.FC_RUNS ?? numRuns),
  ...(process.env.FC_PATH && { path: process.env.FC_PATH }),
})

/**
 * Plays `numRuns` random runs of a component's session, each on fake timers (and a fake `Date`)
 * against one MSW server, and asserts that each ends with no violation `play` reports, no unhandled
 * rejection and no `console.error`: the runner the hooks' session properties share.
 */
export async function assertSessions<R>(runs: fc.Arbitrary<R>, play: (run: R, server: SessionServer) => Promise<string[]>, numRuns: number) {
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'error' })
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    await fc.assert(
      fc.asyncProperty(runs, async (run) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
        const errors = vi.spyOn(console, 'error')
        unhandled.length = 0
        try {
          expect(await play(run, server)).toEqual([])
          expect(unhandled).toEqual([])
          expect(errors).not.toHaveBeenCalled()
        } finally {
          cleanup()
          errors.mockRestore()
          vi.useRealTimers()
        }
      }),
      fcOptions(numRuns),
    )
  } finally {
    process.off('unhandledRejection', onUnhandled)
    server.close()
  }
}
