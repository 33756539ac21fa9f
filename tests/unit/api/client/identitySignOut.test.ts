import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCognitoIdentityClient } from '../../../../src/api/client/identityClient';
import { IdentityError } from '../../../../src/api/identity';
import { registerMswServer } from '../../support/mswServer';

const ENDPOINT = 'http://identity.test/identity';
const CLIENT_ID = 'lifeline-web';
const USER = 'dana@example.com';
const server = registerMswServer();

/** An unsigned JWT with these claims (the library reads, not verifies, them). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'k' })}.${part(claims)}.c2ln`;
}

/** The library's storage holding a signed-in user whose tokens expired an hour ago. */
/** The library's storage interface, as the identity client takes it. */
type Storage = NonNullable<Parameters<typeof createCognitoIdentityClient>[1]>;

function storageWithExpiredSession(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  const prefix = `CognitoIdentityServiceProvider.${CLIENT_ID}`;
  const expired = Math.floor(Date.now() / 1000) - 3600;
  const claims = { sub: 's-1', email: USER, exp: expired, iat: expired - 3600 };
  items.set(`${prefix}.LastAuthUser`, USER);
  items.set(`${prefix}.${USER}.idToken`, jwt({ ...claims, token_use: 'id' }));
  items.set(`${prefix}.${USER}.accessToken`, jwt({ ...claims, token_use: 'access' }));
  items.set(`${prefix}.${USER}.refreshToken`, 'refresh-token');
  items.set(`${prefix}.${USER}.clockDrift`, '0');
  return {
    items,
    setItem: (key, value) => items.set(key, value),
    getItem: (key) => items.get(key) ?? null,
    removeItem: (key) => items.delete(key),
    clear: () => {
      items.clear();
    },
  };
}

describe('signing out through the real identity library (src/api/client/identityClient.ts)', () => {
  it('clears this browser’s session even when the tokens cannot be refreshed to revoke them', async () => {
    // No network: the library's getSession (needed before a revoke) fails, and the library then
    // returns without clearing its storage — a reload would sign the member in again.
    server.use(http.post(ENDPOINT, () => HttpResponse.error()));
    const storage = storageWithExpiredSession();
    const client = createCognitoIdentityClient(
      {
        region: 'eu-west-1',
        userPoolId: 'eu-west-1_Lifeline',
        clientId: CLIENT_ID,
        endpoint: ENDPOINT,
      },
      storage,
    );
    const failure = await client.signOut().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(IdentityError);
    expect([...storage.items.keys()].filter((key) => key.includes(`.${USER}.`))).toEqual([]);
    expect(await client.currentSession()).toBeNull();
  });
});
