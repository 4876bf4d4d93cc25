import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Plugin as EsbuildPlugin } from 'esbuild'
import ts from 'typescript'
import { build, type Rolldown } from 'vite'
import { measureBundle } from '../../scripts/measureBundle.mjs'

const ROOT = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
  sideEffects: string[]
  files: string[]
  bin: Record<string, string>
  publishConfig?: { access?: string }
}
const REACT = /^(react|react-dom|@tanstack\/react-query)(\/|$)/
// What makes a built file client-only (and so start with "use client"): React itself.
const CLIENT_ONLY = /^(react|react-dom)(\/|$)/
const USE_CLIENT = /^"use client";\n/

// The library build of vite.config.ts, in memory: what `npm run build` writes to dist/ (less the
// .d.ts files, which tsc adds and attw checks).
let chunks: Map<string, Rolldown.OutputChunk>
let css: string
let assets: Map<string, string>

beforeAll(async () => {
  const result = await build({ root: ROOT, logLevel: 'silent', build: { write: false } })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const files = outputs.flatMap((o) => o.output)
  chunks = new Map(files.flatMap((f) => (f.type === 'chunk' ? [[f.fileName, f] as const] : [])))
  assets = new Map(files.flatMap((f) => (f.type === 'asset' ? [[f.fileName, String(f.source)] as const] : [])))
  const sheets = files.filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'))
  expect(sheets.map((f) => f.fileName)).toEqual(['styles.css'])
  css = String((sheets[0] as Rolldown.OutputAsset).source)
}, 30_000)

/** The bare specifiers a built file imports, itself or through the package's own files. */
function externalsOf(fileName: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>()
  if (seen.has(fileName)) return found
  seen.add(fileName)
  const chunk = chunks.get(fileName)
  if (!chunk) throw new Error(`${fileName} was not built`)
  for (const id of [...chunk.imports, ...chunk.dynamicImports]) {
    if (chunks.has(id)) for (const e of externalsOf(id, seen)) found.add(e)
    else found.add(id)
  }
  return found
}

