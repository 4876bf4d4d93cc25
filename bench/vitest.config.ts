import { defineConfig } from 'vitest/config'

// `npm run bench`: figures, not pass/fail timings. Each file records its figures under
// bench/.results/; bench/report.mjs prints them as one table and writes bench/results.json.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['bench/**/*.bench.{ts,tsx}'],
    environment: 'node',
    globals: true,
    restoreMocks: true,
    setupFiles: ['test/hooks/setup.ts'],
    // One file at a time: timings must not share the two cores with the other files.
    fileParallelism: false,
    testTimeout: 120_000,
  },
})
