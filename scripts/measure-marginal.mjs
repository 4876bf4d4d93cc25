// What each part of the root entry adds to "everything from @paylink/react": the root measured as
// the budgets measure it, then again with that part's export lines left out of src/index.ts; last,
// what zod's run-time and the texts cost it (what-ifs with stand-ins).
// `node scripts/measure-marginal.mjs` (from the package root, no build needed).
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSize, measureBundle } from './measureBundle.mjs'

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
  // The floor of any root that keeps the product's features: the four components and the provider
  // alone, no hook, factory or toolkit exported beside them.
  const COMPONENTS = ['PayLinkButton', 'BridgeStatusBadge', 'FeeEstimate', 'AttentionTracker']
  writeFileSync(
    scratch,
    `'use client'\n${COMPONENTS.map((c) => `export { ${c} } from './components/${c}.js'\n`).join('')}export { PayLinkProvider } from './hooks/PayLinkProvider.js'\n`,
  )
  console.log(`the four components and PayLinkProvider alone: ${(await measureBundle(`./${scratch}`, '*')).gzip} B`)
} finally {
  rmSync(scratch, { force: true })
}

// A what-if, not a part: zod's run-time (its type class, constructor machinery and Standard Schema
// hooks) replaced by a stand-in that runs the same checks the same way, and nothing else. The
// package's schemas need zod (issue 2); this shows what that costs the root.
const ZOD_STAND_IN = `export class $ZodUnknown {
  constructor(def) {
    const checks = def.checks ?? []
    this._zod = { def, constr: $ZodUnknown, run(payload) {
      for (const check of checks) {
        if (payload.issues.some((issue) => !issue.continue)) break
        check._zod.check(payload)
      }
      return payload
    } }
  }
}`
const withoutZod = {
  name: 'zod-stand-in',
  setup(build) {
    build.onResolve({ filter: /^zod\/v4\/core$/ }, () => ({ path: 'zod-stand-in', namespace: 'what-if' }))
    build.onLoad({ filter: /.*/, namespace: 'what-if' }, () => ({ contents: ZOD_STAND_IN, loader: 'js' }))
  },
}
const standIn = (await measureBundle('./src/index.ts', '*', undefined, [withoutZod])).gzip
console.log(`${'zod run-time'.padEnd(20)} adds ${root - standIn} B (what-if: a ${ZOD_STAND_IN.length} B stand-in running the same checks)`)

// A what-if, not a part: every text of the bundle (each string literal over 20 characters with a
// space in it: error messages, labels, announcements) cut to a 4-character stand-in, alone and
// with zod's stand-in. It bounds what shorter texts could ever save: the product code itself is the rest.
const LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g
const withoutText = (code) => {
  let n = 0
  return code.replace(LITERAL, (literal) => (literal.length > 20 && literal.includes(' ') ? `"T${(n++).toString(36).padStart(2, '0')}"` : literal))
}
const noText = gzipSize(withoutText((await measureBundle('./src/index.ts', '*')).code))
const neither = gzipSize(withoutText((await measureBundle('./src/index.ts', '*', undefined, [withoutZod])).code))
console.log(`${'every text'.padEnd(20)} adds ${root - noText} B (what-if: each string literal over 20 characters with a space cut to 4)`)
console.log(`without zod's run-time and without any text the root would be ${neither} B`)
