import { PayLinkConfigError } from '../../client/errors.js'

/** The x402 version(s) the mock's 402 gate speaks: `1` (a v1-only server), `2` (a v2-only server) or `'both'`. */
export type MockX402Version = 1 | 2 | 'both'

/** Throws a `PayLinkConfigError` for a version the gate cannot speak (`'1'`, `3`), so that a typo does not pass as `'both'`. */
export function checkX402Version(version: MockX402Version | undefined): void {
  if (version !== undefined && version !== 1 && version !== 2 && version !== 'both') {
    throw new PayLinkConfigError(`Unknown mock x402 version ${JSON.stringify(version)}`, { details: "Known: 1, 2, 'both'" })
  }
}

/** Whether a gate of `version` reads a payment in `headerName`. */
export const speaks = (version: MockX402Version, headerName: 'PAYMENT-SIGNATURE' | 'X-PAYMENT'): boolean =>
  version === 'both' || version === (headerName === 'X-PAYMENT' ? 1 : 2)
