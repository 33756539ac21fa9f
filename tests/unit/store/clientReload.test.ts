import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../../src/api/entities/client';
import { clientEpics } from '../../../src/store/client/clientEpics';
import { memberClientReloadRequested } from '../../../src/store/client/clientSlice';
import { createAppStore } from '../../../src/store/store';
import { registerMswServer } from '../support/mswServer';
import { until } from '../support/until';
import {
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
} from './testDependencies';

const API = `${testMember.DomainUrl}/api/member-integration`;

/** A store with the member loaded and the client as given (null: not loaded). */
function clientStore({ client }: { client: Client | null }) {
  const started = startedState(signedInIdentity(Date.now() + 3_600_000), client);
  const store = createAppStore({
    dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
    epics: clientEpics,
    preloadedState: { ...started, session: { ...started.session, member: testMember } },
  });
  return { store };
}

const server = registerMswServer();

function serve(status = 200) {
  let calls = 0;
  server.use(
    http.get(`${API}/load-member-client`, () => {
      calls += 1;
      return status === 200
        ? HttpResponse.json(testClient)
        : HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'x' }, { status });
    }),
  );
  return () => calls;
}

describe('loading the member’s client again after a failure (spec §7 load-member-client)', () => {
  it('loads the client when it is not loaded', async () => {
    const calls = serve();
    const { store } = clientStore({ client: null });
    store.dispatch(memberClientReloadRequested());
    await until(() => store.getState().client.status === 'loaded');
    expect(store.getState().client.client).toEqual(testClient);
    expect(calls()).toBe(1);
  });

  it('records a failed load, so the page can offer a retry', async () => {
    serve(500);
    const { store } = clientStore({ client: null });
    store.dispatch(memberClientReloadRequested());
    await until(() => store.getState().client.status === 'failed');
  });

  it('sends nothing when the client is already loaded', () => {
    const calls = serve();
    const { store } = clientStore({ client: testClient });
    store.dispatch(memberClientReloadRequested());
    expect(store.getState().client.status).toBe('loaded');
    expect(calls()).toBe(0);
  });
});
