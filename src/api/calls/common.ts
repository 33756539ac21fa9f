import * as z from 'zod/mini';
import { ErrorCode } from '../errors';
import { Timestamp } from '../entities/common';

/*
 * Shapes shared by the call definitions.
 *
 * Failure reporting (spec application-behaviour §7/§8): a response that lists `ErrorCode` (and
 * `Error`) keeps its data fields required, because a 2xx answer with a non-empty top-level
 * `ErrorCode` is turned into a CallFailedError by the client before the schema is applied. A response
 * whose failure is nested (`Error: { ErrorCode, Message }`) or plain (`Error` text only) has its data
 * fields optional, since the client cannot tell such an answer apart from a success.
 */

/** The request of a call that sends nothing. */
export const NoRequest = z.object({});

/** `ErrorCode` and `Error` of a response that may report a failure (app §7, §8). */
export const reportedError = {
  ErrorCode: z.optional(ErrorCode),
  Error: z.optional(z.string()),
};

/** A failure reported inside a response as `Error: { ErrorCode, Message }` (app §7 activate-device). */
export const NestedCallError = z.object({ ErrorCode: ErrorCode, Message: z.string() });
export type NestedCallError = z.infer<typeof NestedCallError>;

/** A response that only says whether it worked. */
export const SuccessResponse = z.object({ Success: z.boolean() });

/**
 * A time window in epoch ms, `TimeEnd` not before `TimeStart` (app §7 member-wearer-activities and
 * summaries).
 */
export const TimeWindow = z.object({ TimeStart: Timestamp, TimeEnd: Timestamp }).check(
  z.refine((window) => window.TimeEnd >= window.TimeStart, {
    message: 'Validations.InvalidValues',
    path: ['TimeEnd'],
  }),
);

/**
 * A custom short-link code (POST /urls `Vanity`, share-journey `VanityStub`, app §7): 1 to 30 letters,
 * digits and inner hyphens. Rule chosen; the spec gives none.
 */
export const VanityCode = z
  .string()
  .check(z.regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,28}[A-Za-z0-9])?$/, 'Validations.InvalidValues'));
