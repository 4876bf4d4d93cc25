// What each part of the root entry adds to "everything from @paylink/react": the root measured as
// the budgets measure it, then again with that part's export lines left out of src/index.ts.
// `node scripts/measure-marginal.mjs` (from the package root, no build needed).
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { measureBundle } from './measureBundle.mjs'

/** A part: the name of a module whose export lines from src/index.ts are left out. */
const PARTS = {
  AttentionTracker: ['./components/AttentionTracker.js', './hooks/useAttentionToken.js'],
  BridgeStatusBadge: ['./components/BridgeStatusBadge.js'],
  FeeEstimate: ['./components/FeeEstimate.js'],
  'x402 toolkit': ['./x402.js'],
}

const index = readFileSync('src/index.ts', 'utf8')
// One export statement per match, single- or multi-line, ending in its `from '…'`.
const statements = index.match(/export [^;]*?from '[^']+'\n/gs) ?? []
const root = (await measureBundle('./src/index.ts', '*')).gzip
console.log(`everything from @paylink/react: ${root} B min+gz`)
const scratch = 'src/_marginal.tmp.ts'
try {
  for (const [name, modules] of Object.entries(PARTS)) {
    const kept = statements.filter((s) => !modules.some((m) => s.includes(`'${m}'`)))
    if (kept.length === statements.length) throw new Error(`no export of ${name} found in src/index.ts`)
    writeFileSync(scratch, `'use client'\n${kept.join('')}`)
    console.log(`${name.padEnd(20)} adds ${root - (await measureBundle(`./${scratch}`, '*')).gzip} B`)
  }
} finally {
  rmSync(scratch, { force: true })
}
