import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  changeEmailStep1,
  changeEmailStep2,
  getMember,
  loginMemberC2,
  setTerms,
  signupCheckEmail,
} from '../../src/api/calls/authHost';
import type { IdentityContext } from '../identity/context';
import { IdentityError } from '../identity/errors';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import type { IdTokenVerifier } from '../identity/verifyIdToken';
import { findMemberBySub, upsertMemberFromIdentity } from '../member/memberRepository';
import { claimsOf, requireIdToken } from './authenticate';
import { checkEmail } from './emailAvailability';
import { confirmEmailChange, requestEmailChange } from './emailChange';
import type { MemberTokenService } from './memberTokens';

export interface AuthHostOptions {
  readonly db: Db;
  readonly verifier: IdTokenVerifier;
  readonly memberTokens: MemberTokenService;
  /** The local identity pool (e-mail change); null with real Cognito, where it is not offered. */
  readonly identity: (() => Promise<IdentityContext>) | null;
  /** Budget of signup-check-email per IP and minute (it reveals whether an account exists). */
  readonly emailChecksPerMinute?: number;
}

/**
 * The authentication and member host of spec §7 under `/authapi`: signup-check-email (public,
 * rate-limited per IP), and with an ID token: get-member, login-member-c2/{LanguageCode} (creates or
 * updates the member from the identity and answers the MemberIntegrationToken), set-terms (echoes the
 * stored TermsAcceptedTimestamp).
 */
export async function authHostRoutes(
  app: FastifyInstance,
  options: AuthHostOptions,
): Promise<void> {
  const { db } = options;
  const authorised = { preHandler: requireIdToken(options.verifier) };

  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      max: options.emailChecksPerMinute ?? 30,
      timeWindow: 60_000,
      // Thrown to the error handler, which answers { ErrorCode: 'RATE_LIMITED', Error }.
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`),
          {
            statusCode: 429,
          },
        ),
    });
    contractRoute(scope, signupCheckEmail, (input) => checkEmail(db, input.EmailAddress));
  });

  contractRoute(
    app,
    loginMemberC2,
    async (input, req) => {
      const record = await upsertMemberFromIdentity(db, claimsOf(req), input.LanguageCode);
      return {
        MemberIntegrationToken: await options.memberTokens.issue({
          memberId: record.member.MemberId,
          wearerId: record.wearerId,
          clientId: record.member.ClientId,
          domainId: record.member.DomainId,
        }),
      };
    },
    authorised,
  );

  contractRoute(
    app,
    getMember,
    async (_input, req, reply) => {
      const record = await findMemberBySub(db, claimsOf(req).sub);
      return (
        record?.member ?? sendApiError(reply, 404, 'NOT_FOUND', 'Log in to the member host first')
      );
    },
    authorised,
  );

  contractRoute(
    app,
    setTerms,
    async (input, req, reply) => {
      const record = await findMemberBySub(db, claimsOf(req).sub);
      if (!record) return sendApiError(reply, 404, 'NOT_FOUND', 'Log in to the member host first');
      const accepted = input.TermsAcceptedTimestamp === -1 ? null : input.TermsAcceptedTimestamp;
      const spam = input.SpamMeTimestamp === -1 ? null : input.SpamMeTimestamp;
      const row = await db
        .updateTable('members')
        .set({ terms_accepted_ms: accepted, spam_me_ms: spam, updated_at: new Date() })
        .where('member_id', '=', record.member.MemberId)
        .returning('terms_accepted_ms')
        .executeTakeFirstOrThrow();
      return { TermsAcceptedTimestamp: row.terms_accepted_ms ?? -1 };
    },
    authorised,
  );

  /** LimitExceededException of the identity service → 429 RATE_LIMITED; anything else rethrown. */
  const limited = (error: unknown, reply: FastifyReply) => {
    if (error instanceof IdentityError && error.type === 'LimitExceededException') {
      return sendApiError(reply, 429, 'RATE_LIMITED', error.message);
    }
    throw error;
  };

  contractRoute(
    app,
    changeEmailStep1,
    async (input, req, reply) => {
      if (!options.identity)
        return sendApiError(reply, 400, 'UNKNOWN', 'E-mail change is not offered');
      try {
        const sent = await requestEmailChange(
          await options.identity(),
          claimsOf(req).sub,
          input.NewEmailAddress,
        );
        return { Success: sent };
      } catch (error) {
        return limited(error, reply);
      }
    },
    authorised,
  );

  contractRoute(
    app,
    changeEmailStep2,
    async (input, req, reply) => {
      if (!options.identity)
        return sendApiError(reply, 400, 'UNKNOWN', 'E-mail change is not offered');
      try {
        const result = await confirmEmailChange(
          await options.identity(),
          claimsOf(req).sub,
          input.NewEmailAddress,
          input.VerificationCode,
        );
        if (result.ok) return { Success: true };
        return result.reason === 'EMAIL_NOT_AVAILABLE'
          ? { Success: false }
          : { Success: false, ErrorCode: result.reason };
      } catch (error) {
        return limited(error, reply);
      }
    },
    authorised,
  );
}
