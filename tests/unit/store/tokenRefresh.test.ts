import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityError, type IdentitySession } from '../../../src/api/identity';
import { sessionRestored, logoutRequested } from '../../../src/store/session/sessionSlice';
import { runtimeConfigLoaded } from '../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../src/store/store';
import { TOKEN_REFRESH_LEAD_MS } from '../../../src/store/timing';
import {
  recordingNavigator,
  testDependencies,
  testMember,
  testRuntimeConfig,
  unusedIdentity,
} from './testDependencies';

const T0 = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

const session = (expiresAt: number): IdentitySession => ({
  sub: 's',
  email: 'dana@example.com',
  emailVerified: true,
  phoneNumber: null,
  phoneNumberVerified: false,
  nameFirst: 'Dana',
  nameLast: 'Berg',
  idToken: `id-${expiresAt}`,
  expiresAt,
});

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

const member = testMember;

/** The member host: every member-token login and member load succeeds. */
const memberHost: typeof fetch = (input) => {
  const url = input instanceof Request ? input.url : String(input);
  const body = url.includes('login-member-c2')
    ? { MemberIntegrationToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' }
    : member;
  return Promise.resolve(Response.json(body));
};

/** A store whose session was restored at T0 with an ID token valid 1 h. */
function setup(refreshSession: () => Promise<IdentitySession>) {
  const navigator = recordingNavigator('/member/activities');
  const store = createAppStore({
    dependencies: testDependencies({
      createIdentityClient: () => ({ ...unusedIdentity(), refreshSession }),
      navigator,
      now: () => Date.now(),
      fetch: memberHost,
    }),
  });
  store.dispatch(runtimeConfigLoaded(testRuntimeConfig));
  store.dispatch(sessionRestored(session(T0 + HOUR)));
  return { store, navigator };
}

describe('token refresh (virtual time)', () => {
  it('refreshes 5 min before the ID token expires, and again for the new token', async () => {
    const refreshed: number[] = [];
    const { store } = setup(() => {
      refreshed.push(Date.now());
      return Promise.resolve(session(Date.now() + HOUR));
    });
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS - 1);
    expect(refreshed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshed).toEqual([T0 + HOUR - TOKEN_REFRESH_LEAD_MS]);
    expect(store.getState().session.identity?.expiresAt).toBe(
      T0 + 2 * HOUR - TOKEN_REFRESH_LEAD_MS,
    );
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS);
    expect(refreshed).toHaveLength(2);
  });

  it('refreshes once an hour, not in a loop, on a device whose clock is an hour ahead', async () => {
    // The identity service's clock reads T0 - 1 h; each new token lives 1 h on it, and the library
    // measured the drift when it arrived.
    const drift = HOUR;
    const fresh = () => ({
      ...session(Date.now() - drift + HOUR),
      issuedAt: Date.now() - drift,
      clockDriftMs: drift,
    });
    const refreshed: number[] = [];
    const { store } = setup(() => {
      refreshed.push(Date.now());
      return Promise.resolve(fresh());
    });
    store.dispatch(sessionRestored(fresh()));
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS - 1);
    expect(refreshed).toEqual([]);
    await vi.advanceTimersByTimeAsync(HOUR);
    const every = HOUR - TOKEN_REFRESH_LEAD_MS;
    expect(refreshed).toEqual([T0 + every, T0 + 2 * every]);
  });

  it('ends the session and goes home when the refresh fails', async () => {
    const { store, navigator } = setup(() =>
      Promise.reject(new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked')),
    );
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS - 1);
    expect(store.getState().session.status).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().session.status).toBe('signedOut');
    expect(navigator.paths).toEqual(['/']);
  });

  it('stops refreshing after logout', async () => {
    let calls = 0;
    const { store } = setup(() => {
      calls += 1;
      return Promise.resolve(session(Date.now() + HOUR));
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().session.status).toBe('signedIn');
    store.dispatch(logoutRequested({ reason: 'user' }));
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(calls).toBe(0);
  });
});
