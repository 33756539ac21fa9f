import type { Db } from '../db/database';
import type { ShareTokenVerifier } from '../realtime/shareAccess';
import { shareKeyringOf, type ShareKeyring } from './shareKeys';
import { issueSharePass, type IssuedSharePass } from './sharePass';
import { passOfCookies } from './sharePassCookie';
import { signedShareIdOf, verifyShareToken, type VerifiedShare } from './shareToken';
import { createTotpFailures, type TotpFailures } from './totpFailures';

/** A {@link ShareTokenVerifier} that also answers everything the token says. */
export interface ShareVerifier extends ShareTokenVerifier {
  /**
   * The share `token` opens at this moment, with the viewer's one-time code `totp` when the share
   * needs one (or, without a code, the viewer's pass of it among the request's `cookies`); null for
   * an unknown, expired, revoked or tampered token or a wrong, missing or throttled code, all alike
   * (no oracle). Throws only when the database cannot be read (→ 503).
   */
  verify(
    token: string,
    totp?: string,
    cookies?: Readonly<Record<string, string | undefined>>,
  ): Promise<VerifiedShare | null>;
  /** A TOTP pass of `share` (just opened with its code) for the viewer (server/shares/sharePass.ts). */
  issuePass(share: VerifiedShare): Promise<IssuedSharePass>;
  /**
   * The share id of `token` when this server signed it, expired or revoked alike; null for anything
   * else. Signature only, no database ({@link signedShareIdOf}): what the share calls' rate limit keys
   * on (server/shares/shareRateLimit.ts). Never throws.
   */
  signedShareId(token: unknown): Promise<string | null>;
}

/** Options of {@link createShareTokenVerifier}. */
export interface ShareVerifierOptions {
  /** The clock, epoch ms; default `Date.now`. */
  readonly now?: () => number;
  /** Default: the database's keyring (server/shares/shareKeys.ts). */
  readonly keyring?: ShareKeyring;
  /** Default: 10 wrong codes per share per 10 minutes (server/shares/totpFailures.ts). */
  readonly totpFailures?: TotpFailures;
}

/**
 * The share-token verifier of this server (spec app §7 verify-socket-user and the shared-viewing
 * calls; ARCHITECTURE.md §5): {@link verifyShareToken} over `db` with one wrong-code counter for the
 * verifier's life. The realtime plugin takes it as its `shareTokens` option; the public share calls
 * use the same instance and wrap their routes in the limit of server/shares/shareRateLimit.ts (per
 * share and IP for a token it signed, per IP otherwise).
 */
export function createShareTokenVerifier(
  db: Db,
  options: ShareVerifierOptions = {},
): ShareVerifier {
  const now = options.now ?? Date.now;
  const totpFailures = options.totpFailures ?? createTotpFailures();
  const keyring = () => options.keyring ?? shareKeyringOf(db);
  return {
    verify: (token, totp, cookies) =>
      verifyShareToken(db, token, {
        keyring: keyring(),
        totp,
        passOf: passOfCookies(cookies),
        nowMs: now(),
        totpFailures,
      }),
    issuePass: (share) => issueSharePass(keyring(), share.shareId, share.expiresAtMs, now()),
    signedShareId: (token) => signedShareIdOf(token, keyring()),
  };
}
