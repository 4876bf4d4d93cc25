import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string }>
}

// Each entry's built types and their source (./dist/mock/browser.d.ts is src/mock/browser.ts), so a
// new entry is covered the day it is added to `exports`.
const built = Object.values(pkg.exports).flatMap((target) => {
  const types = typeof target === 'string' ? '' : target.types
  return types.endsWith('.d.ts') && !types.endsWith('styles.css.d.ts') ? [join(ROOT, types)] : []
})
const entries = built.map((types) => join(ROOT, 'src', relative(join(ROOT, 'dist'), types).replace(/\.d\.ts$/, '.ts')))

const compilerOptions = (file: string) => {
  const { config } = ts.readConfigFile(join(ROOT, file), ts.sys.readFile)
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options
}

// The declarations that `npm run build` writes to dist/, emitted in memory: what an app's editor
// reads. A type written out there (a schema's fields, inlined from another file) has no JSDoc.
function builtProgram(): ts.Program {
  const options = compilerOptions('tsconfig.build.json')
  const files = new Map<string, string>()
  ts.createProgram(entries, options).emit(undefined, (name, text) => files.set(name, text), undefined, true)
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, directoryExists } = host
  host.fileExists = (name) => files.has(name) || fileExists(name)
  host.readFile = (name) => files.get(name) ?? readFile(name)
  host.directoryExists = (name) => [...files.keys()].some((file) => file.startsWith(`${name}/`)) || !!directoryExists?.(name)
  const program = ts.createProgram(built, options, host)
  // An import left unresolved would make its types `any`, with no members to check: none passes.
  const checker = program.getTypeChecker()
  for (const file of program.getSourceFiles().filter((f) => files.has(f.fileName))) {
    const visit = (node: ts.Node): void => {
      const specifier =
        ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ? node.moduleSpecifier
        : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) ? node.argument.literal
        : undefined
      if (specifier && ts.isStringLiteral(specifier) && !checker.getSymbolAtLocation(specifier)) {
        throw new Error(`${relative(ROOT, file.fileName)} imports ${specifier.text}, which does not resolve`)
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return program
}

// JSDoc with words in it: a bare `/** @internal */` tells a reader nothing.
const documented = (node: ts.Node) =>
  ts.getJSDocCommentsAndTags(node).some((doc) => ts.isJSDoc(doc) && !!ts.getTextOfJSDocComment(doc.comment)?.trim())

// An overloaded function's implementation is not what an editor shows: its overloads are.
const isOverloadImplementation = (node: ts.Node, symbol: ts.Symbol) =>
  ts.isFunctionDeclaration(node) && !!node.body && (symbol.declarations?.length ?? 0) > 1

// A class's member that a user can read: not `private`, not `#`. A constructor's parameter written
// `public readonly x` is one too.
type ClassMember = ts.PropertyDeclaration | ts.MethodDeclaration | ts.AccessorDeclaration | ts.ParameterPropertyDeclaration
const isPublicClassMember = (node: ts.Node): node is ClassMember =>
  (ts.isPropertyDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isAccessor(node) ||
    (ts.isParameter(node) && ts.isParameterPropertyDeclaration(node, node.parent))) &&
  !ts.isPrivateIdentifier(node.name) &&
  !(ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Private)

// A member written in our source: a property of a type, a key of an object literal, which is how
// the fields of a zod schema's shape (whose types are inferred from it) and of an exported const
// object are declared, or a public member of a class. Not React's HTMLAttributes, nor the `message`,
// `stack` and `cause` that the error classes inherit from `Error`.
const isWrittenMember = (
  node: ts.Node,
): node is ts.PropertySignature | ts.MethodSignature | ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ClassMember =>
  (ts.isPropertySignature(node) || ts.isMethodSignature(node) || ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || isPublicClassMember(node)) &&
  !node.getSourceFile().fileName.includes('/node_modules/')

function offenders(program: ts.Program, files: string[]): string[] {
  const checker = program.getTypeChecker()
  // By node: a member inherited by several exported types is one offender, named after the first.
  const found = new Map<ts.Node, string>()
  const report = (node: ts.Node, name: string) => {
    const file = node.getSourceFile()
    const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1
    if (!found.has(node)) found.set(node, `${relative(ROOT, file.fileName)}:${line} ${name}`)
  }
  const checkMember = (member: ts.Node, owner: string) => {
    if (isWrittenMember(member) && !documented(member)) report(member, `${owner}.${member.name.getText()}`)
  }
  // Types whose properties are checked, with the name they are reported under, each type once.
  const types: [ts.Type, string][] = []
  const seen = new Set<ts.Type>()
  const check = (type: ts.Type, owner: string) => {
    if (!seen.has(type)) types.push([type, owner])
    seen.add(type)
  }

  for (const entry of files) {
    const source = program.getSourceFile(entry)
    if (!source) throw new Error(`${relative(ROOT, entry)}, of an entry in package.json exports, is missing`)
    for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(source)!)) {
      // Re-exports (`export * from`, `export { x } from`) resolve to where the thing is written.
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      for (const declaration of symbol.declarations ?? []) {
        if (!documented(declaration) && !isOverloadImplementation(declaration, symbol)) report(declaration, symbol.name)
      }
      // Members as the checker sees them: those inherited (`extends`) or picked (`Omit<…>`) from
      // types of ours that are not exported themselves are still options a user writes, and the
      // fields of a type inferred from a zod schema (`Link`) are what a user reads. A const's are its
      // type's: an annotated one's are the annotation's, an `as const` object's are its keys.
      if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) check(checker.getDeclaredTypeOfSymbol(symbol), symbol.name)
      if (symbol.flags & ts.SymbolFlags.Variable) check(checker.getTypeOfSymbol(symbol), symbol.name)
      // A class's instance members (`error.status`) are its declared type's, its static ones its
      // constructor's. Not the constructor: the package builds its errors, an app reads them.
      if (symbol.flags & ts.SymbolFlags.Class) {
        check(checker.getDeclaredTypeOfSymbol(symbol), symbol.name)
        check(checker.getTypeOfSymbol(symbol), symbol.name)
      }
    }
  }
  // Breadth first, so that a field is named after the closest exported type (`Payment.status`, not
  // `PurchaseState.payment.status`). Into the types of our members (`Link['splits']`,
  // `retry?: { … }`), through unions and arrays (`accepts: PaymentRequirementV1[]`); not into a
  // function's parameters (a label function's `values` are described by the label's JSDoc), nor
  // into React's, the DOM's or zod's types.
  for (const [type, owner] of types) {
    if (type.isUnion()) type.types.forEach((part) => check(part, owner))
    else if (checker.isArrayType(type)) check(checker.getTypeArguments(type as ts.TypeReference)[0]!, owner)
    else {
      for (const property of checker.getPropertiesOfType(type)) {
        const ours = (property.declarations ?? []).filter(isWrittenMember)
        for (const member of ours) checkMember(member, owner)
        if (ours.length) check(checker.getTypeOfSymbol(property), `${owner}.${property.name}`)
      }
    }
  }
  return [...found.values()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}

describe('JSDoc on the public API', () => {
  it('documents every export of every entry, and every member of its exported object types', () => {
    expect(entries.length).toBeGreaterThanOrEqual(8)
    expect(offenders(ts.createProgram(entries, compilerOptions('tsconfig.json')), entries)).toEqual([])
  })

  it('keeps that JSDoc in the built declarations', () => {
    expect(offenders(builtProgram(), built)).toEqual([])
  })
})
