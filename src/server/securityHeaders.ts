/**
 * Headers on every answer of the proxy. Its answers come from the app's own origin, so an HTML page
 * from upstream (a gateway's error page) must neither be sniffed into one nor run script or be framed.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
}
