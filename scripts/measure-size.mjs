// Bundles one import of the package from src/ the way the size budgets measure dist/ (minified,
// gzip, peers external, zod bundled) and prints the total and the heaviest modules. For working on
// size without a build: `node scripts/measure-size.mjs src/index.ts '{ PayLinkButton }'`.
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const [entry = 'src/index.ts', imports = '*', top = '25'] = process.argv.slice(2)
const contents = imports === '*' ? `export * from './${entry}'` : `export ${imports} from './${entry}'`
const result = await build({
  stdin: { contents, resolveDir: process.cwd(), loader: 'ts' },
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  metafile: true,
  jsx: 'automatic',
  external: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/react-query', 'viem', 'viem/*', 'msw', 'msw/*', 'node:*'],
  logLevel: 'error',
})
const code = result.outputFiles[0].contents
const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
const zod = inputs.filter(([name]) => name.includes('node_modules/zod')).reduce((sum, [, v]) => sum + v.bytesInOutput, 0)
console.log(`${entry} ${imports}: ${code.length} B min, ${gzipSync(code, { level: 9 }).length} B min+gz (zod: ${zod} B min)`)
for (const [name, v] of inputs.filter(([n]) => !n.includes('node_modules')).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, Number(top))) {
  console.log(String(v.bytesInOutput).padStart(7), name)
}
