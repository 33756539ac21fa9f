/** Which share a valid share token opens (only what the realtime server needs). */
export interface ShareAccess {
  /** The share's id (`shares.share_id`, the token's `jti`): its viewers' sockets join `share:{shareId}`. */
  readonly shareId: string;
  /**
   * What is shared: an activity share's viewers also join `activity:{activityId}` and hear that
   * activity's TelemetryWearerUpdate and EntityChanges, nothing else of the member; a journey share's
   * viewers follow it by the journey refresh (app §9, each minute). Absent: the share room only.
   */
  readonly target?:
    | { readonly kind: 'activity'; readonly activityId: number }
    | { readonly kind: 'journey'; readonly startMs: number; readonly endMs: number };
}

/**
 * The seam for share viewers' sockets (spec app §7 verify-socket-user with a ShareToken;
 * ARCHITECTURE.md §5 "a share viewer's socket hears only its share"), implemented by
 * server/shares/shareTokenVerifier.ts and passed to the realtime plugin as option `shareTokens`
 * (without it a ShareToken verifies nothing and verify-socket-user answers `{ Success: false }`).
 * The implementation checks the token's signature, expiry and revocation, and TOTP when the share has
 * one (`totp`: the viewer's one-time code, or without one the viewer's pass of the share among the
 * request's `cookies` — server/shares/sharePass.ts; a share that needs a code fails with neither), and
 * answers null for any token that fails; it throws only when it cannot decide (database down → 503).
 */
export interface ShareTokenVerifier {
  verify(
    token: string,
    totp?: string,
    cookies?: Readonly<Record<string, string | undefined>>,
  ): Promise<ShareAccess | null>;
  /**
   * The share id of `token` when this server signed it, else null; signature only, never throws. What
   * verify-socket-user's rate limit keys on (server/shares/shareRateLimit.ts); without it every
   * ShareToken counts against its client IP's budget.
   */
  signedShareId?(token: unknown): Promise<string | null>;
}
