import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  IdentityError,
  type IdentityClient,
  type IdentitySession,
} from '../../../src/api/identity';
import {
  logoutRequested,
  selectMember,
  selectSessionStatus,
  signInRequested,
} from '../../../src/store/session/sessionSlice';
import { themePreferenceChanged } from '../../../src/store/slices/preferencesSlice';
import { runtimeConfigRequested } from '../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../src/store/store';
import {
  recordingNavigator,
  testDependencies,
  testMember,
  unusedIdentity,
} from './testDependencies';
import { registerMswServer } from '../support/mswServer';
import { until } from '../support/until';

const AUTH = 'http://localhost/authapi';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

const session: IdentitySession = {
  sub: '6f1c0f4e-0000-4000-8000-000000000001',
  email: 'dana@example.com',
  emailVerified: true,
  phoneNumber: null,
  phoneNumberVerified: false,
  nameFirst: 'Dana',
  nameLast: 'Berg',
  idToken: 'id.token.value',
  expiresAt: Date.now() + 3_600_000,
};

const member = testMember;

const server = registerMswServer();
const loginLanguages: string[] = [];
afterEach(() => {
  loginLanguages.length = 0;
});

function authHostAnswers(options: { loginStatus?: number } = {}) {
  server.use(
    http.post(`${AUTH}/member/login-member-c2/:lang`, ({ params, request }) => {
      loginLanguages.push(String(params.lang));
      if (request.headers.get('authorization') !== `Bearer ${session.idToken}`) {
        return HttpResponse.json({ ErrorCode: 'AUTH', Error: 'JWT Invalid' }, { status: 401 });
      }
      return options.loginStatus
        ? HttpResponse.json(
            { ErrorCode: 'UNKNOWN', Error: 'down' },
            { status: options.loginStatus },
          )
        : HttpResponse.json({ MemberIntegrationToken: JWT });
    }),
    http.get(`${AUTH}/member/get-member`, () => HttpResponse.json(member)),
  );
}

async function setup(identity: Partial<IdentityClient>, language = 'en', path = '/auth/login') {
  const navigator = recordingNavigator(path);
  const store = createAppStore({
    dependencies: testDependencies({
      createIdentityClient: () => ({ ...unusedIdentity(), ...identity }),
      fetch: (input, init) => fetch(input, init),
      navigator,
      currentLanguage: () => language,
    }),
  });
  store.dispatch(runtimeConfigRequested());
  await until(() => store.getState().runtimeConfig.status === 'loaded');
  return { store, navigator };
}

