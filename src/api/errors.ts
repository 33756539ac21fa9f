import * as z from 'zod/mini';

/**
 * Error codes the APIs return in their `ErrorCode` field (spec application-behaviour §8 "Call failures",
 * policy-and-vocabulary §8 "Device activation" and "Other").
 * - `REQUEST_INVALID`: the request failed the contract's validation (HTTP 400).
 * - `AUTH`: the caller is not logged in or the token is invalid ("Member not logged in", "JWT Invalid").
 * - `NOT_FOUND`: the entity does not exist or does not belong to the caller (no ownership oracle).
 * - `RATE_LIMITED`: too many requests (HTTP 429).
 * - `UNKNOWN`: anything else; the message says what.
 */
export const ErrorCode = z.enum([
  'UNKNOWN',
  'REQUEST_INVALID',
  'AUTH',
  'NOT_FOUND',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'ACTIVATION_FAILED',
  'IMEI_NOT_FOUND',
  'CODE_INVALID',
  'DEVICE_TAKEN',
  'EXISTING_ACTIVE_SUBSCRIPTION',
  'PAIRING_ERROR',
  'ALERT_NOT_ACTIVE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * The body of every non-2xx answer of Lifeline's own APIs:
 * `{ ErrorCode, Error, Issues? }` where `Error` is a human-readable message in English and `Issues`
 * lists each failed field of a rejected request as `{ Path: 'body.EmailAddress', Message }`.
 */
export const ApiErrorBody = z.object({
  ErrorCode: ErrorCode,
  Error: z.string(),
  Issues: z.optional(z.array(z.object({ Path: z.string(), Message: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
