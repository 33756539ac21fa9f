import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { termsEpics } from '../../../../src/features/terms/termsEpics';
import { selectTerms, termsAcceptanceRequested } from '../../../../src/features/terms/termsSlice';
import { memberLoaded, sessionRestored } from '../../../../src/store/session/sessionSlice';
import { runtimeConfigLoaded } from '../../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../../src/store/store';
import {
  signedInIdentity,
  testDependencies,
  testMember,
  testRuntimeConfig,
} from '../../store/testDependencies';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const AUTH = 'http://localhost/authapi';
const NOW = 1_795_400_000_000;
const server = registerMswServer('bypass');

const identity = signedInIdentity(NOW + 3_600_000);

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

  it.each([
    [
      'the server’s failure',
      () => HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'db down' }, { status: 500 }),
      { detailKey: 'Common.FailureDetail.ServerError' },
    ],
    ['no answer', () => HttpResponse.error(), { detailKey: 'Common.FailureDetail.Network' }],
  ])(
    "fails with 'Set Member Terms Error' and the detail of %s (spec §8)",
    async (_n, answer, detail) => {
      const store = setup((t) => t).store;
      server.use(http.post(`${AUTH}/member/set-terms`, answer));
      store.dispatch(termsAcceptanceRequested({ marketing: false }));
      await until(() => selectTerms(store.getState()).acceptance === 'failed');
      expect(selectTerms(store.getState())).toMatchObject({
        errorKey: 'Errors.SetMemberTermsError',
        errorDetail: detail,
      });
    },
  );
});