describe('session epics', () => {
  it('finds no stored session and settles signed out', async () => {
    const { store } = await setup({ currentSession: () => Promise.resolve(null) });
    await until(() => selectSessionStatus(store.getState()) === 'signedOut');
  });

  it('restores a stored session and logs in to the member host', async () => {
    authHostAnswers();
    const { store } = await setup({ currentSession: () => Promise.resolve(session) });
    await until(() => selectSessionStatus(store.getState()) === 'signedIn');
    expect(selectMember(store.getState())).toEqual(member);
  });

  it('signs in, then gets the member token in the UI language and the member', async () => {
    authHostAnswers();
    const { store } = await setup({ signIn: () => Promise.resolve(session) }, 'de');
    await until(() => selectSessionStatus(store.getState()) === 'signedOut');
    store.dispatch(signInRequested({ email: 'dana@example.com', password: 'Secret#123' }));
    expect(selectSessionStatus(store.getState())).toBe('signingIn');
    await until(() => selectSessionStatus(store.getState()) === 'signedIn');
    expect(loginLanguages).toEqual(['de']);
    expect(store.getState().session.memberIntegrationToken).toBe(JWT);
  });

  it('keeps the identity error for the login screen', async () => {
    const { store } = await setup({
      signIn: () =>
        Promise.reject(
          new IdentityError('NotAuthorizedException', 'Incorrect username or password.'),
        ),
    });
    store.dispatch(signInRequested({ email: 'dana@example.com', password: 'wrong' }));
    await until(() => store.getState().session.signInError !== null);
    expect(store.getState().session).toMatchObject({
      status: 'signedOut',
      signInError: { code: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    });
  });

  it('ignores the pending sign-in complaint', async () => {
    let calls = 0;
    const { store } = await setup({
      signIn: () => {
        calls += 1;
        return Promise.reject(
          new IdentityError('Error', 'Pending sign-in attempt already in progress'),
        );
      },
    });
    store.dispatch(signInRequested({ email: 'dana@example.com', password: 'x' }));
    await until(() => selectSessionStatus(store.getState()) === 'signedOut');
    expect(calls).toBe(1);
    expect(store.getState().session.signInError).toBeNull();
  });

  it('ignores a member answer that arrives after logout', async () => {
    let answerMember: (() => void) | null = null;
    server.use(
      http.post(`${AUTH}/member/login-member-c2/:lang`, () =>
        HttpResponse.json({ MemberIntegrationToken: JWT }),
      ),
      http.get(
        `${AUTH}/member/get-member`,
        () =>
          new Promise<Response>((resolve) => {
            answerMember = () => {
              resolve(HttpResponse.json(member));
            };
          }),
      ),
    );
    const { store } = await setup({ signIn: () => Promise.resolve(session) });
    store.dispatch(signInRequested({ email: 'dana@example.com', password: 'Secret#123' }));
    await until(() => answerMember !== null);
    store.dispatch(logoutRequested({ reason: 'user' }));
    await until(() => selectSessionStatus(store.getState()) === 'signedOut');
    (answerMember as unknown as () => void)();
    await new Promise((r) => setTimeout(r, 20));
    expect(store.getState().session).toMatchObject({
      status: 'signedOut',
      identity: null,
      member: null,
    });
  });

  it('logs out when the member-integration login fails, and goes home', async () => {
    authHostAnswers({ loginStatus: 503 });
    let signedOut = false;
    const { store, navigator } = await setup({
      signIn: () => Promise.resolve(session),
      signOut: () => {
        signedOut = true;
        return Promise.resolve();
      },
    });
    store.dispatch(signInRequested({ email: 'dana@example.com', password: 'Secret#123' }));
    await until(() => signedOut && selectSessionStatus(store.getState()) === 'signedOut');
    expect(store.getState().session.identity).toBeNull();
    expect(navigator.paths).toEqual(['/']);
  });

  it('clears everything on logout but the configuration and preferences', async () => {
    authHostAnswers();
    const { store, navigator } = await setup(
      { signIn: () => Promise.resolve(session) },
      'en',
      '/share/activity/tok',
    );
    store.dispatch(themePreferenceChanged('dark'));
    store.dispatch(signInRequested({ email: 'dana@example.com', password: 'Secret#123' }));
    await until(() => selectSessionStatus(store.getState()) === 'signedIn');
    store.dispatch(logoutRequested({ reason: 'user' }));
    await until(() => selectSessionStatus(store.getState()) === 'signedOut');
    const state = store.getState();
    expect(state.session).toMatchObject({
      identity: null,
      member: null,
      memberIntegrationToken: null,
    });
    expect(state.preferences.theme).toBe('dark');
    expect(state.runtimeConfig.status).toBe('loaded');
    // Viewing a shared activity: the viewer stays where they are.
    expect(navigator.paths).toEqual([]);
  });

  it.each([
    [
      'no answer',
      new IdentityError('NetworkError', 'Network error'),
      'Common.FailureDetail.Network',
    ],
    [
      'the service’s refusal',
      new IdentityError('NotAuthorizedException', 'Access Token has been revoked'),
      'Access Token has been revoked',
    ],
  ])(
    "logs out when the sign-out fails (%s), with 'Logout Error' and its detail (spec §8)",
    async (_case, error, detail) => {
      authHostAnswers();
      const { store } = await setup({
        signIn: () => Promise.resolve(session),
        signOut: () => Promise.reject(error),
      });
      store.dispatch(signInRequested({ email: 'dana@example.com', password: 'Secret#123' }));
      await until(() => selectSessionStatus(store.getState()) === 'signedIn');
      store.dispatch(logoutRequested({ reason: 'user' }));
      await until(() => selectSessionStatus(store.getState()) === 'signedOut');
      expect(store.getState().session.identity).toBeNull();
      expect(Object.values(store.getState().notifications.entities)).toMatchObject([
        {
          tone: 'error',
          key: 'Errors.LogoutError',
          params: { detail },
        },
      ]);
    },
  );
});
