import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/**
 * The type errors of one file of this folder, checked with the repository's compiler options, as
 * text ('' when it compiles). Only that file's errors count: the package's sources are read for
 * their declarations. A `@ts-expect-error` that finds no error is an error too, so the file's
 * "must not compile" lines are checked as well.
 */
export function typeErrors(file: string): string {
  const configPath = fileURLToPath(new URL('../../tsconfig.json', import.meta.url))
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL('../..', import.meta.url)), undefined, configPath)
  const name = fileURLToPath(new URL(file, import.meta.url))
  const program = ts.createProgram([name], options)
  const source = program.getSourceFile(name)!
  const errors = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }
  return ts.formatDiagnostics(errors, host)
}
