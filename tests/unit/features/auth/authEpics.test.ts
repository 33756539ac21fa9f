import { SERVICE_UNAVAILABLE } from '../../../../src/store/session/authFailure';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { IdentityError, type IdentityClient, type SignUpInput } from '../../../../src/api/identity';
import { authFeatureEpics as authEpics } from '../../../../src/features/auth/authFeatureEpics';
import {
  emailAttributeCodeRequested,
  emailAttributeVerificationRequested,
  passwordResetCodeRequested,
  passwordResetRequested,
  phoneCodeRequested,
  phoneVerificationRequested,
  selectAccountFlows,
} from '../../../../src/features/auth/accountSlice';
import {
  accountCreationFailed,
  accountCreationRequested,
  emailConfirmationRequested,
  selectConfirmEmailFlow,
  selectCreateAccountFlow,
} from '../../../../src/features/auth/authSlice';
import { runtimeConfigRequested } from '../../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../../src/store/store';
import {
  recordingNavigator,
  signedInIdentity,
  testDependencies,
  testRuntimeConfig,
  unusedIdentity,
} from '../../store/testDependencies';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const AUTH = 'http://localhost/authapi';
const server = registerMswServer();

const input: SignUpInput = {
  email: 'dana@example.com',
  password: 'Fjord#Paddle7',
  nameFirst: 'Dana',
  nameLast: 'Berg',
  country: 'NO',
  subRegion: 'Rogaland',
};

function emailCheck(answer: { EmailFound: boolean; UserVerified: boolean; Deleted: boolean }) {
  server.use(http.post(`${AUTH}/auth/signup-check-email`, () => HttpResponse.json(answer)));
}

async function setup(identity: Partial<IdentityClient>) {
  const navigator = recordingNavigator();
  const calls: string[] = [];
  const store = createAppStore({
    dependencies: testDependencies({
      createIdentityClient: () => ({ ...unusedIdentity(), ...identity }),
      fetch: (url, init) => fetch(url, init),
      navigator,
    }),
    epics: authEpics,
  });
  store.dispatch(runtimeConfigRequested());
  await until(() => store.getState().runtimeConfig.status === 'loaded');
  return { store, navigator, calls };
}

describe('create account', () => {
  it('checks the e-mail, signs up and goes to verify-email-address', async () => {
    emailCheck({ EmailFound: false, UserVerified: false, Deleted: false });
    const signedUp: SignUpInput[] = [];
    const { store, navigator } = await setup({
      signUp: (i) => {
        signedUp.push(i);
        return Promise.resolve({ userConfirmed: false });
      },
    });
    store.dispatch(accountCreationRequested(input));
    await until(() => selectCreateAccountFlow(store.getState()).status === 'done');
    expect(signedUp).toEqual([input]);
    expect(navigator.paths).toEqual(['/auth/verify-email-address']);
    expect(store.getState().auth?.pendingEmail).toBe('dana@example.com');
  });

  it('refuses an e-mail of a verified account without signing up', async () => {
    emailCheck({ EmailFound: true, UserVerified: true, Deleted: false });
    let signUps = 0;
    const { store } = await setup({
      signUp: () => {
        signUps += 1;
        return Promise.resolve({ userConfirmed: false });
      },
    });
    store.dispatch(accountCreationRequested(input));
    await until(() => selectCreateAccountFlow(store.getState()).status === 'failed');
    expect(selectCreateAccountFlow(store.getState()).error?.code).toBe('EmailNotAvailable');
    expect(signUps).toBe(0);
  });

  it('never re-sends a code to an existing account of the same e-mail', async () => {
    emailCheck({ EmailFound: true, UserVerified: false, Deleted: false });
    const resent: string[] = [];
    const { store } = await setup({
      signUp: () =>
        Promise.reject(new IdentityError('UsernameExistsException', 'User already exists')),
      resendSignUpCode: (email) => {
        resent.push(email);
        return Promise.resolve();
      },
    });
    store.dispatch(accountCreationRequested(input));
    await until(() => selectCreateAccountFlow(store.getState()).status === 'failed');
    expect(selectCreateAccountFlow(store.getState()).error?.code).toBe('UsernameExistsException');
    expect(resent).toEqual([]);
  });

  it('reports the identity service refusing the password', async () => {
    emailCheck({ EmailFound: false, UserVerified: false, Deleted: false });
    const { store } = await setup({
      signUp: () =>
        Promise.reject(
          new IdentityError('InvalidPasswordException', 'Password did not conform with policy'),
        ),
    });
    store.dispatch(accountCreationRequested(input));
    await until(() => selectCreateAccountFlow(store.getState()).status === 'failed');
    expect(selectCreateAccountFlow(store.getState()).error).toEqual({
      code: 'InvalidPasswordException',
      message: 'Password did not conform with policy',
    });
  });
});

