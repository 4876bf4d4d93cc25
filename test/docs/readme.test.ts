import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import ts from 'typescript'

// Every ```ts and ```tsx block of README.md, type-checked as an app would check it after copying
// the block into a file of its own (a consumer check once found the prefetch example passing
// `code=` to a `Checkout` that took none). The convention for fragments:
// - Each block is one module, `L<line>.ts(x)` (the line of its opening fence); ```sh and others
//   are not checked.
// - The names a block uses without defining them (`signer`, `cap`, …) come from FREE_NAMES below,
//   typed as an app would have them. A name used by a new block that is not there fails the test:
//   add it here (a name the README gives a meaning, never `any`).
// - A block without imports (the JSX of a component's section) gets the root exports it names, as
//   if it began with `import { … } from '@paylink/react'` (the import goes at its end, keeping its
//   lines). One that starts with `<` lists elements side by side: it is checked inside `<>…</>`.
// - A relative import (`import { Checkout } from './Checkout'`) is the block that exports the name:
//   that is how the README's files build on each other.
// - `…` (U+2026) elides an expression and is checked as `undefined as never`. `...` is JavaScript's
//   spread, checked as written. No block is skipped.
// - The package's import paths are those of package.json's exports, mapped to the sources.

const ROOT = join(import.meta.dirname, '../..')
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')

const FREE_NAMES = `
import type { AttentionReport, MaxAmount, PaymentSigner } from '@paylink/react'
import type { JSX } from 'react'
declare global {
  const signal: AbortSignal
  const signer: PaymentSigner
  const cap: MaxAmount
  const transferId: string
  const userConsented: boolean
  function report(report: AttentionReport): void
  function Article(): JSX.Element
}
`

// Next.js is not a dependency: the one function of it the README calls, typed as next/navigation
// types it. A file of its own, without imports, so that the declaration is ambient.
const NEXT_NAVIGATION = `declare module 'next/navigation' {
  export function notFound(): never
}
`

// Nor is wagmi: the hook the README calls, typed as wagmi 3 types its data (a wallet client with a chain
// and an account, while a wallet is connected).
const WAGMI = `declare module 'wagmi' {
  import type { Account, Chain, Transport, WalletClient } from 'viem'
  export function useWalletClient(): { data: WalletClient<Transport, Chain, Account> | undefined }
}
`

// Nor is React Router: what its framework-mode example uses, typed as react-router 8 types it (its
// loader data serialized: `useLoaderData` gives what the loader resolves to, for plain data).
const REACT_ROUTER = `declare module 'react-router' {
  export interface LoaderFunctionArgs { request: Request; params: Record<string, string | undefined>; context: unknown }
  export function data<D>(data: D, init?: number | ResponseInit): { type: 'DataWithResponseInit'; data: D; init: ResponseInit | null }
  export function useLoaderData<T extends (...args: never[]) => unknown>(): Awaited<ReturnType<T>>
}
`

// Nor are TanStack's persisters: what the persistence example uses, typed as their 5.x types them.
const PERSIST = `declare module '@tanstack/react-query-persist-client' {
  import type { DehydrateOptions, QueryClient } from '@tanstack/react-query'
  import type { ReactNode } from 'react'
  export interface Persister { persistClient(client: unknown): unknown; restoreClient(): unknown; removeClient(): unknown }
  export function PersistQueryClientProvider(props: {
    client: QueryClient
    persistOptions: { persister: Persister; maxAge?: number; buster?: string; dehydrateOptions?: DehydrateOptions }
    onSuccess?: () => Promise<unknown> | unknown
    children?: ReactNode
  }): ReactNode
}
declare module '@tanstack/query-sync-storage-persister' {
  import type { Persister } from '@tanstack/react-query-persist-client'
  export function createSyncStoragePersister(options: { storage: Storage | undefined | null; key?: string; throttleTime?: number }): Persister
}
`

// Nor is Astro: the endpoint type and the `astro:env` secret its example reads.
const ASTRO = `declare module 'astro' {
  export type APIRoute = (context: { request: Request; params: Record<string, string | undefined> }) => Response | Promise<Response>
}
declare module 'astro:env/server' {
  export const PAYLINK_API_KEY: string
}
`

