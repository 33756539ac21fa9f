import type * as z from 'zod/mini';
import type { ApiErrorBody, ErrorCode } from '../errors';

/**
 * The failures a contract call can end in. Every one carries the call's name.
 * - {@link NetworkError}: no HTTP answer (offline, DNS, connection refused, aborted).
 * - {@link HttpError}: a non-2xx answer; `code` is the body's ErrorCode when it had one, else `UNKNOWN`;
 *   `issues` the body's field issues of a 400 (translation keys by path), when it had them.
 * - {@link ResponseInvalidError}: a 2xx answer whose body does not match the contract.
 * - {@link CallFailedError}: a 2xx answer that reports failure in its own fields (`ErrorCode` set).
 */
export type ApiCallError = NetworkError | HttpError | ResponseInvalidError | CallFailedError;

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly call: string,
    override readonly cause: unknown,
  ) {
    super(`${call}: network error`);
  }
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly call: string,
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiErrorBody['Issues'],
  ) {
    super(`${call}: HTTP ${status} ${code}: ${message}`);
  }
}

export class ResponseInvalidError extends Error {
  override readonly name = 'ResponseInvalidError';
  constructor(
    readonly call: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`${call}: response does not match the contract`);
  }
}

export class CallFailedError extends Error {
  override readonly name = 'CallFailedError';
  constructor(
    readonly call: string,
    readonly code: string,
    message: string,
  ) {
    super(`${call}: ${code}${message ? `: ${message}` : ''}`);
  }
}

/** True for any of the typed failures of {@link ApiCallError}. */
export function isApiCallError(error: unknown): error is ApiCallError {
  return (
    error instanceof NetworkError ||
    error instanceof HttpError ||
    error instanceof ResponseInvalidError ||
    error instanceof CallFailedError
  );
}