describe('no identity service configured (/config.json identity null)', () => {
  it('fails each create-account attempt, and the epics go on', async () => {
    emailCheck({ EmailFound: false, UserVerified: false, Deleted: false });
    const store = createAppStore({
      dependencies: testDependencies({
        loadRuntimeConfig: () => Promise.resolve({ ...testRuntimeConfig, identity: null }),
        fetch: (url, init) => fetch(url, init),
        navigator: recordingNavigator(),
      }),
      epics: authEpics,
    });
    store.dispatch(runtimeConfigRequested());
    await until(() => store.getState().runtimeConfig.status === 'loaded');
    const failures = () =>
      store.actionLog.entries().filter((entry) => accountCreationFailed.match(entry.action));
    store.dispatch(accountCreationRequested(input));
    await until(() => failures().length === 1);
    // Shown as the identity service being unavailable (Auth.Errors.ServiceUnavailable), not English.
    expect(selectCreateAccountFlow(store.getState()).error?.code).toBe(SERVICE_UNAVAILABLE);
    // A second attempt is heard: the epic did not end with the first.
    store.dispatch(accountCreationRequested(input));
    await until(() => failures().length === 2);
  });
});

describe('confirm e-mail', () => {
  it('signs the new member in automatically and goes on to phone verification', async () => {
    emailCheck({ EmailFound: false, UserVerified: false, Deleted: false });
    const signIns: string[] = [];
    const { store, navigator } = await setup({
      signUp: () => Promise.resolve({ userConfirmed: false }),
      confirmSignUp: () => Promise.resolve(),
      signIn: (email, password) => {
        signIns.push(`${email}/${password}`);
        return new Promise(() => undefined);
      },
    });
    store.dispatch(accountCreationRequested(input));
    await until(() => selectCreateAccountFlow(store.getState()).status === 'done');
    store.dispatch(emailConfirmationRequested({ email: 'dana@example.com', code: '123456' }));
    await until(() => signIns.length === 1);
    expect(signIns).toEqual(['dana@example.com/Fjord#Paddle7']);
    expect(navigator.paths.at(-1)).toBe('/auth/verify-phone-number?registration=1');
  });

  it('without a sign-up in this browser, goes to login with the verified notice', async () => {
    const { store, navigator } = await setup({ confirmSignUp: () => Promise.resolve() });
    store.dispatch(emailConfirmationRequested({ email: 'other@example.com', code: '123456' }));
    await until(() => selectConfirmEmailFlow(store.getState()).status === 'done');
    expect(navigator.paths).toEqual(['/auth/login?notice=EmailVerified']);
  });

  it('treats "already confirmed" as done (the notice is suppressed)', async () => {
    const { store } = await setup({
      confirmSignUp: () =>
        Promise.reject(
          new IdentityError(
            'NotAuthorizedException',
            'User cannot be confirmed. Current status is CONFIRMED',
          ),
        ),
    });
    store.dispatch(emailConfirmationRequested({ email: 'other@example.com', code: '123456' }));
    await until(() => selectConfirmEmailFlow(store.getState()).status === 'done');
  });

  it('keeps a wrong code as the flow error', async () => {
    const { store } = await setup({
      confirmSignUp: () =>
        Promise.reject(new IdentityError('CodeMismatchException', 'Invalid verification code')),
    });
    store.dispatch(emailConfirmationRequested({ email: 'other@example.com', code: '000000' }));
    await until(() => selectConfirmEmailFlow(store.getState()).status === 'failed');
    expect(selectConfirmEmailFlow(store.getState()).error?.code).toBe('CodeMismatchException');
  });
});

