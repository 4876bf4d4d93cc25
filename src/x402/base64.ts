import { PayLinkX402Error, type X402ErrorReason } from '../client/errors.js'

/** Encodes a value as base64 of its UTF-8 JSON, as x402 headers carry it (works in browsers and Node, no Buffer). */
export function encodeBase64Json(value: unknown): string {
  // The UTF-8 bytes as one character each, which btoa takes: encodeURIComponent writes every byte
  // of a character outside ASCII's unreserved ones as %XX, and unescape turns each %XX back into
  // one character (a "%" of the text is %25, so no %uXXXX reaches it). It throws only on a lone
  // surrogate, which JSON.stringify never outputs (it escapes one as \uXXXX). 17 B gzip less in
  // PayLinkButton's bundle than TextEncoder and a character per byte; unescape, though deprecated,
  // is in every engine (Annex B), as btoa is.
  return btoa(unescape(encodeURIComponent(JSON.stringify(value))))
}

/** Decodes base64 (standard or URL-safe) UTF-8 JSON, or throws a `PayLinkX402Error` naming `source`. */
export function decodeBase64Json(text: string, source: string): unknown {
  let reason: X402ErrorReason = 'malformed_base64'
  try {
    // atob (the HTML spec's forgiving base64) skips white space and takes base64 without its padding,
    // so with the '=' run cut off first, one '=' too few or too many reads the same. No white space
    // follows the padding: a header's value comes without the white space around it.
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''))
    reason = 'malformed_json'
    // UTF-8, as encodeBase64Json writes it, backwards: escape writes each byte outside ASCII as %XX,
    // and decodeURIComponent reads those as UTF-8, throwing (a URIError) on malformed bytes, overlong
    // forms and surrogates, where a fatal TextDecoder throws a TypeError. A byte order mark is dropped,
    // as a TextDecoder drops it. 27 B gzip less in PayLinkButton's bundle than a TextDecoder over the bytes.
    return JSON.parse(decodeURIComponent(escape(binary)).replace(/^\uFEFF/, ''))
  } catch (cause) {
    throw new PayLinkX402Error({ reason, source, cause })
  }
}
