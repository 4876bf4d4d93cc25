import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '../..')

// The declarations `npm run build` writes to dist/, emitted in memory, of the entries a server
// without Node imports (a Cloudflare Worker, Deno, Vercel's Edge runtime), and a Node one without the DOM lib.
const ENTRIES = ['server', 'client', 'query', 'x402']

function emitted(entries = ENTRIES): Map<string, string> {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.build.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
  const files = new Map<string, string>()
  ts.createProgram(entries.map((e) => join(ROOT, `src/${e}.ts`)), options).emit(undefined, (name, text) => files.set(name, text), undefined, true)
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

// The type errors of one app file (at the repository's root) compiled against the emitted
// declarations as its tsc would (skipLibCheck off): the app's own and those in the package's files;
// other packages' .d.ts are theirs to check. Also returns the package's files the program read.
function check(files: Map<string, string>, name: string, source: string, lib: string[], types: string[], declaration = false) {
  const app = join(ROOT, name)
  files.set(app, source)
  const options: ts.CompilerOptions = {
    strict: true,
    skipLibCheck: false,
    ...(declaration ? { declaration: true, emitDeclarationOnly: true, jsx: ts.JsxEmit.ReactJSX } : { noEmit: true }),
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib,
    types,
  }
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile, directoryExists } = host
  host.fileExists = (file) => files.has(file) || fileExists(file)
  // dist/ need not be on disk (a fresh clone, before the build): its folders are those of the files emitted.
  host.directoryExists = (dir) => [...files.keys()].some((file) => file.startsWith(`${dir}/`)) || (directoryExists?.(dir) ?? true)
  host.readFile = (file) => files.get(file) ?? readFile(file)
  host.getSourceFile = (file, version) => {
    const text = files.get(file)
    return text === undefined ? getSourceFile(file, version) : ts.createSourceFile(file, text, version)
  }
  const program = ts.createProgram([app], options, host)
  // The package's files and the app's: other packages' .d.ts are theirs to check.
  const ours = program.getSourceFiles().filter((f) => files.has(f.fileName))
  const diagnostics = [...program.getGlobalDiagnostics(), ...ours.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)])]
  // With \`declaration\`, the app's own .d.ts are emitted (in memory) as its tsc would write them.
  if (declaration) diagnostics.push(...program.emit(program.getSourceFile(app), () => {}, undefined, true).diagnostics)
  const text = ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' })
  return { errors: text, read: ours.map((f) => relative(ROOT, f.fileName)) }
}

test("the server entries type-check in an app without Node's types (a Worker, Deno), skipLibCheck off", () => {
  const files = emitted()
  expect([...files.keys()].map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(['dist/server.d.ts', 'dist/server/toNodeHandler.d.ts']))
  const { errors, read } = check(files, 'worker.ts', WORKER, ['lib.es2022.d.ts', 'lib.webworker.d.ts'], [])
  expect(read).toContain('dist/server/toNodeHandler.d.ts')
  expect(errors).toBe('')
}, 60_000)

// A Node server or script as an app writes it, with Node's types and no DOM lib (\`lib: ["es2022"]\`,
// as @tsconfig/node20 sets it): Node's globals give fetch's Request, Response, Headers and
// RequestInit, but none of the DOM lib's aliases (RequestInfo, HeadersInit, BodyInit).
const NODE = `
import { createPayLinkProxy } from '${ROOT}/dist/server.js'
import { createPayLinkClient, getLink } from '${ROOT}/dist/client.js'
import { getLinkQueryOptions } from '${ROOT}/dist/query.js'
import { fetchWithPayment, type PaymentSigner } from '${ROOT}/dist/x402.js'

declare const signer: PaymentSigner
export const proxy = createPayLinkProxy({ apiKey: 'k', upstream: 'https://api.paylink.example', basePath: '/api/paylink' })
const client = createPayLinkClient({ baseUrl: 'https://api.paylink.example', apiKey: 'k' })
export const link = getLink(client, 'demo')
export const options = getLinkQueryOptions(client, 'demo')
export const paid: Promise<Response> = fetchWithPayment('https://x402.example/report', undefined, { signer })
export const byUrl = fetchWithPayment(new URL('https://x402.example/report'), { method: 'POST' }, { signer })
export const byRequest = fetchWithPayment(new Request('https://x402.example/report'), undefined, { signer })
// @ts-expect-error not a URL nor a Request: the input is typed, not \`any\`
export const notAUrl = fetchWithPayment(42, undefined, { signer })
`

test("the entries without React type-check in a Node app without the DOM lib (Node's types only), skipLibCheck off", () => {
  const { errors, read } = check(emitted(), 'node-app.ts', NODE, ['lib.es2022.d.ts'], ['node'])
  expect(read).toContain('dist/x402/fetchWithPayment.d.ts')
  expect(errors).toBe('')
}, 60_000)

// A library or app that writes its own .d.ts (\`declaration: true\`) and exports values it infers
// from the factories: the .d.ts must name every type in them. A key tagged with
// \`{ [dataTagSymbol]: … }\` written out could not (TS4023, TS4118): the app imports no such symbol.
// The entries as the app names them (package.json's exports, the package resolving itself).
const DECLARED = `
import { createPayLinkClient } from '@paylink/react/client'
import { getLinkQueryOptions, estimateFeesQueryOptions, getPaymentQueryOptions, getBridgeStatusQueryOptions, createLinkMutationOptions, payLinkKeys } from '@paylink/react/query'
import { getLinkQueryOptions as rootLinkQueryOptions } from '@paylink/react'
import { QueryClient } from '@tanstack/react-query'

const client = createPayLinkClient({ baseUrl: '/api' })
export const linkOpts = getLinkQueryOptions(client, 'demo')
export const feeOpts = estimateFeesQueryOptions(client, { sourceChain: 'a', destinationChain: 'b', asset: 'USDC', amount: '1' })
export const payOpts = getPaymentQueryOptions(client, 'p')
export const bridgeOpts = getBridgeStatusQueryOptions(client, 't')
export const rootLinkOpts = rootLinkQueryOptions(client, 'demo')
export const createOpts = createLinkMutationOptions(client, new QueryClient())
export const keys = payLinkKeys
`

test('an app emitting its own .d.ts can export the options a query factory returns (declaration: true, skipLibCheck off)', () => {
  const files = emitted(['index', ...ENTRIES])
  const { errors } = check(files, 'declared.ts', DECLARED, ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], [], true)
  expect(errors).toBe('')
}, 60_000)
