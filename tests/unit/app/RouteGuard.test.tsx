// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouteGuard } from '../../../src/app/RouteGuard';
import { initI18n } from '../../../src/app/i18n';
import { createStorage } from '../../../src/streams/storage';
import {
  memberClientFailed,
  memberClientLoaded,
  memberClientRequested,
} from '../../../src/store/client/clientSlice';
import { contactsReceived } from '../../../src/store/entities/contactsSlice';
import { memberLoadFailed } from '../../../src/store/session/sessionSlice';
import { createAppStore } from '../../../src/store/store';
import { ola } from '../features/contacts/contactsTestData';
import {
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
} from '../store/testDependencies';
import { renderRoutesAt } from '../support/renderRoutes';

const NOW = 1_795_400_000_000;

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

/** A member page with state of its own: a counter the user raised, lost if the page remounts. */
function CounterPage() {
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        setCount((n) => n + 1);
      }}
    >
      {`Pressed ${String(count)}`}
    </button>
  );
}

/** A signed-in member (terms accepted, a complete contact) on a gated route; client as given. */
function renderGuarded(client: typeof testClient | null, memberLoaded = true) {
  const state = startedState(signedInIdentity(NOW + 3_600_000), client);
  const store = createAppStore({
    dependencies: testDependencies({ now: () => NOW }),
    preloadedState: {
      ...state,
      session: {
        ...state.session,
        member: memberLoaded ? { ...testMember, TermsAcceptedTimestamp: NOW - 1 } : null,
      },
    },
  });
  store.dispatch(contactsReceived([ola]));
  renderRoutesAt(
    store,
    [
      {
        path: '/member/page',
        handle: { gated: true },
        element: (
          <RouteGuard>
            <CounterPage />
          </RouteGuard>
        ),
      },
    ],
    '/member/page',
  );
  return store;
}

describe('RouteGuard: the member client (spec app §4 gate, §9 the router waits for the client)', () => {
  it('waits for the first client load, then shows the page', async () => {
    const store = renderGuarded(null);
    act(() => {
      store.dispatch(memberClientRequested());
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    act(() => {
      store.dispatch(memberClientLoaded(testClient));
    });
    expect(await screen.findByRole('button', { name: 'Pressed 0' })).toBeInTheDocument();
  });

  it('keeps the page mounted, with its state, while the client reloads after a member load', async () => {
    const store = renderGuarded(testClient);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pressed 0' }));
    act(() => {
      store.dispatch(memberClientRequested());
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
    act(() => {
      store.dispatch(memberClientFailed());
    });
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });
});

describe('RouteGuard: a member reload that failed (spec §8 "Error loading member")', () => {
  it('keeps the page of a member already loaded mounted, with its state', async () => {
    const store = renderGuarded(testClient);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pressed 0' }));
    act(() => {
      store.dispatch(memberLoadFailed('get-member: HTTP 503'));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });

  it('blocks the page with a retry while no member was ever loaded', async () => {
    const store = renderGuarded(testClient, false);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    act(() => {
      store.dispatch(memberLoadFailed('get-member: HTTP 503'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading member');
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeInTheDocument();
  });
});
