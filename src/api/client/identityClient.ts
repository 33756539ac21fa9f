import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import {
  IdentityError,
  toIdentityError,
  type IdentityClient,
  type IdentitySession,
  type SignUpInput,
} from '../identity';
import type { IdentityConfig } from '../runtimeConfig';

/**
 * The session's clock drift (this device's clock minus the identity service's), ms. The library keeps
 * it on the session, measured when the tokens arrived and stored with them, but its type definitions
 * do not declare `getClockDrift`.
 */
function clockDriftOf(session: CognitoUserSession): { clockDriftMs?: number } {
  const drift = (
    session as CognitoUserSession & { getClockDrift?: () => unknown }
  ).getClockDrift?.();
  return typeof drift === 'number' && Number.isFinite(drift) ? { clockDriftMs: drift * 1000 } : {};
}

function sessionOf(session: CognitoUserSession): IdentitySession {
  const token = session.getIdToken();
  const claims = token.decodePayload() as Record<string, unknown>;
  const text = (key: string): string => (typeof claims[key] === 'string' ? claims[key] : '');
  return {
    sub: text('sub'),
    email: text('email'),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    phoneNumber: text('phone_number') || null,
    phoneNumberVerified:
      claims.phone_number_verified === true || claims.phone_number_verified === 'true',
    nameFirst: text('given_name'),
    nameLast: text('family_name'),
    idToken: token.getJwtToken(),
    expiresAt: token.getExpiration() * 1000,
    issuedAt: token.getIssuedAt() * 1000,
    ...clockDriftOf(session),
  };
}

/**
 * The language of the page (`<html lang>`, which src/app/i18n.ts keeps on the UI language), or
 * undefined outside a browser or before it is set.
 */
