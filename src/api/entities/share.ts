import * as z from 'zod/mini';
import { Id, Timestamp } from './common';

/**
 * A share token (app §2 /share/activity/{shareToken}, /share/journey/{shareToken}; §7 "Shared
 * viewing"): a signed JWT whose payload holds {@link ShareTokenClaims}. Only the server checks the
 * signature; the client reads the claims to find the host to call.
 */
export const ShareToken = z.jwt();
export type ShareToken = z.infer<typeof ShareToken>;

/**
 * The claims of a share token (app §3 "Share token decodes to C2Url, MemberID, ClientID, WearerID").
 * `C2Url` is the base URL of the wearer's domain server, where the share's public calls go.
 * Additions, optional: the standard JWT `exp` (expiry, epoch **seconds**) and what is shared —
 * `ActivityId` for an activity share, `JourneyStart`/`JourneyEnd` (epoch ms) for a journey share.
 */
export const ShareTokenClaims = z.object({
  C2Url: z.url(),
  MemberID: Id,
  ClientID: Id,
  WearerID: Id,
  exp: z.optional(z.int().check(z.positive())),
  ActivityId: z.optional(Id),
  JourneyStart: z.optional(Timestamp),
  JourneyEnd: z.optional(Timestamp),
});
export type ShareTokenClaims = z.infer<typeof ShareTokenClaims>;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a share token without checking its signature (the server does that on every
 * call). Returns null when the token is not a JWT or its payload lacks the claims (app §2: such a link
 * shows the share-not-found screen).
 */
export function decodeShareTokenClaims(token: string): ShareTokenClaims | null {
  const payload = token.split('.')[1];
  if (token.split('.').length !== 3 || !payload) return null;
  let json: unknown;
  try {
    json = JSON.parse(base64UrlDecode(payload));
  } catch {
    return null;
  }
  const parsed = ShareTokenClaims.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The id of one share viewer's app instance (app §6: "optionally a viewer id"; needed for notes and
 * resolving). An opaque string the viewer's browser keeps, e.g. a UUID; 1 to 64 characters chosen.
 */
export const ShareViewerId = z.string().check(z.minLength(1), z.maxLength(64));
export type ShareViewerId = z.infer<typeof ShareViewerId>;

/**
 * What a share viewer may see of the wearer (app §7 activity-sharing `MemberDetails`). Shape chosen:
 * the wearer's name only, plus `WearerID` to match live updates.
 */
export const SharedMemberDetails = z.object({
  WearerID: Id,
  NameFirst: z.string(),
  NameLast: z.string(),
});
export type SharedMemberDetails = z.infer<typeof SharedMemberDetails>;
