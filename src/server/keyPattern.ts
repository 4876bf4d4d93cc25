/**
 * Matches `secret` as it may stand in a JSON text: each UTF-16 unit as itself or as a `\uXXXX`
 * escape (either case of hex), and a slash as `\/` too. An upstream that echoes the key through
 * PHP's json_encode (`\/`) or .NET (`\u002B`) must not get it past a plain-text search.
 */
export function keyPattern(secret: string): RegExp {
  const units = secret.split('').map((unit) => {
    const hex = unit.charCodeAt(0).toString(16).padStart(4, '0').replace(/[a-f]/g, (h) => `[${h}${h.toUpperCase()}]`)
    return `(?:${unit.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}|\\\\u${hex}${unit === '/' ? '|\\\\/' : ''})`
  })
  return new RegExp(units.join(''), 'g')
}
