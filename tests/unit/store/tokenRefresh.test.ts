import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityError, type IdentitySession } from '../../../src/api/identity';
import { onlineChanged } from '../../../src/store/network/networkSlice';
import { sessionRestored, logoutRequested } from '../../../src/store/session/sessionSlice';
import { runtimeConfigLoaded } from '../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../src/store/store';
import {
  TOKEN_REFRESH_LEAD_MS,
  TOKEN_REFRESH_RETRY_MAX_MS,
  TOKEN_REFRESH_RETRY_MS,
} from '../../../src/store/timing';
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
function setup(
  refreshSession: () => Promise<IdentitySession>,
  fetch: typeof memberHost = memberHost,
) {
  const navigator = recordingNavigator('/member/activities');
  const store = createAppStore({
    dependencies: testDependencies({
      createIdentityClient: () => ({ ...unusedIdentity(), refreshSession }),
      navigator,
      now: () => Date.now(),
      fetch,
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

  it('ends the session and goes home when the identity service refuses the refresh', async () => {
    const { store, navigator } = setup(() =>
      Promise.reject(new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked')),
    );
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS - 1);
    expect(store.getState().session.status).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().session.status).toBe('signedOut');
    expect(navigator.paths).toEqual(['/']);
  });

  it('tries again, not logging out, while the refresh gets no answer', async () => {
    const tries: number[] = [];
    const { store, navigator } = setup(() => {
      tries.push(Date.now());
      return tries.length <= 3
        ? Promise.reject(new IdentityError('NetworkError', 'Network error'))
        : Promise.resolve(session(Date.now() + HOUR));
    });
    const due = T0 + HOUR - TOKEN_REFRESH_LEAD_MS;
    await vi.advanceTimersByTimeAsync(due - T0);
    expect(tries).toEqual([due]);
    await vi.advanceTimersByTimeAsync(7 * TOKEN_REFRESH_RETRY_MS);
    // 15 s, then 30 s, then 60 s later; the fourth try is answered.
    expect(tries).toEqual([
      due,
      due + TOKEN_REFRESH_RETRY_MS,
      due + 3 * TOKEN_REFRESH_RETRY_MS,
      due + 7 * TOKEN_REFRESH_RETRY_MS,
    ]);
    expect(store.getState().session.status).toBe('signedIn');
    expect(store.getState().session.identity?.expiresAt).toBe(
      due + 7 * TOKEN_REFRESH_RETRY_MS + HOUR,
    );
    expect(navigator.paths).toEqual([]);
    // The next refresh is the new token's, 55 minutes on.
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS);
    expect(tries).toHaveLength(5);
  });

  it('waits at most 5 minutes between tries, and tries at once back online', async () => {
    const tries: number[] = [];
    let online = false;
    const { store } = setup(() => {
      tries.push(Date.now());
      return online
        ? Promise.resolve(session(Date.now() + HOUR))
        : Promise.reject(new IdentityError('NetworkError', 'Network error'));
    });
    const due = T0 + HOUR - TOKEN_REFRESH_LEAD_MS;
    // The ID token expires offline; tries follow at 15, 30, 60, 120, 240, 300, 300 … s (20 minutes
    // on: the local environment's inactivity logout comes after 2 hours).
    await vi.advanceTimersByTimeAsync(due - T0 + 20 * 60_000);
    const gaps = tries.slice(1).map((at, i) => at - (tries[i] ?? 0));
    expect(gaps.slice(0, 6)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 300_000]);
    expect(Math.max(...gaps)).toBe(TOKEN_REFRESH_RETRY_MAX_MS);
    expect(store.getState().session.status).toBe('signedIn');
    const before = tries.length;
    online = true;
    store.dispatch(onlineChanged(true));
    await vi.advanceTimersByTimeAsync(0);
    expect(tries).toHaveLength(before + 1);
    expect(store.getState().session.identity?.expiresAt).toBe(Date.now() + HOUR);
  });

  it('ends the session when the identity service refuses a later try', async () => {
    let calls = 0;
    const { store, navigator } = setup(() => {
      calls += 1;
      return Promise.reject(
        calls === 1
          ? new IdentityError('NetworkError', 'Network error')
          : new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked'),
      );
    });
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS);
    expect(store.getState().session.status).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_RETRY_MS);
    expect(calls).toBe(2);
    expect(store.getState().session.status).toBe('signedOut');
    expect(navigator.paths).toEqual(['/']);
  });

  it('stops trying again after logout', async () => {
    let calls = 0;
    const { store } = setup(() => {
      calls += 1;
      return Promise.reject(new IdentityError('NetworkError', 'Network error'));
    });
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS);
    expect(calls).toBe(1);
    store.dispatch(logoutRequested({ reason: 'user' }));
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(calls).toBe(1);
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

  describe('the member-token login after a refresh', () => {
    /** The member host, whose login-member-c2 answers with the statuses given, in turn. */
    function loginAnswering(statuses: number[]) {
      const logins: number[] = [];
      const fetch: typeof memberHost = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (!url.includes('login-member-c2')) return memberHost(input, init);
        logins.push(Date.now());
        const status = statuses[logins.length - 1] ?? 200;
        return status === 200
          ? memberHost(input, init)
          : Promise.resolve(
              Response.json(
                { ErrorCode: status === 401 ? 'AUTH' : 'UNKNOWN', Error: 'no' },
                { status },
              ),
            );
      };
      return { fetch, logins };
    }

    it('is tried again, not logging out, while the auth host gives no answer', async () => {
      const { fetch, logins } = loginAnswering([200, 503, 503]);
      const { store, navigator } = setup(() => Promise.resolve(session(Date.now() + HOUR)), fetch);
      const due = T0 + HOUR - TOKEN_REFRESH_LEAD_MS;
      await vi.advanceTimersByTimeAsync(due - T0);
      expect(logins).toHaveLength(2);
      expect(store.getState().session.status).toBe('signedIn');
      await vi.advanceTimersByTimeAsync(3 * TOKEN_REFRESH_RETRY_MS);
      expect(logins.slice(1)).toEqual([
        due,
        due + TOKEN_REFRESH_RETRY_MS,
        due + 3 * TOKEN_REFRESH_RETRY_MS,
      ]);
      expect(store.getState().session.status).toBe('signedIn');
      expect(store.getState().session.memberError).toBeNull();
      expect(navigator.paths).toEqual([]);
    });

    it('logs out when the auth host refuses it (spec §8)', async () => {
      const { fetch, logins } = loginAnswering([200, 401]);
      const { store, navigator } = setup(() => Promise.resolve(session(Date.now() + HOUR)), fetch);
      await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_LEAD_MS);
      expect(logins).toHaveLength(2);
      expect(store.getState().session.status).toBe('signedOut');
      expect(navigator.paths).toEqual(['/']);
    });

    it('logs out when the first login after a restored session fails (spec §8)', async () => {
      const { fetch } = loginAnswering([503]);
      const { store } = setup(() => Promise.resolve(session(Date.now() + HOUR)), fetch);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(store.getState().session.status).toBe('signedOut');
    });
  });
});
