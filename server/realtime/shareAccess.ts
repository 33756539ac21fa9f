/** Which share a valid share token opens (only what the realtime server needs). */
export interface ShareAccess {
  /** The share's id: its viewers' sockets join `share:{shareId}`. */
  readonly shareId: number;
}

/**
 * The seam for share viewers' sockets (spec app §7 verify-socket-user with a ShareToken;
 * ARCHITECTURE.md §5 "a share viewer's socket hears only its share"). Shares do not exist yet: until
 * the share issue passes an implementation to the realtime plugin (option `shareTokens`), a ShareToken
 * verifies nothing and verify-socket-user answers `{ Success: false }`. The implementation checks the
 * token's signature, expiry and revocation (and TOTP when the share has one) and answers null for any
 * token that fails; it throws only when it cannot decide (database down → 503).
 */
export interface ShareTokenVerifier {
  verify(token: string): Promise<ShareAccess | null>;
}
