import { type PayLinkEndpoint, PayLinkValidationError } from './errors.js'

/**
 * Encodes one path value (a link code, an id) so that it can never change the path: `../admin`
 * becomes `..%2Fadmin`. An empty value, `.`/`..` (which URL parsers resolve even when encoded), or
 * text that cannot be encoded is refused before anything is sent.
 */
export function pathSegment(value: string, name: string, endpoint: PayLinkEndpoint): string {
  const problem =
    typeof value !== 'string' || !value
      ? 'must be a non-empty string'
      : /^\.\.?$/.test(value)
        ? `cannot be "${value}"`
        : // encodeURIComponent throws a URIError on half of a surrogate pair.
          /\p{Cs}/u.test(value) && 'must be well-formed Unicode (it has a lone surrogate)'
  if (problem) throw new PayLinkValidationError({ endpoint, source: 'input', issues: [{ path: name, message: problem }] })
  return encodeURIComponent(value)
}