function pageLanguage(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

/** Options of {@link createCognitoIdentityClient}. */
export interface CognitoIdentityClientOptions {
  /**
   * The language the codes the identity service sends (e-mail, SMS) are written in, sent as
   * `ClientMetadata.language` with every call that sends one (sign-up, resend, forgot password,
   * attribute changes and verification); undefined sends no ClientMetadata. Default: the page's.
   */
  readonly messageLanguage?: () => string | undefined;
}

function attributes(values: Readonly<Record<string, string>>): CognitoUserAttribute[] {
  return Object.entries(values).map(([Name, Value]) => new CognitoUserAttribute({ Name, Value }));
}

/**
 * The identity client over the unmodified amazon-cognito-identity-js (SRP sign-in). `config` comes from
 * /config.json: the local identity service (`endpoint` set) or real AWS Cognito (`endpoint` null).
 * Usernames are e-mail addresses; attributes map as given_name/family_name (NameFirst/NameLast),
 * custom:country and custom:sub_region. `storage` defaults to the library's (localStorage, else memory).
 * The calls that make the service send a code say in which language (`options.messageLanguage`).
 */
export function createCognitoIdentityClient(
  config: IdentityConfig,
  storage?: ICognitoStorage,
  options: CognitoIdentityClientOptions = {},
): IdentityClient {
  const messageLanguage = options.messageLanguage ?? pageLanguage;
  /** `ClientMetadata` of a call that sends a code: `{ language }`, or none. */
  const codeMetadata = (): Record<string, string> | undefined => {
    const language = messageLanguage();
    return language ? { language } : undefined;
  };
  const pool = new CognitoUserPool({
    UserPoolId: config.userPoolId,
    ClientId: config.clientId,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(storage ? { Storage: storage } : {}),
  });
  const userFor = (email: string): CognitoUser =>
    new CognitoUser({
      Username: email.trim(),
      Pool: pool,
      ...(storage ? { Storage: storage } : {}),
    });

  /** The signed-in user with a valid session, or an error when there is none. */
  const current = (): Promise<{ user: CognitoUser; session: CognitoUserSession }> =>
    new Promise((resolve, reject) => {
      const user = pool.getCurrentUser();
      if (!user) {
        reject(new IdentityError('NotAuthenticated', 'User is not authenticated'));
        return;
      }
      user.getSession((error: Error | null, session: CognitoUserSession | null) => {
        if (error || !session) reject(toIdentityError(error ?? new Error('No session')));
        else resolve({ user, session });
      });
    });

  /**
   * The callbacks of a call that sends a code: it is sent when the library asks for the code
   * (`inputVerificationCode`) or reports success; a failure rejects with the identity error.
   */
  const codeSent = (resolve: () => void, reject: (e: IdentityError) => void) => ({
    onSuccess: () => {
      resolve();
    },
    onFailure: (error: Error) => {
      reject(toIdentityError(error));
    },
    inputVerificationCode: () => {
      resolve();
    },
  });

  const callback =
    (resolve: () => void, reject: (e: IdentityError) => void) =>
    (error?: unknown): void => {
      if (error) reject(toIdentityError(error));
      else resolve();
    };

  return {
    signUp: (input: SignUpInput) =>
      new Promise((resolve, reject) => {
        pool.signUp(
          input.email.trim(),
          input.password.trim(),
          attributes({
            email: input.email.trim(),
            given_name: input.nameFirst.trim(),
            family_name: input.nameLast.trim(),
            'custom:country': input.country,
            'custom:sub_region': input.subRegion,
          }),
          [],
          (error, result) => {
            if (error || !result) reject(toIdentityError(error ?? new Error('No result')));
            else resolve({ userConfirmed: result.userConfirmed });
          },
          codeMetadata(),
        );
      }),
    confirmSignUp: (email, code) =>
      new Promise((resolve, reject) => {
        userFor(email).confirmRegistration(code.trim(), false, callback(resolve, reject));
      }),
    resendSignUpCode: (email) =>
      new Promise((resolve, reject) => {
        userFor(email).resendConfirmationCode(callback(resolve, reject), codeMetadata());
      }),
    signIn: (email, password) =>
      new Promise((resolve, reject) => {
        userFor(email).authenticateUser(
          new AuthenticationDetails({ Username: email.trim(), Password: password }),
          {
            onSuccess: (session) => {
              resolve(sessionOf(session));
            },
            onFailure: (error: unknown) => {
              reject(toIdentityError(error));
            },
          },
        );
      }),
    currentSession: async () => {
      if (!pool.getCurrentUser()) return null;
      try {
        return sessionOf((await current()).session);
      } catch (error) {
        const failure = toIdentityError(error);
        if (failure.code === 'NotAuthorizedException' || failure.code === 'NotAuthenticated')
          return null;
        throw failure;
      }
    },
    refreshSession: async () => {
      const { user, session } = await current();
      return new Promise((resolve, reject) => {
        user.refreshSession(
          session.getRefreshToken(),
          (error: unknown, next: CognitoUserSession) => {
            if (error) reject(toIdentityError(error));
            else resolve(sessionOf(next));
          },
        );
      });
    },
    updateAttributes: async (values) => {
      const { user } = await current();
      return new Promise((resolve, reject) => {
        user.updateAttributes(attributes(values), callback(resolve, reject), codeMetadata());
      });
    },
    sendAttributeCode: async (attribute) => {
      const { user } = await current();
      return new Promise((resolve, reject) => {
        user.getAttributeVerificationCode(attribute, codeSent(resolve, reject), codeMetadata());
      });
    },
    verifyAttribute: async (attribute, code) => {
      const { user } = await current();
      return new Promise((resolve, reject) => {
        user.verifyAttribute(attribute, code.trim(), {
          onSuccess: () => {
            resolve();
          },
          onFailure: (error) => {
            reject(toIdentityError(error));
          },
        });
      });
    },
    changePassword: async (previous, proposed) => {
      const { user } = await current();
      return new Promise((resolve, reject) => {
        user.changePassword(previous, proposed, callback(resolve, reject));
      });
    },
    forgotPassword: (email) =>
      new Promise((resolve, reject) => {
        userFor(email).forgotPassword(codeSent(resolve, reject), codeMetadata());
      }),
    confirmForgotPassword: (email, code, password) =>
      new Promise((resolve, reject) => {
        userFor(email).confirmPassword(code.trim(), password, {
          onSuccess: () => {
            resolve();
          },
          onFailure: (error) => {
            reject(toIdentityError(error));
          },
        });
      }),
    globalSignOut: async () => {
      const { user } = await current();
      return new Promise((resolve, reject) => {
        user.globalSignOut({
          onSuccess: () => {
            resolve();
          },
          onFailure: (error) => {
            reject(toIdentityError(error));
          },
        });
      });
    },
    signOut: () =>
      new Promise((resolve, reject) => {
        const user = pool.getCurrentUser();
        if (!user) {
          resolve();
          return;
        }
        // signOut(callback) revokes the refresh token first. When the session cannot be read for
        // that (expired tokens and no network to refresh them), the library returns WITHOUT
        // clearing its storage, and a reload would sign the member in again: signOut() without a
        // callback clears it in every case. A failed revocation is reported (the browser's session
        // is gone; the refresh token lives on at the identity service until it expires).
        user.signOut((error?: Error) => {
          user.signOut();
          if (error) reject(toIdentityError(error));
          else resolve();
        });
      }),
  };
}
