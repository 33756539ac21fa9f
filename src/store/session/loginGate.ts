import type { Member } from '../../api/entities/member';
import type { IdentitySession } from '../../api/identity';

/** A login gating step of spec §4 and the route it sends the user to. */
export interface GateRedirect {
  readonly step: 'login' | 'verifyEmail' | 'verifyPhone' | 'terms' | 'contacts';
  readonly path: string;
}

/** What the gate looks at. `termsEffectiveAt` is epoch ms (null: no documents known). */
export interface GateInput {
  readonly identity: IdentitySession | null;
  readonly member: Member | null;
  readonly termsEffectiveAt: number | null;
  /** Whether the emergency contacts are complete (step 5); null while they are not known. */
  readonly contactsComplete: boolean | null;
}

/**
 * Login gating for protected routes (spec application-behaviour §4), in the spec's order:
 * 1. not authenticated → login; 2. e-mail not verified → verify-email-address; 3. phone not verified
 * → verify-phone-number; 4. terms never accepted, or accepted before the current EULA/privacy effective
 * time → login-eula (with the 'terms updated' warning when accepted before); 5. no completed emergency
 * contacts (one sharing assistance alerts and one sharing emergency alerts) → login-contacts; unknown
 * contacts (null) do not redirect — the caller waits for them. `returnTo` is the requested route,
 * remembered in the redirect. Returns null when every step passes.
 */
export function loginGate(input: GateInput, returnTo: string): GateRedirect | null {
  const back = `returnTo=${encodeURIComponent(returnTo)}`;
  if (!input.identity) return { step: 'login', path: `/auth/login?${back}` };
  if (!input.identity.emailVerified) {
    return { step: 'verifyEmail', path: `/auth/verify-email-address?${back}` };
  }
  if (!input.identity.phoneNumberVerified) {
    return { step: 'verifyPhone', path: `/auth/verify-phone-number?${back}` };
  }
  const accepted = input.member?.TermsAcceptedTimestamp ?? null;
  if (accepted === null) return { step: 'terms', path: `/auth/login-eula?${back}` };
  if (input.termsEffectiveAt !== null && accepted < input.termsEffectiveAt) {
    return { step: 'terms', path: `/auth/login-eula?updated=1&${back}` };
  }
  if (input.contactsComplete === false) {
    return { step: 'contacts', path: `/auth/login-contacts?${back}` };
  }
  return null;
}
