// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../../src/api/entities/client';
import { initI18n } from '../../../../src/app/i18n';
import { LoginEulaPage } from '../../../../src/features/terms/LoginEulaPage';
import { termsEpics } from '../../../../src/features/terms/termsEpics';
import { createStorage } from '../../../../src/streams/storage';
import { createAppStore } from '../../../../src/store/store';
import {
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
} from '../../store/testDependencies';
import { registerMswServer } from '../../support/mswServer';
import { renderRoutesAt } from '../../support/renderRoutes';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const API = `${testMember.DomainUrl}/api/member-integration`;

/** The test client with an English EULA and privacy policy. */
const clientWithDocuments: Client = {
  ...testClient,
  Documents: (['Eula', 'PrivacyPolicy'] as const).map((Type) => ({
    Type,
    Filename: `${Type}.txt`,
    Locale: 'en',
    LastUpdateTimestamp: 1,
    EffectiveDateTimestamp: 1,
  })),
};

/** Serves the client (or a 500 while `failing()`), and each document as its own name. */
function serve(failing: () => boolean) {
  server.use(
    http.get(`${API}/load-member-client`, () =>
      failing()
        ? HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'x' }, { status: 500 })
        : HttpResponse.json(clientWithDocuments),
    ),
    http.get('*/docs/1/:file', ({ params }) =>
      HttpResponse.text(`The text of ${String(params.file)}`),
    ),
  );
}

function renderPage() {
  const started = startedState(signedInIdentity(Date.now() + 3_600_000), null);
  const store = createAppStore({
    dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
    epics: termsEpics,
    preloadedState: { ...started, client: { status: 'failed', client: null } },
  });
  renderRoutesAt(
    store,
    [{ path: '/auth/login-eula', element: <LoginEulaPage /> }],
    '/auth/login-eula',
  );
  return { store };
}

describe('LoginEulaPage when the documents cannot be loaded', () => {
  it('says so with a retry, not "Loading…" for ever, and shows the documents once the retry loads them', async () => {
    let failing = true;
    serve(() => failing);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The documents could not be loaded.',
    );
    expect(screen.queryByText('Loading…')).toBeNull();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('article', { name: 'End User Licence Agreement' }),
    ).toHaveTextContent('The text of Eula.txt');
    expect(await screen.findByText('The text of PrivacyPolicy.txt')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
