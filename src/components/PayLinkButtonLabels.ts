/** A price as the button shows it: the amount already formatted for the locale. */
export interface PayLinkButtonPrice {
  /** The amount, formatted (e.g. `"1.50"`, or `"1,50"` in `de-DE`). */
  amount: string
  /** The currency code, e.g. `USDC`. */
  currency: string
}

/**
 * Every text of `PayLinkButton`. The button's own text says what a click does; the `…Status`
 * texts fill its polite live region (and, after a purchase went wrong or is being confirmed, its
 * visible second line).
 */
export interface PayLinkButtonLabels {
  /** Button text while the price loads. */
  loading: string
  /** Button text that starts a purchase. */
  pay: (price: PayLinkButtonPrice) => string
  /** Button text that starts a purchase when the price is not known (a link without one, or a 402 whose price could not be read: an asset outside the default cap's USDC, or offers at different prices with no signer to pick). */
  payWithoutPrice: string
  /** Button text while the wallet is asked to sign. */
  signing: string
  /** Button text while the payment is verified and settled. */
  verifying: string
  /** Button text once paid. */
  settled: string
  /** Button text after a failure: a click tries again. */
  failed: string
  /** Button text while the outcome is not known: a click resends the same signed payment. */
  unknown: string
  /** The creator/platform split (`showSplit`), shares already formatted as percentages. */
  split: (shares: { creator: string; platform: string }) => string
  /** Announced while the price loads again after "Payment unavailable" (a "Try again", or back online); not on load, nor during a press's own read. */
  loadingStatus: string
  /** Announced when the button can be clicked to pay after that read ("Try again", or back online, read the terms); not on load, where each button of a page would say it. */
  readyStatus: string
  /**
   * Announced when a click signed nothing because the price went up (or the asset or network
   * changed) since it was shown; the button shows the new price (`undefined` when it cannot
   * be read), and the next click pays it.
   */
  priceChangedStatus: (price: PayLinkButtonPrice | undefined) => string
  /** Announced while the wallet is asked to sign. */
  signingStatus: string
  /** Shown (and announced) while the wallet has not answered for 20 s (`walletSlow`): a press asks it again. */
  signingSlowStatus: string
  /** Announced while the payment is verified and settled. */
  verifyingStatus: string
  /** Announced when settlement takes longer than usual. */
  verifyingSlowStatus: string
  /** Announced once paid. */
  settledStatus: string
  /** Announced (and shown) after a payment failed. */
  failedStatus: string
  /** Announced (and shown) after the wallet refused to sign. */
  cancelledStatus: string
  /** Announced (and shown) while the outcome is not known: being confirmed, not failed. */
  unknownStatus: string
  /** Announced when the button cannot start a purchase (disabled, or no wallet). */
  disabledStatus: string
  /** Announced (and shown) after the payment's terms could not be read (a link not found, a seller unreachable), or while the wallet can pay none of the ways they offer (`disabled`): nothing was paid. */
  unavailableStatus: string
}

/** The English texts of `PayLinkButton`. */
export const defaultPayLinkButtonLabels: PayLinkButtonLabels = {
  loading: 'Loading…',
  pay: (price) => `Pay ${price.amount} ${price.currency}`,
  payWithoutPrice: 'Pay',
  signing: 'Confirm in your wallet…',
  verifying: 'Verifying payment…',
  settled: 'Paid',
  failed: 'Try again',
  unknown: 'Check payment status',
  split: (shares) => `Creator ${shares.creator} · Platform ${shares.platform}`,
  loadingStatus: 'Loading the price',
  readyStatus: 'Ready to pay',
  priceChangedStatus: (price) => `The price changed${price ? ` to ${price.amount} ${price.currency}` : ''}. Press again to pay.`,
  signingStatus: 'Waiting for your wallet to sign',
  signingSlowStatus: 'No answer from your wallet? Press to ask again.',
  verifyingStatus: 'Verifying the payment',
  verifyingSlowStatus: 'Still confirming the payment: this is taking longer than usual',
  settledStatus: 'Payment complete',
  failedStatus: 'Payment failed',
  cancelledStatus: 'Payment cancelled in your wallet',
  unknownStatus: 'Confirming payment…',
  disabledStatus: 'Payment unavailable',
  unavailableStatus: 'Payment unavailable',
}