describe('account flows', () => {
  it('resets a forgotten password and sends the user to log in', async () => {
    const confirmed: string[] = [];
    const { store, navigator } = await setup({
      forgotPassword: () => Promise.resolve(),
      confirmForgotPassword: (email, code, password) => {
        confirmed.push(`${email}/${code}/${password}`);
        return Promise.resolve();
      },
    });
    store.dispatch(passwordResetCodeRequested({ email: 'dana@example.com' }));
    await until(() => selectAccountFlows(store.getState()).forgotPassword.status === 'done');
    store.dispatch(
      passwordResetRequested({
        email: 'dana@example.com',
        code: '654321',
        password: 'New#Pass123',
      }),
    );
    await until(() => confirmed.length === 1);
    expect(confirmed).toEqual(['dana@example.com/654321/New#Pass123']);
    await until(() => navigator.paths.includes('/auth/login?notice=PasswordReset'));
  });

  it('verifies the e-mail of a signed-in identity with an attribute code (gating step 2)', async () => {
    server.use(
      http.post(`${AUTH}/member/login-member-c2/:lang`, () =>
        HttpResponse.json({ MemberIntegrationToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' }),
      ),
      http.get(`${AUTH}/member/get-member`, () => HttpResponse.json({}, { status: 404 })),
    );
    const calls: string[] = [];
    const { store } = await setup({
      sendAttributeCode: (attribute) => {
        calls.push(`send:${attribute}`);
        return Promise.resolve();
      },
      verifyAttribute: (attribute, code) => {
        calls.push(`verify:${attribute}:${code}`);
        return Promise.resolve();
      },
      refreshSession: () =>
        Promise.resolve({
          sub: 's',
          email: 'new@example.com',
          emailVerified: true,
          phoneNumber: null,
          phoneNumberVerified: false,
          nameFirst: 'Dana',
          nameLast: 'Berg',
          idToken: 'id',
          expiresAt: Date.now() + 3_600_000,
        }),
    });
    store.dispatch(emailAttributeCodeRequested());
    await until(() => selectAccountFlows(store.getState()).emailAttributeCode.status === 'done');
    store.dispatch(emailAttributeVerificationRequested({ code: '424242' }));
    await until(() => selectAccountFlows(store.getState()).emailAttributeVerify.status === 'done');
    expect(calls).toEqual(['send:email', 'verify:email:424242']);
    expect(store.getState().session.identity?.emailVerified).toBe(true);
  });

  it('a verified phone stays verified when the refresh after it fails; the refresh is tried again', async () => {
    server.use(
      http.post(`${AUTH}/member/login-member-c2/:lang`, () =>
        HttpResponse.json({ MemberIntegrationToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' }),
      ),
      http.get(`${AUTH}/member/get-member`, () => HttpResponse.json({}, { status: 404 })),
    );
    let refreshes = 0;
    const { store } = await setup({
      verifyAttribute: () => Promise.resolve(),
      refreshSession: () => {
        refreshes += 1;
        return refreshes === 1
          ? Promise.reject(new IdentityError('NetworkError', 'Network error'))
          : Promise.resolve(signedInIdentity(Date.now() + 3_600_000));
      },
    });
    store.dispatch(phoneVerificationRequested({ code: '111222' }));
    await until(() => selectAccountFlows(store.getState()).phoneVerify.status !== 'pending');
    expect(selectAccountFlows(store.getState()).phoneVerify.status).toBe('done');
    await until(() => store.getState().session.identity?.phoneNumberVerified === true);
    expect(refreshes).toBe(2);
  });

  it('saves the phone, verifies its code and refreshes the identity', async () => {
    // The refreshed identity starts a new member-token login (spec §4).
    server.use(
      http.post(`${AUTH}/member/login-member-c2/:lang`, () =>
        HttpResponse.json({ MemberIntegrationToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' }),
      ),
      http.get(`${AUTH}/member/get-member`, () => HttpResponse.json({}, { status: 404 })),
    );
    const saved: Record<string, string>[] = [];
    const { store } = await setup({
      updateAttributes: (attributes) => {
        saved.push({ ...attributes });
        return Promise.resolve();
      },
      verifyAttribute: () => Promise.resolve(),
      refreshSession: () => Promise.resolve(signedInIdentity(Date.now() + 3_600_000)),
    });
    store.dispatch(phoneCodeRequested({ phoneNumber: '+4791234567' }));
    await until(() => selectAccountFlows(store.getState()).phoneCode.status === 'done');
    expect(saved).toEqual([{ phone_number: '+4791234567' }]);
    store.dispatch(phoneVerificationRequested({ code: '111222' }));
    await until(() => selectAccountFlows(store.getState()).phoneVerify.status === 'done');
    expect(store.getState().session.identity?.phoneNumberVerified).toBe(true);
  });
});