const entryFile = (subpath: string) => {
  const target = pkg.exports[subpath]
  if (typeof target !== 'object') throw new Error(`${subpath} is not a JS entry`)
  return target.default.replace(/^\.\/dist\//, '')
}

describe('the library build', () => {
  it('emits the file and the declaration path of every JS entry in package.json', () => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string' || subpath === './styles.css') continue
      expect(chunks.has(entryFile(subpath)), subpath).toBe(true)
      expect(target.types, subpath).toBe(target.default.replace(/\.js$/, '.d.ts'))
    }
    expect(pkg.exports['./styles.css']).toEqual({ types: './dist/styles.css.d.ts', default: './dist/styles.css' })
  })

  it('is published public: npm gives a scoped package restricted access unless publishConfig says otherwise', () => {
    expect(pkg.publishConfig?.access).toBe('public')
  })

  it("lets an app's TypeScript import the stylesheet with no declaration of its own (no TS2882)", () => {
    // The package as an app installs it: package.json and the stylesheet entry's two files.
    const app = mkdtempSync(join(tmpdir(), 'paylink-css-'))
    try {
      const installed = join(app, 'node_modules/@paylink/react')
      const files = {
        'package.json': JSON.stringify(pkg),
        'dist/styles.css': css,
        'dist/styles.css.d.ts': assets.get('styles.css.d.ts') ?? '',
      }
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(installed, name)), { recursive: true })
        writeFileSync(join(installed, name), text)
      }
      const main = join(app, 'main.ts')
      writeFileSync(main, "import '@paylink/react/styles.css'\n")
      const program = ts.createProgram([main], {
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        // What TypeScript 6 checks by default; no `*.css` declaration from vite/client or Next.
        noUncheckedSideEffectImports: true,
        types: [],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
      })
      const problems = ts.getPreEmitDiagnostics(program).map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`)
      expect(problems).toEqual([])
    } finally {
      rmSync(app, { recursive: true, force: true })
    }
  })

  it('leaves React out of every entry but the root', () => {
    const reaches = (subpath: string) => [...externalsOf(entryFile(subpath))].filter((id) => REACT.test(id))
    expect(reaches('.')).toEqual(expect.arrayContaining(['react', '@tanstack/react-query']))
    for (const subpath of ['./client', './server', './mock', './mock/browser', './evm', './x402']) {
      expect(reaches(subpath), subpath).toEqual([])
    }
    // The query factories use TanStack Query's server-safe helpers and nothing of React.
    expect(reaches('./query')).toEqual(['@tanstack/react-query'])
    expect(USE_CLIENT.test(chunks.get('query.js')?.code ?? '')).toBe(false)
  })

  it('imports React and TanStack Query in one built file each (src/peers), so that a bundle requires each once', () => {
    const importers = (peer: string) => [...chunks].filter(([, chunk]) => chunk.imports.includes(peer)).map(([fileName]) => fileName)
    expect(importers('react')).toEqual(['peers/react.js'])
    expect(importers('@tanstack/react-query')).toEqual(['peers/query.js'])
  })

  it('starts with "use client" exactly the files that reach React', () => {
    for (const [fileName, chunk] of chunks) {
      const reachesReact = [...externalsOf(fileName)].some((id) => CLIENT_ONLY.test(id))
      expect(USE_CLIENT.test(chunk.code), fileName).toBe(reachesReact)
      expect(chunk.code.match(/["']use client["']/g)?.length ?? 0, fileName).toBe(reachesReact ? 1 : 0)
    }
    expect(USE_CLIENT.test(chunks.get('index.js')?.code ?? '')).toBe(true)
  })

  it('imports only declared dependencies, peers and node: builtins, and keeps Node out of the browser entries', () => {
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)])
    const all = new Set([...chunks.keys()].flatMap((f) => [...externalsOf(f)]))
    const packageOf = (id: string) => id.split('/').slice(0, id.startsWith('@') ? 2 : 1).join('/')
    expect([...all].filter((id) => !id.startsWith('node:') && !declared.has(packageOf(id)))).toEqual([])
    for (const subpath of ['.', './client', './query', './mock/browser', './evm', './x402']) {
      expect([...externalsOf(entryFile(subpath))].filter((id) => id.startsWith('node:')), subpath).toEqual([])
    }
  })

  it('needs the optional peers only in their own entries: viem in the EVM signer, msw in the mock', () => {
    expect(pkg.peerDependenciesMeta).toEqual({ msw: { optional: true }, viem: { optional: true } })
    const users = (peer: string) =>
      ['.', './client', './query', './server', './mock', './mock/browser', './evm', './x402'].filter((s) =>
        [...externalsOf(entryFile(s))].some((id) => packageOf(id) === peer),
      )
    const packageOf = (id: string) => id.split('/')[0]
    expect(users('viem')).toEqual(['./evm'])
    expect(users('msw')).toEqual(['./mock', './mock/browser'])
  })

  it('ships one self-contained stylesheet holding every file styles.css imports', () => {
    expect(css).not.toMatch(/@import/)
    const source = readFileSync(join(ROOT, 'src/styles.css'), 'utf8')
    const imported = [...source.matchAll(/@import\s+['"](.+?)['"]/g)].map((m) => m[1] as string)
    expect(imported).toContain('./styles/tokens.css')
    for (const file of imported) {
      const names = readFileSync(join(ROOT, 'src', file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .match(/(\.|--)paylink-[\w-]+/g)
      for (const name of new Set(names)) expect(css, `${file}: ${name}`).toContain(name)
    }
    expect(pkg.sideEffects).toEqual(['**/*.css'])
  })

  it("lays the root's modules out in an app's bundle in the source's order, as the budgets measured from src", async () => {
    // esbuild (size-limit's, an app's) reading the built files above, which are not on disk.
    const built: EsbuildPlugin = {
      name: 'built',
      setup(esbuild) {
        // package.json's sideEffects, which these files would be read with from node_modules.
        const file = (path: string) => ({ path, namespace: 'built', sideEffects: false })
        esbuild.onResolve({ filter: /^built:/ }, ({ path }) => file(path.slice(6)))
        esbuild.onResolve({ filter: /^\./, namespace: 'built' }, ({ path, importer }) => file(join(dirname(importer), path)))
        esbuild.onLoad({ filter: /.*/, namespace: 'built' }, ({ path }) => ({ contents: chunks.get(path)?.code, resolveDir: ROOT }))
      },
    }
    const modules = async (entry: string, imports: string, plugins: EsbuildPlugin[] = []) => {
      const { inputs } = await measureBundle(entry, imports, undefined, plugins)
      return inputs.flatMap(({ name, bytes }) => (bytes ? [name.replace(/^(src\/|built:)|\.tsx?$|\.js$/g, '')] : []))
    }
    for (const imports of ['{ PayLinkButton }', '*']) {
      expect(await modules('built:index.js', imports, [built]), imports).toEqual(await modules('./src/index.ts', imports))
    }
  })

  it('ships the paylink-mock launcher, which runs the built mock entry', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'bin']))
    const launcher = readFileSync(join(ROOT, pkg.bin['paylink-mock'] as string), 'utf8')
    expect(launcher.startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(launcher).toContain(`import('../dist/mock.js')`)
    expect(chunks.has('mock.js')).toBe(true)
  })
})
