import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectMemberClientStatus } from '../../../src/store/client/clientSlice';
import { sessionRestored } from '../../../src/store/session/sessionSlice';
import { runtimeConfigLoaded } from '../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../src/store/store';
import { ROUTER_CLIENT_WAIT_MS } from '../../../src/store/timing';
import {
  signedInIdentity,
  testDependencies,
  testMember,
  testRuntimeConfig,
} from './testDependencies';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const identity = signedInIdentity(Date.UTC(2026, 10, 22, 13));

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 12) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The auth host answers at once; the member's client never does; the entity GETs answer empty. */
const fetchStub: typeof fetch = (input) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.includes('/login-member-c2/')) {
    return Promise.resolve(Response.json({ MemberIntegrationToken: JWT }));
  }
  if (url.endsWith('/member/get-member')) return Promise.resolve(Response.json(testMember));
  if (url.endsWith('/load-member-client')) return new Promise<Response>(() => undefined);
  return Promise.resolve(Response.json({}, { status: 404 }));
};

describe('the router waits up to 10 s for the client (spec §9)', () => {
  it('counts a client that has not answered after 10 s as failed, so routes go on', async () => {
    const store = createAppStore({
      dependencies: testDependencies({ fetch: fetchStub, now: () => Date.now() }),
    });
    store.dispatch(runtimeConfigLoaded(testRuntimeConfig));
    store.dispatch(sessionRestored(identity));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectMemberClientStatus(store.getState())).toBe('loading');
    await vi.advanceTimersByTimeAsync(ROUTER_CLIENT_WAIT_MS - 1);
    expect(selectMemberClientStatus(store.getState())).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectMemberClientStatus(store.getState())).toBe('failed');
  });
});
