import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { servicesClientRequested } from '../../../../src/features/settings/settingsSlice';
import { API, settingsStore } from './settingsTestKit';
import { testClient } from '../../store/testDependencies';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

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

describe('the services page client load (spec §7 load-member-client)', () => {
  it('loads the client when it is not loaded', async () => {
    const calls = serve();
    const { store } = settingsStore({ client: null });
    store.dispatch(servicesClientRequested());
    await until(() => store.getState().client.status === 'loaded');
    expect(store.getState().client.client).toEqual(testClient);
    expect(calls()).toBe(1);
  });

  it('records a failed load, so the page can offer a retry', async () => {
    serve(500);
    const { store } = settingsStore({ client: null });
    store.dispatch(servicesClientRequested());
    await until(() => store.getState().client.status === 'failed');
  });

  it('sends nothing when the client is already loaded', () => {
    const calls = serve();
    const { store } = settingsStore();
    store.dispatch(servicesClientRequested());
    expect(store.getState().client.status).toBe('loaded');
    expect(calls()).toBe(0);
  });
});
