/**
 * The identity service as the app uses it (spec application-behaviour §4 Session, §7 "A hosted identity
 * service handles sign-in (secure remote password flow), sign-up, confirm, resend, forgot and reset
 * password, change password, attribute update and verification"). Implemented over the unmodified
 * amazon-cognito-identity-js in src/api/client/identityClient.ts; tests substitute fakes.
 */

/** The signed-in identity: the ID token's claims the app uses, and the token itself. */
export interface IdentitySession {
  /** The user's stable id (`sub`). */
  readonly sub: string;
  readonly email: string;
  readonly emailVerified: boolean;
  /** E.164, or null when none is set. */
  readonly phoneNumber: string | null;
  readonly phoneNumberVerified: boolean;
  readonly nameFirst: string;
  readonly nameLast: string;
  /** The ID token (a JWT), sent to the authentication host. */
  readonly idToken: string;
  /** Expiry of the ID token, epoch ms on the identity service's clock. */
  readonly expiresAt: number;
  /** When the ID token was issued, epoch ms on the identity service's clock (`iat`); absent if unknown. */
  readonly issuedAt?: number;
  /**
   * This device's clock minus the identity service's, ms, as measured when the tokens arrived
   * (amazon-cognito-identity-js `getClockDrift`); absent if unknown. A phone set an hour ahead has
   * +3,600,000.
   */
  readonly clockDriftMs?: number;
}

/** What create-account collects (spec §3 Sign-up data; policy §2 Create Account). */
export interface SignUpInput {
  readonly email: string;
  readonly password: string;
  readonly nameFirst: string;
  readonly nameLast: string;
  /** ISO 3166 alpha-2 of the member's country. */
  readonly country: string;
  readonly subRegion: string;
}

/**
 * A failure of the identity service: `code` is Cognito's exception name (`NotAuthorizedException`,
 * `UserNotFoundException`, `NetworkError`, …), `message` its text.
 */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Turns whatever the identity library calls back with (an `{ code, name, message }` object, an
 * Error, anything) into an {@link IdentityError}; an IdentityError passes through unchanged.
 */
export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; name?: unknown; message?: unknown };
    const code =
      typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'Error';
    return new IdentityError(code, typeof e.message === 'string' ? e.message : code);
  }
  return new IdentityError('Error', String(error));
}

/** Which attribute a verification code is for. */
export type VerifiableAttribute = 'email' | 'phone_number';

/** Every identity operation the app performs; each rejects with {@link IdentityError}. */
export interface IdentityClient {
  signUp(input: SignUpInput): Promise<{ userConfirmed: boolean }>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  /** SRP sign-in; resolves with the new session. */
  signIn(email: string, password: string): Promise<IdentitySession>;
  /** The stored session, refreshed when expired; null when nobody is signed in. */
  currentSession(): Promise<IdentitySession | null>;
  /** Forces a token refresh (after attribute changes); rejects when the refresh token is dead. */
  refreshSession(): Promise<IdentitySession>;
  updateAttributes(attributes: Readonly<Record<string, string>>): Promise<void>;
  sendAttributeCode(attribute: VerifiableAttribute): Promise<void>;
  verifyAttribute(attribute: VerifiableAttribute, code: string): Promise<void>;
  changePassword(previous: string, proposed: string): Promise<void>;
  forgotPassword(email: string): Promise<void>;
  confirmForgotPassword(email: string, code: string, password: string): Promise<void>;
  /** Revokes every session of the user (all devices) and clears this browser's. */
  globalSignOut(): Promise<void>;
  /**
   * Clears this browser's session, always, and revokes its refresh token; rejects (after clearing)
   * when the revocation failed.
   */
  signOut(): Promise<void>;
}
