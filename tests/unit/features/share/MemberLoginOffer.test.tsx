// @vitest-environment jsdom
import { configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { MemberLoginOffer } from '../../../../src/features/share/components/MemberLoginOffer';
import { rootReducer } from '../../../../src/store/rootReducer';
import {
  memberLoaded,
  sessionAbsent,
  sessionRestored,
  signInRequested,
  type SessionStatus,
} from '../../../../src/store/session/sessionSlice';
import { createStorage } from '../../../../src/streams/storage';
import { signedInIdentity, testMember } from '../../store/testDependencies';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

/** The offer for activity 42 over a store (reducers only) that took `actions`. */
function renderOffer(actions: readonly Action[]) {
  const store = configureStore({ reducer: rootReducer });
  for (const action of actions) store.dispatch(action);
  const router = createMemoryRouter(
    [{ path: '/', element: <MemberLoginOffer activityId={42} /> }],
    { initialEntries: ['/'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store.getState().session.status;
}

const identity = signedInIdentity(Date.now() + 3_600_000);
const CASES: readonly [SessionStatus, readonly Action[], boolean][] = [
  ['unknown', [], false],
  ['signedOut', [sessionAbsent()], true],
  ['signingIn', [signInRequested({ email: 'a@example.com', password: 'Secret-123' })], false],
  ['loadingMember', [sessionRestored(identity)], false],
  ['signedIn', [sessionRestored(identity), memberLoaded(testMember)], false],
];

describe('MemberLoginOffer (policy §1: a non-logged-in viewer is offered a login)', () => {
  it.each(CASES)('session %s: offered %s', (status, actions, offered) => {
    expect(renderOffer(actions)).toBe(status);
    const link = screen.queryByRole('link', { name: 'Log in to see all of it' });
    if (!offered) {
      expect(link).toBeNull();
      return;
    }
    // Back to the activity's member page after the login.
    expect(link).toHaveAttribute('href', '/auth/login?returnTo=%2Fmember%2Factivity%2F42');
  });
});
