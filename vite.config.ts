import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { clientDirective } from './scripts/clientDirective.js'
import { sourceImportOrder } from './scripts/sourceImportOrder.js'
import { axAncestors, chromium, forcedColors, holdKey, offlineFor } from './test/browser/chromium.js'

const react18 = fileURLToPath(new URL('./test/react18/node_modules/', import.meta.url))
const msw3 = fileURLToPath(new URL('./test/msw3/node_modules/', import.meta.url))

// The hook tests run twice: on the newest peers (the dev dependencies: React 19, TanStack Query
// 5.108) and on the oldest the package supports (React 18.2, TanStack Query 5.48), which live in
// test/react18 so that its react-dom does not fight the root's React 19 over peers.
const hookTests = ['test/hooks/**/*.test.{ts,tsx}']

// The mock's tests that answer through msw's getResponse (startMockServer, paylink-mock, the
// handlers called directly) run twice too: on msw 2 (the dev dependency) and on msw 3, which lives in
// test/msw3. msw 3's interceptors (setupServer) need Node 22.12: on Node 20 the tests behind
// setupServer run on msw 2 only, and `npm run test:node24` runs them on msw 3 under Node 24.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
const setupServerOnMsw3 = major > 22 || (major === 22 && minor >= 12)
const mswTests = [
  'test/mock/mswVersion.test.ts',
  'test/mock/server.test.ts',
  'test/mock/errorBodies.test.ts',
  'test/mock/options.test.ts',
  'test/mock/x402Versions.test.ts',
  'test/mock/mockContract.property.test.ts',
  'test/e2e/proxyPath.test.ts',
  ...(setupServerOnMsw3 ? ['test/mock/**/*.test.ts', 'test/x402/fetchWithPayment.test.ts'] : []),
]

// The library build: one ESM file per source module under dist/ (so bundlers tree-shake what an app
// does not import), one self-contained stylesheet, and every bare import (peers, zod, node:*) left
// to the consumer. `.d.ts` files come from `tsc -p tsconfig.build.json`, run after this.
const entries = {
  index: 'src/index.ts',
  client: 'src/client.ts',
  query: 'src/query.ts',
  server: 'src/server.ts',
  mock: 'src/mock.ts',
  'mock/browser': 'src/mock/browser.ts',
  evm: 'src/evm.ts',
  x402: 'src/x402.ts',
  styles: 'src/styles.css',
}

// TypeScript 6 refuses a side-effect import that resolves to no types (TS2882), so the stylesheet
// entry gets an empty declaration: `import '@paylink/react/styles.css'` type-checks in any app, not
// only in those whose bundler declares `*.css` (vite/client, next-env.d.ts).
const stylesheetTypes: Plugin = {
  name: 'paylink:stylesheet-types',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'styles.css.d.ts', source: 'export {}\n' })
  },
}

export default defineConfig({
  plugins: [sourceImportOrder(), clientDirective(), stylesheetTypes],
  build: {
    lib: { entry: entries, formats: ['es'] },
    outDir: 'dist',
    target: 'es2022',
    minify: false,
    cssMinify: false,
    cssCodeSplit: true,
    reportCompressedSize: false,
    // Tests and Storybook may serve public/ (MSW's worker); the package must not ship it.
    copyPublicDir: false,
    rolldownOptions: {
      external: (id) => !/^(\.|\/|\0|[A-Za-z]:)/.test(id),
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...hookTests, 'test/browser/**', 'test/react18/**', 'test/msw3/**', '**/node_modules/**'],
          env: { PAYLINK_EXPECTED_MSW: '2' },
          environment: 'node',
          globals: true,
          restoreMocks: true,
          // Generous: property tests send 1000 requests, and CI shares two cores with the browser project.
          testTimeout: 30_000,
          setupFiles: ['test/fastCheckSetup.ts'],
        },
      },
      {
        test: {
          name: 'hooks',
          include: hookTests,
          env: { PAYLINK_EXPECTED_REACT: '19' },
          environment: 'jsdom',
          globals: true,
          restoreMocks: true,
          // Generous: property tests send 1000 requests, and CI shares two cores with the browser project.
          testTimeout: 30_000,
          setupFiles: ['test/hooks/setup.ts', 'test/fastCheckSetup.ts'],
        },
      },
      {
        resolve: {
          alias: [
            { find: /^react(\/.*)?$/, replacement: `${react18}react$1` },
            { find: /^react-dom(\/.*)?$/, replacement: `${react18}react-dom$1` },
            { find: /^@testing-library\/react$/, replacement: `${react18}@testing-library/react` },
            { find: /^@tanstack\/react-query$/, replacement: `${react18}@tanstack/react-query` },
          ],
        },
        test: {
          name: 'hooks-react18',
          include: hookTests,
          // React 19's <Activity>, which React 18 does not have: run by the hooks project only.
          exclude: ['test/hooks/activity.test.tsx', '**/node_modules/**'],
          env: { PAYLINK_EXPECTED_REACT: '18' },
          environment: 'jsdom',
          globals: true,
          restoreMocks: true,
          // Generous: property tests send 1000 requests, and CI shares two cores with the browser project.
          testTimeout: 30_000,
          setupFiles: ['test/hooks/setup.ts', 'test/fastCheckSetup.ts'],
        },
      },
      {
        // msw/node by its file: an alias to a path skips the package's exports map.
        resolve: { alias: [{ find: /^msw\/node$/, replacement: `${msw3}msw/lib/node/index.js` }, { find: /^msw(\/.*)?$/, replacement: `${msw3}msw$1` }] },
        test: {
          name: 'mock-msw3',
          include: mswTests,
          env: { PAYLINK_EXPECTED_MSW: '3', ...(setupServerOnMsw3 && { PAYLINK_MSW3_SETUP_SERVER: '1' }) },
          environment: 'node',
          globals: true,
          restoreMocks: true,
          testTimeout: 30_000,
          setupFiles: ['test/fastCheckSetup.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          // What only a real browser shows: its own input events (a held key), not a simulation's.
          include: ['test/browser/**/*.test.{ts,tsx}'],
          globals: true,
          restoreMocks: true,
          testTimeout: 30_000,
          setupFiles: ['test/browser/setup.ts'],
          browser: { enabled: true, headless: true, provider: chromium(), instances: [{ browser: 'chromium' }], commands: { holdKey, forcedColors, axAncestors, offlineFor } },
        },
      },
      // The stories as tests in headless Chromium (its own config: Storybook's Vite setup, not this one).
      '.storybook/vitest.config.ts',
    ],
  },
})
