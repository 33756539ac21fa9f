import type { IdentityClient } from '../identity';
import type { IdentityConfig } from '../runtimeConfig';

/** The storage the Cognito library keeps its session in (localStorage in a browser). */
export interface SessionStorageReader {
  getItem(key: string): string | null;
}

/**
 * Where amazon-cognito-identity-js records who signed in last in this browser
 * (`CognitoUserPool.getCurrentUser()` reads this key; no key, no stored session).
 */
export function lastAuthUserKey(clientId: string): string {
  return `CognitoIdentityServiceProvider.${clientId}.LastAuthUser`;
}

/**
 * An {@link IdentityClient} that loads the real one (amazon-cognito-identity-js with its SRP maths,
 * about 24 KiB gzipped) on its first use, so the login route's initial JS does not carry it
 * (issue 7 "initial JS for the login route at most 170 KiB gzipped"). `load` imports
 * src/api/client/identityClient.ts; main.tsx passes it through `loadChunk`, so a failed load is the
 * app-restart notice as for a lazy screen (spec §8).
 *
 * With no user recorded in `storage`, `currentSession()` resolves null and `signOut()` resolves at
 * once without loading anything: a signed-out visitor fetches the library only when they sign in,
 * sign up or reset a password. Every other method loads the library first; a failed load rejects
 * that call with the loader's error.
 */
export function createLazyIdentityClient(
  config: IdentityConfig,
  load: () => Promise<{ createCognitoIdentityClient(config: IdentityConfig): IdentityClient }>,
  storage: SessionStorageReader | null = typeof localStorage === 'undefined' ? null : localStorage,
): IdentityClient {
  let client: Promise<IdentityClient> | undefined;
  const real = (): Promise<IdentityClient> => {
    if (client) return client;
    const attempt = load().then((module) => module.createCognitoIdentityClient(config));
    client = attempt;
    // A failed load is retried by the next call (a network blip must not disable signing in).
    attempt.catch(() => {
      if (client === attempt) client = undefined;
    });
    return attempt;
  };
  const hasStoredUser = (): boolean => {
    try {
      return (storage?.getItem(lastAuthUserKey(config.clientId)) ?? null) !== null;
    } catch {
      // Storage that throws (a privacy mode) holds no session the library could read either.
      return false;
    }
  };
  return {
    signUp: async (input) => (await real()).signUp(input),
    confirmSignUp: async (email, code) => (await real()).confirmSignUp(email, code),
    resendSignUpCode: async (email) => (await real()).resendSignUpCode(email),
    signIn: async (email, password) => (await real()).signIn(email, password),
    currentSession: async () =>
      client !== undefined || hasStoredUser() ? (await real()).currentSession() : null,
    refreshSession: async () => (await real()).refreshSession(),
    updateAttributes: async (values) => (await real()).updateAttributes(values),
    sendAttributeCode: async (attribute) => (await real()).sendAttributeCode(attribute),
    verifyAttribute: async (attribute, code) => (await real()).verifyAttribute(attribute, code),
    changePassword: async (previous, proposed) => (await real()).changePassword(previous, proposed),
    forgotPassword: async (email) => (await real()).forgotPassword(email),
    confirmForgotPassword: async (email, code, password) =>
      (await real()).confirmForgotPassword(email, code, password),
    globalSignOut: async () => (await real()).globalSignOut(),
    signOut: async () => {
      if (client === undefined && !hasStoredUser()) return;
      await (await real()).signOut();
    },
  };
}
