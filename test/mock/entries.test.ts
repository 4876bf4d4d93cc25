import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import * as browser from '../../src/mock/browser.js'
import * as mock from '../../src/mock.js'

const SRC = join(import.meta.dirname, '../../src/mock')
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))

describe('the mock entries', () => {
  it('export exactly this public surface', () => {
    expect(Object.keys(browser).sort()).toEqual([
      'BASE_SEPOLIA_USDC',
      'MOCK_API_KEY',
      'MOCK_ERROR_BODIES',
      'MOCK_LINKS',
      'MOCK_PAYMENTS',
      'MOCK_PAY_TO',
      'MOCK_ROUTES',
      'MOCK_SCENARIOS',
      'MOCK_TRANSFERS',
      'MOCK_TRANSFER_REASONS',
      'MOCK_UNKNOWN_STATUS',
      'MOCK_X402_REASONS',
      'QUICK_QUOTE_TTL_MS',
      'SLOW_SETTLE_MS',
      'createMockApi',
      'createTestSigner',
      'defaultSeed',
      'forgetPurchases',
    ])
    expect(Object.keys(mock).sort()).toEqual([...Object.keys(browser), 'startMockServer'].sort())
  })

  it('keep Node modules out of everything the browser entry can reach', () => {
    const nodeOnly = files(SRC)
      .filter((f) => /from ['"](node:|\.\/startMockServer)/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f))
    expect(nodeOnly).toEqual(['startMockServer.ts'])
  })
})
