import * as z from 'zod/mini';
import { defineCall } from '../call';
import { EmailChangeErrorCode, LanguageCode } from '../enums';
import { ErrorCode } from '../errors';
import { Member } from '../entities';
import { RequiredEmail, VerificationCode } from '../validation';
import { NoRequest, SuccessResponse, reportedError } from './common';

/*
 * Calls of the authentication and member host (spec application-behaviour §7 "Authentication and
 * member host"), API `auth`. The authorised ones carry the identity service's ID token.
 */

/**
 * Whether an email can be used for a new account or an email change (app §5: available if not found
 * or not verified). `Deleted`: the account was deleted (the UI then waits 3 s, app §9).
 */
export const signupCheckEmail = defineCall({
  name: 'signup-check-email',
  api: 'auth',
  method: 'POST',
  path: '/auth/signup-check-email',
  request: z.object({ EmailAddress: RequiredEmail }),
  response: z.object({ EmailFound: z.boolean(), UserVerified: z.boolean(), Deleted: z.boolean() }),
});

/** An epoch-ms time, or -1 for "none" (app §7 set-terms). */
const TimestampOrNone = z.int().check(z.gte(-1));

/**
 * Records acceptance of the terms and the marketing opt-in, epoch ms, -1 when none (authorised). The
 * answer echoes `TermsAcceptedTimestamp`; a different echo is the error 'Failed to update terms
 * timestamp. Try reloading the page.' (app §5).
 */
export const setTerms = defineCall({
  name: 'set-terms',
  api: 'auth',
  method: 'POST',
  path: '/member/set-terms',
  request: z.object({ SpamMeTimestamp: TimestampOrNone, TermsAcceptedTimestamp: TimestampOrNone }),
  response: z.object({ TermsAcceptedTimestamp: TimestampOrNone }),
});

/** The signed-in member's record (authorised). */
export const getMember = defineCall({
  name: 'get-member',
  api: 'auth',
  method: 'GET',
  path: '/member/get-member',
  request: NoRequest,
  response: Member,
});

/**
 * Exchanges the identity session for a member-integration token, a JWT for the member's domain
 * server (authorised; app §7). Not a JWT is the error 'JWT Invalid' (app §5); a failure logs the
 * user out (app §8).
 */
export const loginMemberC2 = defineCall({
  name: 'login-member-c2',
  api: 'auth',
  method: 'POST',
  path: '/member/login-member-c2/{LanguageCode}',
  request: z.object({ LanguageCode: LanguageCode }),
  response: z.object({ MemberIntegrationToken: z.jwt(), ...reportedError }),
});

/** Step 1 of an email change: sends a verification code to the new address (app §4). */
export const changeEmailStep1 = defineCall({
  name: 'change-email-step-1',
  api: 'auth',
  method: 'POST',
  path: '/member/change-email-step-1',
  request: z.object({ NewEmailAddress: RequiredEmail }),
  response: SuccessResponse,
});

/**
 * Step 2 of an email change: submits the code. A failure's `ErrorCode` selects the message
 * Email.Errors.UpdateEmail_{ErrorCode or Other} (app §8).
 */
export const changeEmailStep2 = defineCall({
  name: 'change-email-step-2',
  api: 'auth',
  method: 'POST',
  path: '/member/change-email-step-2',
  request: z.object({ NewEmailAddress: RequiredEmail, VerificationCode: VerificationCode }),
  response: z.object({
    Success: z.boolean(),
    ErrorCode: z.optional(z.union([EmailChangeErrorCode, ErrorCode])),
  }),
});

/** The calls of the auth host by name. */
export const authHostCalls = {
  'signup-check-email': signupCheckEmail,
  'set-terms': setTerms,
  'get-member': getMember,
  'login-member-c2': loginMemberC2,
  'change-email-step-1': changeEmailStep1,
  'change-email-step-2': changeEmailStep2,
} as const;
