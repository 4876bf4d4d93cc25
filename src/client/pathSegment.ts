import { type PayLinkEndpoint, PayLinkValidationError } from './errors.js'

/**
 * Encodes one path value (a link code, an id) so that it can never change the path: `../admin`
 * becomes `..%2Fadmin`. An empty value, `.`/`..` (which URL parsers resolve even when encoded), or
 * text that cannot be encoded is refused before anything is sent.
 */
export function pathSegment(value: string, name: string, endpoint: PayLinkEndpoint): string {
  let problem = typeof value !== 'string' || !value ? 'must be a non-empty string' : (value === '.' || value === '..') && `cannot be "${value}"`
  if (!problem) {
    try {
      return encodeURIComponent(value)
    } catch {
      // A URIError: half of a surrogate pair.
      problem = 'must be well-formed Unicode (it has a lone surrogate)'
    }
  }
  throw new PayLinkValidationError({ endpoint, source: 'input', issues: [{ path: name, message: problem }] })
}
