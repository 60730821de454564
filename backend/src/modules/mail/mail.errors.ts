/** Codes a delivery report carries when the SMTP client gave none of its own (not error answers). */
export enum MailDeliveryCode {
  EMAIL_SEND_FAILED = 'EMAIL_SEND_FAILED',
  EMAIL_UNKNOWN = 'EMAIL_UNKNOWN',
}
