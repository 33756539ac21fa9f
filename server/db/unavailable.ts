/*
 * Failures that mean the database cannot take the request now — not that the request is wrong: an
 * overloaded pool (every connection busy past its wait), a connection that timed out or was refused,
 * a server shutting down, starting or out of connection slots. The server answers them 503 with
 * Retry-After (server/http/errorHandler.ts), so devices and browsers retry instead of taking a 500.
 */

/** pg-pool's and pg's own messages for a connection not had in time. */
const TIMEOUT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/** PostgreSQL SQLSTATEs: admin/crash shutdown, cannot connect now, too many connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Node's socket errors when PostgreSQL is not there. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']);

/** Whether `error` (or its `cause`) says the database is unavailable or overloaded right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code))) {
      return true;
    }
    if (
      TIMEOUT_MESSAGES.some(
        (message) => current instanceof Error && current.message.includes(message),
      )
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
