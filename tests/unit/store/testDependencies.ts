import { NEVER, asyncScheduler } from 'rxjs';
import {
  IdentityError,
  type IdentityClient,
  type IdentitySession,
} from '../../../src/api/identity';
import { DEFAULT_UNITS, type Client } from '../../../src/api/entities/client';
import type { Member } from '../../../src/api/entities/member';
import type { RuntimeConfig } from '../../../src/api/runtimeConfig';
import { createStorage } from '../../../src/streams/storage';
import type { StoreDependencies } from '../../../src/store/dependencies';
import { rootReducer, type RootState } from '../../../src/store/rootReducer';
import { sessionSlice, type SessionState } from '../../../src/store/session/sessionSlice';

/** A runtime configuration for tests, with a local identity pool. */
export const testRuntimeConfig: RuntimeConfig = {
  identity: {
    endpoint: 'http://localhost/identity',
    region: 'local',
    userPoolId: 'local_Lifeline',
    clientId: 'web',
  },
  authApiBase: 'http://localhost/authapi',
  centralHost: 'http://localhost/central',
  mapStyle: null,
  buildTimestamp: 1,
  environment: 'local',
  links: {
    contactUs: 'https://x.example/contact',
    help: 'https://x.example/help',
    findOutMore: 'https://x.example/more',
    shop: 'https://x.example/shop',
  },
};

/** An identity client whose every operation fails unless the test replaces it. */
export function unusedIdentity(): IdentityClient {
  const fail = (): Promise<never> =>
    Promise.reject(new IdentityError('Unused', 'not set up in this test'));
  return {
    signUp: fail,
    confirmSignUp: fail,
    resendSignUpCode: fail,
    signIn: fail,
    currentSession: () => Promise.resolve(null),
    refreshSession: fail,
    updateAttributes: fail,
    sendAttributeCode: fail,
    verifyAttribute: fail,
    changePassword: fail,
    forgotPassword: fail,
    confirmForgotPassword: fail,
    globalSignOut: fail,
    signOut: () => Promise.resolve(),
  };
}

/** A navigator that records where epics sent the app. */
export function recordingNavigator(
  start = '/',
): StoreDependencies['navigator'] & { paths: string[] } {
  const paths: string[] = [];
  let current = start;
  return {
    paths,
    navigate(path) {
      paths.push(path);
      current = path;
    },
    currentPath: () => current,
  };
}

/** Complete store dependencies with inert fakes; pass what the test exercises. */
export function testDependencies(overrides: Partial<StoreDependencies> = {}): StoreDependencies {
  return {
    loadRuntimeConfig: () => Promise.resolve(testRuntimeConfig),
    storage: createStorage(null),
    createIdentityClient: () => unusedIdentity(),
    fetch: () => Promise.reject(new Error('no network in this test')),
    navigator: recordingNavigator(),
    currentLanguage: () => 'en',
    translate: (key) => key,
    now: () => Date.now(),
    userActivity$: NEVER,
    openSocket: () => NEVER,
    frameScheduler: asyncScheduler,
    reloadPage: () => undefined,
    loadBuildTimestamp: () => NEVER,
    online$: NEVER,
    watchPosition: () => NEVER,
    compassHeading: () => NEVER,
    ...overrides,
  };
}

/** A member as the auth host answers get-member. */
export const testMember: Member = {
  MemberId: 1,
  DomainId: 'local',
  DomainUrl: 'http://localhost',
  ClientId: 1,
  TermsAcceptedTimestamp: null,
  SpamMeTimestamp: null,
  DateOfBirth: null,
  Email: 'dana@example.com',
  NameFirst: 'Dana',
  NameLast: 'Berg',
  PhoneNumber: null,
  Sex: 'Unspecified',
  LanguageCode: 'en',
  ActivityTypes: [],
  StravaDetails: null,
  MarketingOptInTimestamp: null,
};

/**
 * The identity of {@link testMember}'s user as the identity service answers a sign-in or refresh:
 * e-mail and phone verified, its ID token expiring at `expiresAt` (epoch ms).
 */
export function signedInIdentity(expiresAt: number): IdentitySession {
  return {
    sub: 's',
    email: testMember.Email,
    emailVerified: true,
    phoneNumber: '+4791234567',
    phoneNumberVerified: true,
    nameFirst: 'Dana',
    nameLast: 'Berg',
    idToken: 'id',
    expiresAt,
  };
}

/**
 * A session signed in as `identity` with {@link testMember} and a member token loaded, to preload a
 * store with: no session restore or member-token login epic runs (they would call the auth host).
 */
export function signedInSession(identity: IdentitySession): SessionState {
  return {
    ...sessionSlice.getInitialState(),
    status: 'signedIn',
    identity,
    member: testMember,
    memberIntegrationToken: 'member-token',
  };
}

/** The member's client (spec §7 load-member-client) with a support e-mail and localised support site. */
export const testClient: Client = {
  ClientID: 1,
  ClientName: 'Fjord Safety',
  MemberSignUpEnabled: true,
  CountryCode: 'NO',
  Brand: { BrandID: 1, BrandCode: 'fjord', BrandColorDark: '#FF7900', BrandColorLight: '#FF7900' },
  SupportEmail: 'help@fjord.example',
  SupportUrl: 'https://fjord.example/{{locale}}/support',
  Units: DEFAULT_UNITS,
  Documents: [],
  Locations: [],
};

/**
 * The root state of a store whose start already ran, to preload so that no session restore, member
 * login or entity load epic runs: the runtime configuration loaded, the session signed in as
 * `identity` ({@link signedInSession}; null: signed out), and the member's client loaded (null: not
 * asked for). The other slices are initial; spread over the result to set them.
 */
export function startedState(identity: IdentitySession | null, client: Client | null): RootState {
  const base = rootReducer(undefined, { type: 'test/init' });
  return {
    ...base,
    runtimeConfig: { status: 'loaded', config: testRuntimeConfig, error: null },
    session: identity ? signedInSession(identity) : { ...base.session, status: 'signedOut' },
    client: client ? { status: 'loaded', client } : { status: 'idle', client: null },
  };
}
