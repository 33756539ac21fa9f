import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitySession } from '../../../../src/api/identity';
import { termsEpics } from '../../../../src/features/terms';
import { selectTerms, termsAcceptanceRequested } from '../../../../src/features/terms/termsSlice';
import { memberLoaded, sessionRestored } from '../../../../src/store/session/sessionSlice';
import { runtimeConfigLoaded } from '../../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../../src/store/store';
import { testDependencies, testMember, testRuntimeConfig } from '../../store/testDependencies';

const AUTH = 'http://localhost/authapi';
const NOW = 1_795_400_000_000;
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
});

const identity: IdentitySession = {
  sub: 's',
  email: 'dana@example.com',
  emailVerified: true,
  phoneNumber: '+4791234567',
  phoneNumberVerified: true,
  nameFirst: 'Dana',
  nameLast: 'Berg',
  idToken: 'id',
  expiresAt: NOW + 3_600_000,
};

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

function setup(echo: (sent: number) => number) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${AUTH}/member/set-terms`, async ({ request }) => {
      const body = (await request.json()) as {
        TermsAcceptedTimestamp: number;
        SpamMeTimestamp: number;
      };
      sent.push(body);
      return HttpResponse.json({ TermsAcceptedTimestamp: echo(body.TermsAcceptedTimestamp) });
    }),
  );
  const store = createAppStore({
    dependencies: testDependencies({ fetch: (i, init) => fetch(i, init), now: () => NOW }),
    epics: termsEpics,
  });
  store.dispatch(runtimeConfigLoaded(testRuntimeConfig));
  store.dispatch(sessionRestored(identity));
  store.dispatch(memberLoaded(testMember));
  return { store, sent };
}

describe('accepting the terms (spec §7 set-terms, §5 echo)', () => {
  it('sends the acceptance and opt-in times and records them on the member', async () => {
    const { store, sent } = setup((t) => t);
    store.dispatch(termsAcceptanceRequested({ marketing: true }));
    await until(() => selectTerms(store.getState()).acceptance === 'done');
    expect(sent).toEqual([{ TermsAcceptedTimestamp: NOW, SpamMeTimestamp: NOW }]);
    expect(store.getState().session.member).toMatchObject({
      TermsAcceptedTimestamp: NOW,
      SpamMeTimestamp: NOW,
    });
  });

  it('sends -1 when the marketing opt-in is not chosen', async () => {
    const { store, sent } = setup((t) => t);
    store.dispatch(termsAcceptanceRequested({ marketing: false }));
    await until(() => selectTerms(store.getState()).acceptance === 'done');
    expect(sent).toEqual([{ TermsAcceptedTimestamp: NOW, SpamMeTimestamp: -1 }]);
  });

  it("fails with 'Failed to update terms timestamp' when the echo differs", async () => {
    const { store } = setup((t) => t - 1);
    store.dispatch(termsAcceptanceRequested({ marketing: false }));
    await until(() => selectTerms(store.getState()).acceptance === 'failed');
    expect(selectTerms(store.getState()).errorKey).toBe('Errors.TermsTimestampMismatch');
    expect(store.getState().session.member?.TermsAcceptedTimestamp).toBeNull();
  });
});
