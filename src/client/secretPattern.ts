/**
 * Matches `secret` in every spelling a JSON text may give it: each UTF-16 unit as itself, as a
 * `\uXXXX` escape (either case of hex), or as its short escape (`\"`, `\\`, `\/` as PHP writes a
 * slash, `\b`, `\f`, `\n`, `\r`, `\t`). A search of the raw text then finds the secret even where
 * the text is not one JSON value (a PHP warning before the JSON, NDJSON).
 */
export const secretPattern = (secret: string): RegExp =>
  RegExp(
    secret.replace(/[^]/g, (unit) => {
      const hex = unit.charCodeAt(0).toString(16).padStart(4, '0')
      // The letter of the unit's short escape, or '' for none. In a class it stands doubled, which
      // needs no escaping (`[\\]` is a backslash, `[nn]` an n), and `[]` matches nothing.
      const short = '"\\/bfnrt'.charAt('"\\/\b\f\n\r\t'.indexOf(unit))
      // `\uXXXX` in a pattern is the unit itself, with no character to escape.
      return `(?:\\u${hex}|\\\\(?:u${hex.replace(/[a-f]/g, (h) => `[${h}${h.toUpperCase()}]`)}|[${short}${short}]))`
    }),
    'g',
  )
