// After one decoding these still spell a dot or a slash: a double-encoded traversal.
const ENCODED_DOT_OR_SLASH = /%(2e|2f|5c)/i

/**
 * Splits a path into decoded segments, or returns `undefined` when it tries to move around the
 * tree: `..` or `.` (plain, encoded, or as Unicode normalises it), encoded slashes (`%2f`, `%5c`),
 * backslashes, double slashes, double encoding, or broken percent-encoding. Run on the raw request
 * target, because URL parsers resolve `..` and `%2e%2e` before anyone else sees them.
 */
export function safeSegments(pathname: string): string[] | undefined {
  if (!pathname.startsWith('/') || pathname.includes('\\') || pathname.includes('//') || /%(2f|5c)/i.test(pathname)) {
    return undefined
  }
  const segments: string[] = []
  for (const raw of pathname.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return undefined
    }
    // Checked in NFKC form too: a server that normalises after decoding reads fullwidth dots or a
    // two-dot leader (U+FF0E, U+2025) as `..`, a fullwidth solidus (U+FF0F, U+FF3C) as a slash.
    for (const form of [segment, segment.normalize('NFKC')]) {
      if (form === '.' || form === '..' || /[/\\]/.test(form) || ENCODED_DOT_OR_SLASH.test(form)) return undefined
    }
    segments.push(segment)
  }
  return segments
}
