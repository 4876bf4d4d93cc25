import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/** What the size budgets keep out of a bundle: the peers (react, react-dom, TanStack Query) and the optional peers. */
export const PEERS = ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/react-query', 'viem', 'viem/*', 'msw', 'msw/*', 'node:*']

/**
 * Bundles `export <imports> from '<entry>'` as the budgets measure it: minified, every dependency
 * but `external` bundled (zod included), gzip level 9. Returns the sizes and the bytes per module.
 * `plugins` (esbuild's) are for what-if measures only; `code` is the minified bundle, for the same.
 */
export async function measureBundle(entry, imports = '*', external = PEERS, plugins = []) {
  const contents = imports === '*' ? `export * from '${entry}'` : `export ${imports} from '${entry}'`
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    metafile: true,
    jsx: 'automatic',
    external,
    logLevel: 'error',
    plugins,
  })
  const code = result.outputFiles[0].contents
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs).map(([name, v]) => ({ name, bytes: v.bytesInOutput }))
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs, code: result.outputFiles[0].text }
}
