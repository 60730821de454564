/** Driver codes meaning "the database cannot be reached now" (network, or server restarting). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '53300', // too_many_connections
]);

/**
 * pg raises these as plain errors without a code ("timeout expired": a new connection not opened
 * within DATABASE_CONNECT_TIMEOUT_MS, which a busy machine reached in the deployment check).
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|^timeout expired$|Cannot use a pool after calling end|Client has encountered a connection error/i;

/** Whether an error (or what it wraps: Drizzle puts the driver's error in `cause`) is an outage. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed, not `instanceof Error`: socket errors may come from another realm (test sandboxes).
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (typeof current.code === 'string' && UNAVAILABLE_CODES.has(current.code)) return true;
    if (typeof current.message === 'string' && UNAVAILABLE_MESSAGES.test(current.message)) {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}
