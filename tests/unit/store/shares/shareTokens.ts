/** The domain server a test share token names (its `C2Url` claim). */
export const C2_URL = 'https://c2.lifeline.example';

/**
 * An unsigned JWT-shaped share token carrying `claims` (the client only decodes the payload; the
 * server checks the signature): `header.payload.signature`, each part base64url.
 */
export function shareToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', kid: 'k1' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/** The claims of a journey share of member 1, wearer 1 (no ActivityId). */
export const JOURNEY_SHARE_CLAIMS = { C2Url: C2_URL, MemberID: 1, ClientID: 1, WearerID: 1 };

/** The claims of a share of that member's activity 7. */
export const ACTIVITY_SHARE_CLAIMS = { ...JOURNEY_SHARE_CLAIMS, ActivityId: 7 };
