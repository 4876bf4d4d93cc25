import type { Plugin } from 'vite'

// React itself is what makes a module client-only. TanStack Query's queryOptions, keepPreviousData
// and replaceEqualDeep run on a server too, so the query factories (@paylink/react/query) stay
// usable from a Server Component for prefetching.
const REACT = /^(react|react-dom)(\/|$)/
const DIRECTIVE = /^(['"])use client\1;?\s*/

/**
 * Starts every built chunk that reaches React, directly or through its own imports, with
 * `"use client"`, and no other chunk: rolldown may drop module-level directives, so the build
 * derives the one that matters from the module graph instead of trusting the source's.
 */
export function clientDirective(): Plugin {
  return {
    name: 'paylink:client-directive',
    apply: 'build',
    onLog(_level, log) {
      // Handled below, for every chunk at once.
      if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('use client')) return false
    },
    generateBundle(_options, bundle) {
      const reachesReact = new Map<string, boolean>()
      const visit = (fileName: string): boolean => {
        const known = reachesReact.get(fileName)
        if (known !== undefined) return known
        reachesReact.set(fileName, false)
        const chunk = bundle[fileName]
        const result =
          chunk?.type === 'chunk' && chunk.imports.some((id) => REACT.test(id) || (id in bundle && visit(id)))
        reachesReact.set(fileName, result)
        return result
      }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const code = chunk.code.replace(DIRECTIVE, '')
        chunk.code = visit(chunk.fileName) ? `"use client";\n${code}` : code
      }
    },
  }
}
