import { NEVER } from 'rxjs';
import { IdentityError, type IdentityClient } from '../../../src/api/identity';
import type { Member } from '../../../src/api/entities/member';
import type { RuntimeConfig } from '../../../src/api/runtimeConfig';
import { createStorage } from '../../../src/streams/storage';
import type { StoreDependencies } from '../../../src/store/dependencies';

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
