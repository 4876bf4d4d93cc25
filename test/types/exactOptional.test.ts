import { fileURLToPath } from 'node:url'
import ts from 'typescript'

// exactOptional.ts under its own tsconfig (`exactOptionalPropertyTypes: true`, which the package's
// own code is not written for): only that file's errors count, so the package's sources are read
// for their declarations and not checked under the flag.
it('every optional member of a public option or prop type takes an explicit undefined under exactOptionalPropertyTypes', () => {
  const configPath = fileURLToPath(new URL('./tsconfig.json', import.meta.url))
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile)
  const { options, fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL('.', import.meta.url)), undefined, configPath)
  expect(options.exactOptionalPropertyTypes).toBe(true)
  const program = ts.createProgram(fileNames, options)
  const errors = fileNames.flatMap((name) => {
    const file = program.getSourceFile(name)!
    return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
  })
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }
  expect(ts.formatDiagnostics(errors, host)).toBe('')
})
