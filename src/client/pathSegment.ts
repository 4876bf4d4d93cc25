import { type PayLinkEndpoint, PayLinkValidationError } from './errors.js'

/**
 * Encodes one path value (a link code, an id) so that it can never change the path: `../admin`
 * becomes `..%2Fadmin`. An empty value, or `.`/`..` (which URL parsers resolve even when encoded),
 * is refused before anything is sent.
 */
export function pathSegment(value: string, name: string, endpoint: PayLinkEndpoint): string {
  if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
    throw new PayLinkValidationError({
      endpoint,
      source: 'input',
      issues: [{ path: name, message: value === '' || typeof value !== 'string' ? 'must be a non-empty string' : `cannot be ${JSON.stringify(value)}` }],
    })
  }
  return encodeURIComponent(value)
}
