import { describe, expect, it, vi, type Mock } from 'vitest';
import {
  createLazyIdentityClient,
  lastAuthUserKey,
  type SessionStorageReader,
} from '../../../../src/api/client/lazyIdentityClient';
import {
  IdentityError,
  type IdentityClient,
  type IdentitySession,
} from '../../../../src/api/identity';
import type { IdentityConfig } from '../../../../src/api/runtimeConfig';

const CONFIG: IdentityConfig = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_Lifeline',
  clientId: 'lifeline-web',
  endpoint: 'http://127.0.0.1:8080/identity',
};

const SESSION: IdentitySession = {
  sub: 'u-1',
  email: 'ada@example.org',
  emailVerified: true,
  phoneNumber: null,
  phoneNumberVerified: false,
  nameFirst: 'Ada',
  nameLast: 'Lovelace',
  idToken: 'id.token.jwt',
  expiresAt: 1_800_000_000_000,
};

/** A real-shaped client whose every method is a spy; the ones a test reads answer. */
type FakeClient = { [K in keyof IdentityClient]: Mock<IdentityClient[K]> };

function fakeClient(): FakeClient {
  const unused = () => vi.fn(() => Promise.reject(new Error('not used in this test')));
  return {
    signUp: unused(),
    confirmSignUp: unused(),
    resendSignUpCode: unused(),
    signIn: vi.fn<IdentityClient['signIn']>(() => Promise.resolve(SESSION)),
    currentSession: vi.fn<IdentityClient['currentSession']>(() => Promise.resolve(SESSION)),
    refreshSession: unused(),
    updateAttributes: unused(),
    sendAttributeCode: unused(),
    verifyAttribute: unused(),
    changePassword: unused(),
    forgotPassword: vi.fn<IdentityClient['forgotPassword']>(() => Promise.resolve()),
    confirmForgotPassword: unused(),
    globalSignOut: unused(),
    signOut: vi.fn<IdentityClient['signOut']>(() => Promise.resolve()),
  };
}

function storageWith(items: Record<string, string>): SessionStorageReader {
  return { getItem: (key) => items[key] ?? null };
}

function setup(storage: SessionStorageReader) {
  const client = fakeClient();
  const createCognitoIdentityClient = vi.fn((_config: IdentityConfig): IdentityClient => client);
  const load = vi.fn(() => Promise.resolve({ createCognitoIdentityClient }));
  return {
    client,
    load,
    createCognitoIdentityClient,
    identity: createLazyIdentityClient(CONFIG, load, storage),
  };
}

describe('createLazyIdentityClient', () => {
  it('reads the key amazon-cognito-identity-js records the last signed-in user under', () => {
    expect(lastAuthUserKey('lifeline-web')).toBe(
      'CognitoIdentityServiceProvider.lifeline-web.LastAuthUser',
    );
  });

  it('answers "nobody signed in" without loading the library when no user is stored', async () => {
    const { identity, load } = setup(storageWith({}));
    await expect(identity.currentSession()).resolves.toBeNull();
    await expect(identity.signOut()).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the library to restore a session this browser stored', async () => {
    const { identity, load, client, createCognitoIdentityClient } = setup(
      storageWith({ [lastAuthUserKey(CONFIG.clientId)]: 'ada@example.org' }),
    );
    await expect(identity.currentSession()).resolves.toEqual(SESSION);
    expect(load).toHaveBeenCalledTimes(1);
    expect(createCognitoIdentityClient).toHaveBeenCalledWith(CONFIG);
    expect(client.currentSession).toHaveBeenCalledTimes(1);
  });

  it('loads the library once for every call after it, with the arguments passed through', async () => {
    const { identity, load, client } = setup(storageWith({}));
    const [first, second] = await Promise.all([
      identity.signIn('ada@example.org', 'Secret-123'),
      identity.forgotPassword('ada@example.org'),
    ]);
    expect(first).toEqual(SESSION);
    expect(second).toBeUndefined();
    expect(client.signIn).toHaveBeenCalledWith('ada@example.org', 'Secret-123');
    expect(client.forgotPassword).toHaveBeenCalledWith('ada@example.org');
    // Once loaded, the library decides about the stored session (a sign-in just stored one).
    await identity.currentSession();
    await identity.signOut();
    expect(client.currentSession).toHaveBeenCalledTimes(1);
    expect(client.signOut).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("rejects a call with the loader's error and loads again on the next call", async () => {
    const { identity, load, client, createCognitoIdentityClient } = setup(storageWith({}));
    const chunkError = new Error('Failed to fetch dynamically imported module');
    load.mockImplementationOnce(() => Promise.reject(chunkError));
    await expect(identity.signIn('ada@example.org', 'Secret-123')).rejects.toBe(chunkError);
    await expect(identity.signIn('ada@example.org', 'Secret-123')).resolves.toEqual(SESSION);
    expect(load).toHaveBeenCalledTimes(2);
    expect(createCognitoIdentityClient).toHaveBeenCalledTimes(1);
    expect(client.signIn).toHaveBeenCalledTimes(1);
  });

  it("passes the library's IdentityError through unchanged", async () => {
    const { identity, client } = setup(storageWith({}));
    const failure = new IdentityError('NotAuthorizedException', 'Incorrect username or password.');
    client.signIn.mockImplementationOnce(() => Promise.reject(failure));
    await expect(identity.signIn('ada@example.org', 'wrong')).rejects.toBe(failure);
  });

  it('treats storage that throws (a privacy mode) as holding no session', async () => {
    const { identity, load } = setup({
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    await expect(identity.currentSession()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
