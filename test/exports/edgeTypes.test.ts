import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '../..')

// The declarations `npm run build` writes to dist/, emitted in memory, of the entries a server
// without Node imports: a Cloudflare Worker, Deno, Vercel's Edge runtime.
const ENTRIES = ['server', 'client', 'query', 'x402']

function emitted(): Map<string, string> {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.build.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
  const files = new Map<string, string>()
  ts.createProgram(ENTRIES.map((e) => join(ROOT, `src/${e}.ts`)), options).emit(undefined, (name, text) => files.set(name, text), undefined, true)
  return files
}

// A Worker as an app writes it, type-checked as its tsc would: the web's globals and no Node types
// (no @types/node: `types: []`), and the package's .d.ts checked too (skipLibCheck off).
const WORKER = `
import { createPayLinkProxy } from '${ROOT}/dist/server.js'
import { createPayLinkClient, getLink } from '${ROOT}/dist/client.js'
import { getLinkQueryOptions } from '${ROOT}/dist/query.js'
import { fetchWithPayment } from '${ROOT}/dist/x402.js'

const proxy = createPayLinkProxy({ apiKey: 'k', upstream: 'https://api.paylink.example', basePath: '/api/paylink' })
const client = createPayLinkClient({ baseUrl: 'https://api.paylink.example', apiKey: 'k' })
export default {
  fetch: (request: Request): Promise<Response> =>
    new URL(request.url).pathname === '/link' ? getLink(client, 'demo').then((link) => Response.json(link)) : proxy(request),
}
export const options = getLinkQueryOptions(client, 'demo')
export const pay: typeof fetch = (input, init) => fetchWithPayment(input, init, { signer: { networks: [], signPayment: async () => '' } as never })
`

test("the server entries type-check in an app without Node's types (a Worker, Deno), skipLibCheck off", () => {
  const files = emitted()
  expect([...files.keys()].map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(['dist/server.d.ts', 'dist/server/toNodeHandler.d.ts']))
  const worker = join(ROOT, 'worker.ts')
  files.set(worker, WORKER)
  const options: ts.CompilerOptions = {
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.webworker.d.ts'],
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile, directoryExists } = host
  host.fileExists = (name) => files.has(name) || fileExists(name)
  // dist/ need not be on disk (a fresh clone, before the build): its folders are those of the files emitted.
  host.directoryExists = (dir) => [...files.keys()].some((name) => name.startsWith(`${dir}/`)) || (directoryExists?.(dir) ?? true)
  host.readFile = (name) => files.get(name) ?? readFile(name)
  host.getSourceFile = (name, version) => {
    const text = files.get(name)
    return text === undefined ? getSourceFile(name, version) : ts.createSourceFile(name, text, version)
  }
  const program = ts.createProgram([worker], options, host)
  // The package's files and the app's: other packages' .d.ts are theirs to check.
  const ours = program.getSourceFiles().filter((f) => files.has(f.fileName))
  expect(ours.map((f) => relative(ROOT, f.fileName))).toContain('dist/server/toNodeHandler.d.ts')
  const diagnostics = [...program.getGlobalDiagnostics(), ...ours.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)])]
  const text = ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' })
  expect(text).toBe('')
}, 60_000)
