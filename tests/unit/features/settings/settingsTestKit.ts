import { http, HttpResponse } from 'msw';
import type { Client } from '../../../../src/api/entities/client';
import { DEFAULT_COMMUNICATION_OPTIONS } from '../../../../src/api/entities/communication';
import type { Wearer } from '../../../../src/api/entities/member';
import type { IdentityClient, IdentitySession } from '../../../../src/api/identity';
import { settingsEpics } from '../../../../src/features/settings/settingsEpics';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import type { RootState } from '../../../../src/store/rootReducer';
import { createAppStore } from '../../../../src/store/store';
import {
  recordingNavigator,
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
  testRuntimeConfig,
  unusedIdentity,
} from '../../store/testDependencies';

/** The store's clock in these tests: 15 June 2025, noon UTC (before the real date, see below). */
export const NOW = Date.UTC(2025, 5, 15, 12);

/** Base of the member-integration calls of {@link testMember}. */
export const API = `${testMember.DomainUrl}/api/member-integration`;

export const testIdentity = signedInIdentity(NOW + 3_600_000);

export const testWearer: Wearer = {
  WearerID: 7,
  MemberId: testMember.MemberId,
  ClientId: 1,
  Email: 'old@example.com',
  NameFirst: 'Dana',
  NameLast: 'Berg',
  PhoneNumber: '+4791234567',
  DateOfBirth: '1990/02/09',
  Sex: 'Female',
  LanguageCode: 'en',
  ActivityTypes: ['HIKING', 'SAILING'],
  StravaDetails: null,
  TermsAcceptedTimestamp: 1_700_000_000_000,
  MarketingOptInTimestamp: null,
  CommunicationOptions: { ...DEFAULT_COMMUNICATION_OPTIONS, NotifySharkAlert: false },
  CountryCode: 'NO',
  SubRegion: null,
  EmergencyInfo: null,
};

export interface SettingsStoreOptions {
  readonly wearer?: Wearer | null;
  readonly client?: Client | null;
  readonly identity?: IdentityClient;
  readonly deps?: Partial<StoreDependencies>;
}

/**
 * A store with the settings epics and a signed-in member, preloaded (no login or entity loads run):
 * the member, identity, member token, runtime configuration, and the given wearer and client.
 * Requests go through the global fetch (msw). The clock is {@link NOW}: dates that pass at NOW pass
 * at the real date too, which the API client's own request check uses.
 */
export function settingsStore(options: SettingsStoreOptions = {}) {
  const navigator = recordingNavigator('/member');
  const wearer = options.wearer === undefined ? testWearer : options.wearer;
  const client = options.client === undefined ? testClient : options.client;
  const preloadedState: RootState = {
    ...startedState(testIdentity, client),
    wearer: wearer
      ? { status: 'loaded', received: true, wearer }
      : { status: 'idle', received: false, wearer: null },
  };
  const store = createAppStore({
    dependencies: testDependencies({
      fetch: (input, init) => fetch(input, init),
      now: () => NOW,
      navigator,
      createIdentityClient: () => options.identity ?? recordingIdentity(testIdentity).client,
      ...options.deps,
    }),
    epics: settingsEpics,
    preloadedState,
  });
  return { store, navigator };
}

/** An identity client that records attribute updates and answers refreshes with `refreshed`. */
export function recordingIdentity(refreshed: IdentitySession) {
  const updates: Record<string, string>[] = [];
  const client: IdentityClient = {
    ...unusedIdentity(),
    updateAttributes: (attributes) => {
      updates.push({ ...attributes });
      return Promise.resolve();
    },
    refreshSession: () => Promise.resolve(refreshed),
  };
  return { client, updates };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A well-formed (unsigned) JWT, as login-member-c2 answers. */
export const TEST_JWT = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1' })}.c2ln`;

/**
 * The auth host of a changed identity: `identityRefreshed` starts a member-token login and member
 * load (spec §4 "A member-token login follows … any user change").
 */
export function memberLoginHandlers() {
  const auth = testRuntimeConfig.authApiBase;
  return [
    http.post(`${auth}/member/login-member-c2/:language`, () =>
      HttpResponse.json({ MemberIntegrationToken: TEST_JWT }),
    ),
    http.get(`${auth}/member/get-member`, () => HttpResponse.json(testMember)),
  ];
}
