/** The endpoint functions of the client, as named in errors. */
export type PayLinkEndpoint =
  | 'createLink'
  | 'getLink'
  | 'verifyPayment'
  | 'getPayment'
  | 'createAttentionToken'
  | 'getBridgeStatus'
  | 'estimateFees'

/** One problem found by a schema: `path` is dotted (`splits.creator`), `''` for the whole value. */
export interface PayLinkIssue {
  /** Where in the value, dotted (`splits.creator`); `''` for the whole value. */
  path: string
  /** What is wrong there, e.g. `must be at least 0`. */
  message: string
}

// Before the classes, though only PayLinkValidationError reads it: an app's bundle of this order
// gzips smaller (the root 5 B, PayLinkButton alone 2 B).
/** The issues as one line: `splits.creator: must be at least 0; model: …`. */
export function issuesText(issues: readonly PayLinkIssue[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')
}

/**
 * Base class of every error this package throws. To tell them apart by `name`, switch on it as a
 * `PayLinkErrorType` (the type of the hooks' `error`; a caught `PayLinkError` is one of it).
 */
export class PayLinkError extends Error {
  /**
   * The class's name: `'PayLinkError'` here, each subclass's own there (see `PayLinkErrorName`). An own
   * field, so it survives where `instanceof` does not: an error sent as JSON (a dehydrated query).
   */
  override name = 'PayLinkError'
  /** One sentence for a person, without the technical detail of `message`. */
  declare readonly shortMessage: string

  // A subclass hands its own fields (`reason`, `endpoint`, …) in with the options, after `cause` and
  // `details`: one assignment here serves them all.
  constructor(shortMessage: string, { cause, details, ...fields }: { cause?: unknown; details?: string | undefined } = {}) {
    super(details ? `${shortMessage}\n\nDetails: ${details}` : shortMessage, { cause })
    this.shortMessage = shortMessage
    Object.assign(this, fields)
  }
}

/** The API answered with a non-2xx status (402 on the payment path is not an error: see `verifyPayment`). */
export class PayLinkHttpError extends PayLinkError {
  /** Always `'PayLinkHttpError'`, kept by an error sent as JSON, where `instanceof` fails. */
  override name = 'PayLinkHttpError' as const
  /** The HTTP status, e.g. 404. */
  declare readonly status: number
  /** The API's error code (`not_found`, `rate_limited`, …), or one derived from the status when the body had none. */
  declare readonly code: string
  /** The request id from the body or the `X-Request-Id` header, for support tickets. */
  declare readonly requestId: string | undefined
  /** Seconds to wait before trying again, from `Retry-After` (seconds or HTTP date), at most a day (86 400). */
  declare readonly retryAfterSeconds: number | undefined
  /** `details` of the error body (e.g. the bad fields of a 422). */
  declare readonly details: unknown
  /** The response body as received (parsed JSON, or text), with secrets removed. */
  declare readonly body: unknown
  /** The endpoint function that received it. */
  declare readonly endpoint: PayLinkEndpoint
  /**
   * Which attempt of the request got this answer (1: the first; more after retries). A refusal of a
   * retry does not say that an earlier attempt, which may have timed out after reaching the server, failed.
   */
  declare readonly attempt: number | undefined

  constructor({
    message,
    ...fields
  }: {
    endpoint: PayLinkEndpoint
    attempt?: number | undefined
    status: number
    code: string
    message: string
    requestId?: string | undefined
    retryAfterSeconds?: number | undefined
    details?: unknown
    body: unknown
  }) {
    super(message, { details: `${fields.endpoint}: HTTP ${fields.status} ${fields.code}` })
    Object.assign(this, fields)
  }
}

/** Input that was refused before sending (`source: 'input'`) or a response that did not match the contract (`source: 'response'`). */
export class PayLinkValidationError extends PayLinkError {
  /** Always `'PayLinkValidationError'`, kept by an error sent as JSON, where `instanceof` fails. */
  override name = 'PayLinkValidationError' as const
  /** The endpoint function whose input or response failed. */
  declare readonly endpoint: PayLinkEndpoint | undefined
  /** Whether the caller's input or the server's response was invalid. */
  declare readonly source: 'input' | 'response'
  /** Every problem found, each with its field path. */
  declare readonly issues: readonly PayLinkIssue[]

  constructor(fields: { endpoint?: PayLinkEndpoint | undefined; source: 'input' | 'response'; issues: readonly PayLinkIssue[]; cause?: unknown }) {
    super(`${fields.endpoint ? `${fields.endpoint}: ` : ''}${fields.source === 'input' ? 'invalid input' : 'the response does not match the API contract'}`, {
      ...fields,
      details: issuesText(fields.issues),
    })
  }
}

/** The request did not get an HTTP answer: offline, DNS, a dropped connection, or the time-out. */
export class PayLinkNetworkError extends PayLinkError {
  /** Always `'PayLinkNetworkError'`, kept by an error sent as JSON, where `instanceof` fails. */
  override name = 'PayLinkNetworkError' as const
  /** True when the client's own time-out ended the request. */
  declare readonly timedOut: boolean
  /** The endpoint function that sent the request. */
  declare readonly endpoint: PayLinkEndpoint | undefined

  constructor({ timeoutMs, ...fields }: { endpoint?: PayLinkEndpoint | undefined; timedOut: boolean; cause?: unknown; timeoutMs?: number | undefined }) {
    super(fields.timedOut ? `The request timed out after ${timeoutMs} ms` : 'The request could not reach the server', { ...fields, details: fields.endpoint })
  }
}

/** The client was configured in a way that would be unsafe or cannot work (e.g. an API key in a browser). */
export class PayLinkConfigError extends PayLinkError {
  /** Always `'PayLinkConfigError'`, kept by an error sent as JSON, where `instanceof` fails. */
  override name = 'PayLinkConfigError' as const
}

/** Every error class name of the family, for exhaustive `switch (error.name)`. */
export type PayLinkErrorName =
  | 'PayLinkError'
  | 'PayLinkHttpError'
  | 'PayLinkValidationError'
  | 'PayLinkNetworkError'
  | 'PayLinkConfigError'
  | 'PayLinkX402Error'
  | 'PayLinkPaymentError'

/**
 * Any error of the family, as a union that `name` tells apart: the type of every `error` the hooks,
 * the query options and the components give. `switch (error.name)` then narrows it as `instanceof`
 * does (`case 'PayLinkHttpError':` reads `error.status`), exhaustively, and also holds for an error
 * sent as JSON (a dehydrated query), where `instanceof` fails.
 */
export type PayLinkErrorType =
  | (PayLinkError & {
      /** A `PayLinkError` of the base class itself (no subclass): a failure of none of the kinds below. */
      readonly name: 'PayLinkError'
    })
  | PayLinkHttpError
  | PayLinkValidationError
  | PayLinkNetworkError
  | PayLinkConfigError
  | PayLinkX402Error
  | PayLinkPaymentError

/** Why an x402 message could not be read. */
export type X402ErrorReason = 'malformed_base64' | 'malformed_json' | 'invalid_shape' | 'unsupported_version'

/** An x402 header or body (402 requirements, payment payload, settlement) could not be decoded. */
export class PayLinkX402Error extends PayLinkError {
  /** Always `'PayLinkX402Error'`, kept by an error sent as JSON, where `instanceof` fails. */
  override name = 'PayLinkX402Error' as const
  /** What was wrong with it. */
  declare readonly reason: X402ErrorReason
  /** What was being decoded, e.g. `PAYMENT-REQUIRED header`. */
  declare readonly source: string

  constructor(fields: { reason: X402ErrorReason; source: string; details?: string | undefined; cause?: unknown }) {
    // A regex, as base64.ts has one alike: replaceAll is called nowhere else.
    super(`Could not read the x402 ${fields.source}: ${fields.reason.replace(/_/g, ' ')}`, fields)
  }
}

/** Why a payment was not made, or why its outcome is not known. */
export type PaymentErrorReason =
  /** No requirement of the 402 is one the signer can pay (scheme, network). Nothing was signed. */
  | 'no_payable_requirement'
  /** Every payable requirement costs more than `maxAmount`. Nothing was signed. */
  | 'exceeds_max_amount'
  /** The request already carried a payment header; it is not paid again. */
  | 'already_has_payment'
  /** The wallet refused to sign (the user said no). Nothing was sent. */
  | 'wallet_rejected'
  /** The signer failed for another reason. Nothing was sent. */
  | 'signer_failed'
  /** A paid request got no clear answer (a 402 again, a lost response): it may have gone through. Never pay again on your own. */
  | 'outcome_unknown'
  /** The server refused the payment with an x402 reason (see `x402Reason`). */
  | 'payment_refused'

/** A payment step failed or ended with an unknown outcome; `reason` says which, `x402Reason` carries the server's code. */
export class PayLinkPaymentError extends PayLinkError {
  /** Always `'PayLinkPaymentError'`, kept by an error sent as JSON, where `instanceof` fails. */
  override name = 'PayLinkPaymentError' as const
  /** What happened. */
  declare readonly reason: PaymentErrorReason
  /** The x402 reason code the server gave (`insufficient_funds`, …), when it gave one. */
  declare readonly x402Reason: string | undefined

  /**
   * With `outcome_unknown`: the payment header that was sent, so the caller can resend exactly that
   * payment (never a new one) to learn the outcome. Not enumerable, so error reporters that
   * serialise errors do not copy it.
   */
  declare readonly paymentHeader:
    | {
        /** The request header it went in: `PAYMENT-SIGNATURE` for x402 v2, `X-PAYMENT` for v1. */
        name: 'PAYMENT-SIGNATURE' | 'X-PAYMENT'
        /** The base64 payment as sent; resend it unchanged, never a newly signed one. */
        value: string
      }
    | undefined

  constructor({
    message,
    paymentHeader,
    ...fields
  }: {
    reason: PaymentErrorReason
    message: string
    x402Reason?: string | undefined
    cause?: unknown
    details?: string | undefined
    paymentHeader?: { name: 'PAYMENT-SIGNATURE' | 'X-PAYMENT'; value: string } | undefined
  }) {
    super(message, fields)
    // defineProperty's defaults: not enumerable, not writable.
    Object.defineProperty(this, 'paymentHeader', { value: paymentHeader })
  }
}

/** A `PayLinkPaymentError` from its fields in order: one call for every payment error but `fetchWithPayment`'s last. */
export const paymentError = (reason: PaymentErrorReason, message: string, details?: string, cause?: unknown, x402Reason?: string) =>
  new PayLinkPaymentError({ reason, message, details, cause, x402Reason })
