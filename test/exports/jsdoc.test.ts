import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string }>
}

// Each entry's source, from its built types (./dist/mock/browser.d.ts is src/mock/browser.ts), so a
// new entry is covered the day it is added to `exports`.
const entries = Object.values(pkg.exports).flatMap((target) => {
  const types = typeof target === 'string' ? '' : target.types
  const name = /^\.\/dist\/(.+)\.d\.ts$/.exec(types)?.[1]
  return name && name !== 'styles.css' ? [join(ROOT, 'src', `${name}.ts`)] : []
})

// JSDoc with words in it: a bare `/** @internal */` tells a reader nothing.
const documented = (node: ts.Node) =>
  ts.getJSDocCommentsAndTags(node).some((doc) => ts.isJSDoc(doc) && !!ts.getTextOfJSDocComment(doc.comment)?.trim())

// An overloaded function's implementation is not what an editor shows: its overloads are.
const isOverloadImplementation = (node: ts.Node, symbol: ts.Symbol) =>
  ts.isFunctionDeclaration(node) && !!node.body && (symbol.declarations?.length ?? 0) > 1

// A member written as a type in our source: not React's HTMLAttributes, nor a zod schema's field
// (its type is inferred; CONTRACT.md describes the data).
const isWrittenMember = (node: ts.Node): node is ts.PropertySignature | ts.MethodSignature =>
  (ts.isPropertySignature(node) || ts.isMethodSignature(node)) && !node.getSourceFile().fileName.includes('/node_modules/')

function offenders(): string[] {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
  const program = ts.createProgram(entries, options)
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

  for (const entry of entries) {
    const source = program.getSourceFile(entry)
    if (!source) throw new Error(`${relative(ROOT, entry)} is in package.json exports but not in src`)
    for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(source)!)) {
      // Re-exports (`export * from`, `export { x } from`) resolve to where the thing is written.
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      for (const declaration of symbol.declarations ?? []) {
        if (!documented(declaration) && !isOverloadImplementation(declaration, symbol)) report(declaration, symbol.name)
        if (!ts.isInterfaceDeclaration(declaration) && !ts.isTypeAliasDeclaration(declaration)) continue
        // Members as the checker sees them: those inherited (`extends`) or picked (`Omit<…>`) from
        // types of ours that are not exported themselves are still options a user writes.
        const type = checker.getDeclaredTypeOfSymbol(symbol)
        for (const part of type.isUnion() ? type.types : [type]) {
          for (const property of checker.getPropertiesOfType(part)) {
            for (const member of property.declarations ?? []) checkMember(member, symbol.name)
          }
        }
        // And members of object types nested in a member (`retry?: { … }`), but not of a function's
        // parameters: a label function's `values` are described by the label's own JSDoc.
        const visit = (node: ts.Node): void => {
          checkMember(node, symbol.name)
          if (!ts.isFunctionTypeNode(node) && !ts.isConstructorTypeNode(node) && !ts.isMethodSignature(node)) ts.forEachChild(node, visit)
        }
        ts.forEachChild(declaration, visit)
      }
    }
  }
  return [...found.values()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}

describe('JSDoc on the public API', () => {
  it('documents every export of every entry, and every member of its exported object types', () => {
    expect(entries.length).toBeGreaterThanOrEqual(8)
    expect(offenders()).toEqual([])
  })
})
