import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const react18 = fileURLToPath(new URL('./test/react18/node_modules/', import.meta.url))

// The hook tests run twice: on React 19 (the dev dependency) and on React 18.3, which lives in
// test/react18 so that its react-dom does not fight the root's React 19 over peers.
const hookTests = ['test/hooks/**/*.test.{ts,tsx}']

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...hookTests, 'test/react18/**', '**/node_modules/**'],
          environment: 'node',
          globals: true,
          restoreMocks: true,
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
          setupFiles: ['test/hooks/setup.ts'],
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
          env: { PAYLINK_EXPECTED_REACT: '18' },
          environment: 'jsdom',
          globals: true,
          restoreMocks: true,
          setupFiles: ['test/hooks/setup.ts'],
        },
      },
    ],
  },
})
