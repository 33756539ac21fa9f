import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityClient, IdentitySession } from '../../../../src/api/identity';
import { authFeatureEpics as authEpics } from '../../../../src/features/auth/authFeatureEpics';
import {
  accountCreationRequested,
  emailConfirmationRequested,
  selectConfirmEmailFlow,
  selectCreateAccountFlow,
} from '../../../../src/features/auth/authSlice';
import { signInRequested } from '../../../../src/store/session/sessionSlice';
import { runtimeConfigLoaded } from '../../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../../src/store/store';
import {
  DELETED_ACCOUNT_WAIT_MS,
  EMAIL_CONFIRMATION_WAIT_MS,
  LOGIN_WAIT_MS,
  MEMBER_LOAD_TIMEOUT_MS,
} from '../../../../src/store/timing';
import { testDependencies, testRuntimeConfig, unusedIdentity } from '../../store/testDependencies';

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 12) });
});
afterEach(() => {
  vi.useRealTimers();
});

const never = <T>() => new Promise<T>(() => undefined);

function setup(identity: Partial<IdentityClient>, doFetch: typeof fetch) {
  const store = createAppStore({
    dependencies: testDependencies({
      createIdentityClient: () => ({ ...unusedIdentity(), ...identity }),
      fetch: doFetch,
      now: () => Date.now(),
    }),
    epics: authEpics,
  });
  store.dispatch(runtimeConfigLoaded(testRuntimeConfig));
  return store;
}

const session: IdentitySession = {
  sub: 's',
  email: 'dana@example.com',
  emailVerified: true,
  phoneNumber: null,
  phoneNumberVerified: false,
  nameFirst: 'Dana',
  nameLast: 'Berg',
  idToken: 'id',
  expiresAt: Date.UTC(2026, 10, 22, 13),
};

describe('auth timing rules (fake time)', () => {
  it('waits 1 s after confirming the e-mail (spec §9)', async () => {
    const store = setup({ confirmSignUp: () => Promise.resolve() }, never);
    store.dispatch(emailConfirmationRequested({ email: 'a@example.com', code: '123456' }));
    await vi.advanceTimersByTimeAsync(EMAIL_CONFIRMATION_WAIT_MS - 1);
    expect(selectConfirmEmailFlow(store.getState()).status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectConfirmEmailFlow(store.getState()).status).toBe('done');
  });

  it('waits 3 s after an e-mail check finds a deleted account, then signs up (spec §9)', async () => {
    let signedUpAt: number | null = null;
    const store = setup(
      {
        signUp: () => {
          signedUpAt = Date.now();
          return Promise.resolve({ userConfirmed: false });
        },
      },
      () => Promise.resolve(Response.json({ EmailFound: true, UserVerified: true, Deleted: true })),
    );
    const start = Date.now();
    store.dispatch(
      accountCreationRequested({
        email: 'a@example.com',
        password: 'Fjord#Paddle7',
        nameFirst: 'A',
        nameLast: 'B',
        country: 'NO',
        subRegion: '',
      }),
    );
    await vi.advanceTimersByTimeAsync(DELETED_ACCOUNT_WAIT_MS - 1);
    expect(signedUpAt).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(signedUpAt).toBe(start + DELETED_ACCOUNT_WAIT_MS);
    expect(selectCreateAccountFlow(store.getState()).status).toBe('done');
  });

  it('waits up to 20 s for a sign-in in progress, a second submit joining it (spec §9)', async () => {
    let signIns = 0;
    const store = setup(
      {
        currentSession: () => Promise.resolve(null),
        signIn: () => {
          signIns += 1;
          return never<IdentitySession>();
        },
      },
      never,
    );
    store.dispatch(signInRequested({ email: 'dana@example.com', password: 'Fjord#Paddle7' }));
    await vi.advanceTimersByTimeAsync(LOGIN_WAIT_MS / 2);
    store.dispatch(signInRequested({ email: 'dana@example.com', password: 'Fjord#Paddle7' }));
    await vi.advanceTimersByTimeAsync(LOGIN_WAIT_MS / 2 - 1);
    expect(signIns).toBe(1);
    expect(store.getState().session.status).toBe('signingIn');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().session.status).toBe('signedOut');
    expect(store.getState().session.signInError).not.toBeNull();
  });

  it('gives up the member-token login after 20 s and logs out (spec §9, §8)', async () => {
    // The stored session is restored once /config.json is loaded.
    const store = setup({ currentSession: () => Promise.resolve(session) }, never);
    await vi.advanceTimersByTimeAsync(LOGIN_WAIT_MS - 1);
    expect(store.getState().session.status).toBe('loadingMember');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().session.status).toBe('signedOut');
  });

  it('gives up loading the member after 10 s (spec §9)', async () => {
    const store = setup({ currentSession: () => Promise.resolve(session) }, (input) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.includes('login-member-c2')
        ? Promise.resolve(
            Response.json({ MemberIntegrationToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' }),
          )
        : never<Response>();
    });
    await vi.advanceTimersByTimeAsync(MEMBER_LOAD_TIMEOUT_MS - 1);
    expect(store.getState().session.memberError).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().session.memberError).toBe('Error loading member, please try again');
  });
});
