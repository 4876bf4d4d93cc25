/** One endpoint the proxy forwards: its method and its path below `/pub/v1`, `:name` marking a path value. */
export interface ProxyRoute {
  /** The HTTP method; a request with another one is not forwarded. */
  readonly method: 'GET' | 'POST'
  /** The path below `/pub/v1`, e.g. `links/:code`. */
  readonly pattern: string
  /** Whether the query string is forwarded. Defaults to `false`. */
  readonly query?: boolean | undefined
}

/** The seven endpoints of the API, and nothing else. */
export const PROXY_ROUTES: readonly ProxyRoute[] = [
  { method: 'POST', pattern: 'links' },
  { method: 'GET', pattern: 'links/:code' },
  { method: 'POST', pattern: 'payments/verify' },
  { method: 'GET', pattern: 'payments/:id' },
  { method: 'POST', pattern: 'attention/token' },
  { method: 'GET', pattern: 'bridge/status/:id' },
  { method: 'GET', pattern: 'fees/estimate', query: true },
]

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/')
  return (
    parts.length === segments.length &&
    parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
  )
}

/** The routes whose pattern fits the decoded path segments below `/pub/v1` (several when only the method tells them apart). */
export function matchRoutes(segments: readonly string[]): ProxyRoute[] {
  return PROXY_ROUTES.filter((route) => matches(route.pattern, segments))
}
