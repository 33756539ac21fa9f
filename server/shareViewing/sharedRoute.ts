import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { CallDef } from '../../src/api/call';
import { contractRoute } from '../http/contractRoute';
import { setSharePassCookie } from '../shares/sharePassCookie';
import type { VerifiedShare } from '../shares/shareToken';
import type { ShareVerifier } from '../shares/shareTokenVerifier';
import { shareCheckUnavailable, shareNotFound } from './viewerAnswers';

/**
 * What a shared-viewing request proves itself with: the share token and, where the call carries one,
 * the viewer's one-time code (`ShareTotp`, app §2 `totp`). A call whose contract has no `ShareTotp`
 * never has one after validation, so a TOTP share opens only through the calls that carry it.
 */
export interface ShareCredentials {
  readonly ShareToken: string;
  readonly ShareTotp?: string | undefined;
}

/** The handler of a shared-viewing call, run once the share opened: `share` is what it opens. */
export type SharedHandler<C extends CallDef> = (
  share: VerifiedShare,
  input: z.output<C['request']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<C['response']> | FastifyReply>;

/**
 * Registers a shared-viewing call of the contract (app §7 "Shared viewing (public)"; ARCHITECTURE.md
 * §5 "every public share route checks the share token's signature, expiry/revocation and TOTP"): the
 * request is validated first (400 REQUEST_INVALID, nothing read), then `ShareToken` (with `ShareTotp`
 * when the call has it, else the viewer's TOTP pass cookie) is verified by `verifier`; a token that
 * does not open answers 404 NOT_FOUND 'Share not found' whatever the reason, and a verifier that
 * cannot read the database 503. A share opened by its one-time code hands the viewer a pass for the
 * calls that carry none (server/shares/sharePass.ts). Only then does `handler` run, with the
 * {@link VerifiedShare}. The app must have @fastify/cookie (server/http/cookies.ts).
 */
export function sharedRoute<C extends CallDef<z.ZodMiniType<ShareCredentials>>>(
  app: FastifyInstance,
  def: C,
  verifier: ShareVerifier,
  handler: SharedHandler<C>,
): void {
  contractRoute(app, def, async (input, request, reply) => {
    const credentials: ShareCredentials = input;
    let share: VerifiedShare | null;
    try {
      share = await verifier.verify(credentials.ShareToken, credentials.ShareTotp, request.cookies);
      if (share?.totpCodeChecked === true) {
        setSharePassCookie(request, reply, share.shareId, await verifier.issuePass(share));
      }
    } catch (error) {
      request.log.error({ err: error }, 'share viewing: the share token could not be checked');
      return shareCheckUnavailable(reply);
    }
    if (!share) return shareNotFound(reply);
    return handler(share, input, request, reply);
  });
}