// Nor is TanStack Start: the file route and isomorphic function its example uses, typed as
// @tanstack/react-router 1.170 and @tanstack/react-start 1.169 type them once the route tree is registered.
const TANSTACK_START = `declare module '@tanstack/react-router' {
  import type { QueryClient } from '@tanstack/react-query'
  import type { ReactNode } from 'react'
  type Handler = (context: { request: Request; params: Record<string, string> }) => Response | Promise<Response>
  export function createFileRoute(path: string): (options: {
    loader?: (context: { context: { queryClient: QueryClient }; params: Record<string, string> }) => unknown
    component?: () => ReactNode
    server?: { handlers: Partial<Record<'ANY' | 'GET' | 'HEAD' | 'POST' | 'OPTIONS', Handler>> }
  }) => { useParams(): { code: string } }
  export function notFound(): Error
}
declare module '@tanstack/react-start' {
  export function createIsomorphicFn(): { server<R>(fn: () => R): { client(fn: () => R): () => R } }
}
`

const JSX_OPEN = '<>'
const ELIDED = 'undefined as never'

interface Snippet {
  /** README line of the opening fence (1-based). */
  line: number
  file: string
  code: string
}

/** The ts/tsx blocks of a Markdown text; throws on a fence left open, which would hide the rest. */
function snippetsOf(markdown: string): Snippet[] {
  const lines = markdown.split('\n')
  const found: Snippet[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\S*)/.exec(lines[i] as string)
    if (!open) continue
    const [, indent = '', fence = '', lang] = open
    const end = lines.findIndex((l, j) => j > i && l.trimStart().startsWith(fence) && !l.trim().slice(fence.length))
    if (end < 0) throw new Error(`README.md:${i + 1}: a code block is never closed`)
    if (lang === 'ts' || lang === 'tsx') {
      const code = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      found.push({ line: i + 1, file: `L${String(i + 1).padStart(4, '0')}.${lang}`, code: code.join('\n') })
    }
    i = end
  }
  return found
}

/** `paths` for every import path of package.json's exports, pointing at the sources. */
function packagePaths(stylesheetTypes: string): Record<string, string[]> {
  const { name, exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    name: string
    exports: Record<string, string | { types: string }>
  }
  const paths: Record<string, string[]> = {}
  for (const [subpath, target] of Object.entries(exports)) {
    if (typeof target === 'string') continue
    const specifier = name + subpath.slice(1)
    if (subpath === './styles.css') paths[specifier] = [stylesheetTypes]
    else paths[specifier] = [join(ROOT, 'src', target.types.replace(/^\.\/dist\/(.*)\.d\.ts$/, '$1.ts'))]
  }
  return paths
}

