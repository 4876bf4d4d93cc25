/**
 * Headers on every answer of the proxy. Its answers come from the app's own origin, so an HTML page
 * from upstream (a gateway's error page) must neither be sniffed into one nor run script or be framed.
 * And none is stored: each was fetched with the app's key (an upstream `Cache-Control: public` spoke
 * to the key's holder, not to a CDN serving every visitor), and a stored payment, transfer status or
 * 404 would stall a poll or hide a link created since.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // `sandbox`: a page from upstream that echoes what someone sent it gets an opaque origin and no
  // forms (`default-src` does not cover `form-action`), so it cannot post from the app's origin.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'Cache-Control': 'no-store',
}
