/**
 * The bytes as a string of one character per byte (U+0000 to U+00FF), so that a text search runs
 * on a body in any charset and every byte it does not replace goes back as it came.
 */
export function byteString(bytes: Uint8Array): string {
  let text = ''
  // In slices: a call takes a limited number of arguments.
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192))
  return text
}