/** The problems of every snippet, each as `README.md:<line>:<col> (block at <line>: <first line>) TS<code>: <message>`. */
async function typeCheck(markdown: string): Promise<string[]> {
  const snippets = snippetsOf(markdown)
  expect(snippets.length).toBeGreaterThan(0)
  const rootExports = new Set(Object.keys(await import('../../src/index.js')))
  const dir = mkdtempSync(join(tmpdir(), 'paylink-readme-'))
  try {
    // The repo's packages (react, viem, @tanstack/react-query, express's types), as the app's own.
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
    writeFileSync(join(dir, 'styles.css.d.ts'), 'export {}\n')
    // The names and modules a snippet may use that are not the package's: each in a file of its own.
    const declarations = Object.entries({ FREE_NAMES, NEXT_NAVIGATION, WAGMI, REACT_ROUTER, PERSIST, ASTRO, TANSTACK_START }).map(([name, text]) => {
      const file = join(dir, `${name.toLowerCase()}.d.ts`)
      writeFileSync(file, text)
      return file
    })
    const exporters = new Map<string, string>()
    for (const s of snippets) {
      for (const m of s.code.matchAll(/^export (?:default )?(?:async )?(?:function|const|class) (\w+)/gm)) {
        exporters.set(m[1] as string, s.file.replace(/\.tsx?$/, '.js'))
      }
    }
    for (const s of snippets) {
      let code = s.code.replaceAll('…', ELIDED)
      if (code.startsWith('<')) code = `${JSX_OPEN}${code}\n</>`
      if (!/^\s*import\b/m.test(code)) {
        const named = [...new Set(code.match(/\b[A-Za-z_$][\w$]*\b/g))].filter((n) => rootExports.has(n))
        if (named.length) code += `\nimport { ${named.join(', ')} } from '@paylink/react'\n`
      }
      writeFileSync(join(dir, s.file), code)
      for (const [, name] of s.code.matchAll(/from '\.\/(\w+)'/g)) {
        const exporter = exporters.get(name as string)
        if (exporter) writeFileSync(join(dir, `${name}.ts`), `export * from './${exporter}'\n`)
      }
    }
    const program = ts.createProgram(
      [...snippets.map((s) => join(dir, s.file)), ...declarations],
      {
        // The target Next.js writes into an app's tsconfig.json (and create-next-app's template):
        // a snippet must compile there, so no BigInt literal (TS2737).
        target: ts.ScriptTarget.ES2017,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        moduleDetection: ts.ModuleDetectionKind.Force,
        jsx: ts.JsxEmit.ReactJSX,
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        // A Vite app's `import.meta.env` (its template's tsconfig names vite/client) for the mock's main.tsx.
        types: ['node', 'vite/client'],
        paths: {
          ...packagePaths(join(dir, 'styles.css.d.ts')),
          // The Solana recipe's packages, from the harness npm test's pretest installs (test/svm).
          '@solana/kit': [join(ROOT, 'test/svm/node_modules/@solana/kit')],
          '@x402/svm/*': [join(ROOT, 'test/svm/node_modules/@x402/svm/dist/esm/*/index.d.mts')],
        },
      },
    )
    const byFile = new Map(snippets.map((s) => [join(dir, s.file), s]))
    // The snippets' own diagnostics (and the options'), not those of the sources (tsc checks them).
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program.getSourceFiles()
        .filter((f) => f.fileName.startsWith(dir) && !f.fileName.includes('/node_modules/'))
        .flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
    ]
    return diagnostics.map((d) => {
      const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`
      const snippet = d.file && byFile.get(d.file.fileName)
      if (!d.file || d.start === undefined) return message
      const at = d.file.getLineAndCharacterOfPosition(d.start)
      if (!snippet) return `${relative(dir, d.file.fileName)}:${at.line + 1}:${at.character + 1} ${message}`
      const lines = snippet.code.split('\n')
      // The column as written: without the added `<>`, and each `…` one character again.
      let column = at.character - (at.line === 0 && snippet.code.startsWith('<') ? JSX_OPEN.length : 0)
      for (const m of (lines[at.line] ?? '').matchAll(/…/g)) {
        if (m.index < column) column -= Math.min(column - m.index, ELIDED.length - 1)
      }
      const where = at.line < lines.length ? `README.md:${snippet.line + 1 + at.line}:${column + 1}` : 'its added import'
      return `${where} (block at README.md:${snippet.line}: ${lines[0]}) ${message}`
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe("README.md's TypeScript blocks", () => {
  it('type-check as an app would check them, strict, against the sources', async () => {
    expect(await typeCheck(README)).toEqual([])
  })
})

describe('README.md', () => {
  // A user reads the README, not the sources: a function or constant an entry exports that it never
  // names (a new helper, a mock constant) is one nobody finds. Run-time exports only: the types are
  // each documented with the value they describe.
  it('names every run-time export of every entry in code', async () => {
    // The code of the README: its fenced blocks, and the `spans` of the text between them.
    const code = README.split(/^```.*$/m)
      .map((part, i) => (i % 2 ? part : (part.match(/`[^`\n]+`/g) ?? []).join(' ')))
      .join(' ')
    const { exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { types: string }> }
    const unnamed: string[] = []
    for (const [subpath, target] of Object.entries(exports)) {
      if (typeof target === 'string' || subpath === './styles.css') continue
      const source = join(ROOT, 'src', target.types.replace(/^\.\/dist\/(.*)\.d\.ts$/, '$1.ts'))
      for (const name of Object.keys(await import(source))) {
        if (!new RegExp(`\\b${name}\\b`).test(code)) unnamed.push(`${subpath}: ${name}`)
      }
    }
    expect(unnamed).toEqual([])
  })
})
