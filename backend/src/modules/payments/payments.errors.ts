/** Codes of the card payment routes besides the common ones. */
export enum PaymentsErrorCode {
  STRIPE_NOT_CONFIGURED = 'STRIPE_NOT_CONFIGURED',
  STRIPE_ERROR = 'STRIPE_ERROR',
  PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND',
  PAYMENT_MISMATCH = 'PAYMENT_MISMATCH',
  PAYMENT_NOT_SUCCEEDED = 'PAYMENT_NOT_SUCCEEDED',
  NOT_A_TICKET = 'NOT_A_TICKET',
  INVALID_SIGNATURE = 'INVALID_SIGNATURE',
  EVENT_GONE_REFUNDED = 'EVENT_GONE_REFUNDED',
  EVENT_FULL_REFUNDED = 'EVENT_FULL_REFUNDED',
}

/** What every call that reaches Stripe may answer, by status. */
export const STRIPE_ERRORS = {
  400: [PaymentsErrorCode.STRIPE_ERROR],
  502: [PaymentsErrorCode.STRIPE_ERROR],
  503: [PaymentsErrorCode.STRIPE_NOT_CONFIGURED, PaymentsErrorCode.STRIPE_ERROR],
};
