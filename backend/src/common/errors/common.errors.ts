/** Error codes the platform itself answers, whatever the route (values equal names). */
export enum CommonErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  BODY_TOO_DEEP = 'BODY_TOO_DEEP',
  BAD_URL = 'BAD_URL',
  HEADERS_TOO_LARGE = 'HEADERS_TOO_LARGE',
  BAD_PREFLIGHT = 'BAD_PREFLIGHT',
  SHUTTING_DOWN = 'SHUTTING_DOWN',
  DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE',
  RATE_LIMITED = 'RATE_LIMITED',
}
