import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/** What the size budgets keep out of a bundle: the peers (react, react-dom, TanStack Query) and the optional peers. */
export const PEERS = ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/react-query', 'viem', 'viem/*', 'msw', 'msw/*', 'node:*']

/**
 * Minified code's gzip size (level 9) as size-limit counts an `import` check: less the gzip of an
 * empty project's bundle, 46 B, or 182 B when the bundle carries esbuild's shim for the `require`
 * of an external (as the IIFE of anything importing a peer does), which size-limit counts as the
 * empty project's.
 */
export const gzipSize = (code) =>
  gzipSync(code, { level: 9 }).length - (Buffer.from(code).includes('Dynamic require of ') ? 182 : 46)

/**
 * Bundles `import <imports> from '<entry>'` exactly as size-limit's `import` checks do (the file
 * it writes, its esbuild options: minified, IIFE, every dependency but `external` bundled, zod
 * included), so that the budgets, the bench and these scripts print one figure. Returns the sizes
 * and the bytes per module. `plugins` (esbuild's) are for what-if measures only; `code` is the
 * minified bundle, for the same.
 */
export async function measureBundle(entry, imports = '*', external = PEERS, plugins = []) {
  const [binding, names] = imports === '*' ? ['* as all', 'all'] : [imports, imports.replace(/[{}]/g, '').trim()]
  const result = await build({
    stdin: { contents: `import ${binding} from ${JSON.stringify(entry)}\nconsole.log(${names})\n`, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    jsx: 'automatic',
    external,
    logLevel: 'error',
    plugins,
  })
  const code = result.outputFiles[0].contents
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs).map(([name, v]) => ({ name, bytes: v.bytesInOutput }))
  return { minified: code.length, gzip: gzipSize(code), inputs, code: result.outputFiles[0].text }
}
