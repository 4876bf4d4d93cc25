import { join } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '../..')
const src = (entry: string) => join(ROOT, 'src', `${entry}.ts`)

// An entry that re-exports another with `export *` loses any name it also exports itself: the
// local export wins, silently, in both meanings (a component named like a data type hides the type).
const reexported: [entry: string, from: string][] = [
  ['index', 'client'],
  ['index', 'x402'],
  ['index', 'query'],
  ['mock', 'mock/browser'],
]

it('an entry that re-exports another offers each of its names with the same meaning', () => {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
  const program = ts.createProgram([...new Set(reexported.flat())].map(src), options)
  const checker = program.getTypeChecker()
  const exportsOf = (entry: string) =>
    new Map(
      checker
        .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(src(entry))!)!)
        .map((s) => [s.name, s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s]),
    )
  const lost = reexported.flatMap(([entry, from]) => {
    const offered = exportsOf(entry)
    return [...exportsOf(from)].flatMap(([name, original]) => {
      const symbol = offered.get(name)
      const value = !(original.flags & ts.SymbolFlags.Value) || symbol?.valueDeclaration === original.valueDeclaration
      const type =
        !(original.flags & ts.SymbolFlags.Type) ||
        (!!symbol && !!(symbol.flags & ts.SymbolFlags.Type) && checker.getDeclaredTypeOfSymbol(symbol) === checker.getDeclaredTypeOfSymbol(original))
      return value && type ? [] : [`${entry} loses ${from}'s ${name}`]
    })
  })
  expect(lost).toEqual([])
})
