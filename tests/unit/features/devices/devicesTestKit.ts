import { NEVER } from 'rxjs';
import { expect } from 'vitest';
import { DEFAULT_UNITS, type Client } from '../../../../src/api/entities/client';
import type { Device } from '../../../../src/api/entities/device';
import type { IdentitySession } from '../../../../src/api/identity';
import { devicesEpics } from '../../../../src/features/devices';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { createAppStore } from '../../../../src/store/store';
import type { KeyValueStorage } from '../../../../src/streams/storage';
import {
  recordingNavigator,
  testDependencies,
  testMember,
  testRuntimeConfig,
} from '../../store/testDependencies';

/** The store's clock in these tests: 15 June 2025, noon UTC. */
export const NOW = Date.UTC(2025, 5, 15, 12);

/** Base of the member-integration calls of {@link testMember}. */
export const API = `${testMember.DomainUrl}/api/member-integration`;

export const testIdentity: IdentitySession = {
  sub: 'sub-1',
  email: testMember.Email,
  emailVerified: true,
  phoneNumber: '+4791234567',
  phoneNumberVerified: true,
  nameFirst: 'Dana',
  nameLast: 'Berg',
  idToken: 'id-token',
  expiresAt: NOW + 3_600_000,
};

export const testClient: Client = {
  ClientID: 1,
  ClientName: 'Fjord Safety',
  MemberSignUpEnabled: true,
  CountryCode: 'NO',
  Brand: { BrandID: 1, BrandCode: 'fjord', BrandColorDark: '#FF7900', BrandColorLight: '#FF7900' },
  SupportEmail: 'help@fjord.example',
  SupportUrl: null,
  Units: DEFAULT_UNITS,
  Documents: [],
  Locations: [],
};

/** A watch of the member. */
export const watch: Device = {
  DeviceID: 11,
  AtlasDeviceID: 'demo-359999000000042',
  DeviceNickname: 'Blue watch',
  Imei: '359999000000042',
  DeviceType: 'MSAFETY',
  RegisteredTimestamp: Date.UTC(2025, 2, 3),
  SubscriptionExpiryTimestamp: null,
};

/** A phone of the member, with its ingest key (owner's SMARTPHONE_APP devices only). */
export const phone: Device = {
  DeviceID: 12,
  AtlasDeviceID: 'demo-359999000000018',
  DeviceNickname: 'Pixel',
  Imei: '359999000000018',
  DeviceType: 'SMARTPHONE_APP',
  RegisteredTimestamp: null,
  IngestKey: 'k3y_SECRET-abcdefghijklmnopqrstu',
};

/** Key-value storage in memory, its contents open to the test. */
export function memoryStorage(): KeyValueStorage & { readonly data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      data.set(key, value);
    },
    remove: (key) => {
      data.delete(key);
    },
    changes$: () => NEVER,
  };
}

export interface DevicesStoreOptions {
  /** The member's devices, received; null: not received yet. */
  readonly devices?: readonly Device[] | null;
  /** False: nobody signed in (session `signedOut`). */
  readonly signedIn?: boolean;
  readonly client?: Client | null;
  readonly deps?: Partial<StoreDependencies>;
}

/**
 * A store with the devices epics and, by default, a signed-in member preloaded (no login or entity
 * loads run): identity, member, member token, runtime configuration, client, and the given devices.
 * Requests go through the global fetch (msw); storage is in memory; the clock is {@link NOW}.
 */
export function devicesStore(options: DevicesStoreOptions = {}) {
  const navigator = recordingNavigator('/member');
  const storage = memoryStorage();
  const base = rootReducer(undefined, { type: 'test/init' });
  const devices = options.devices === undefined ? [] : options.devices;
  const client = options.client === undefined ? testClient : options.client;
  const signedIn = options.signedIn ?? true;
  const preloadedState: RootState = {
    ...base,
    runtimeConfig: { status: 'loaded', config: testRuntimeConfig, error: null },
    session: signedIn
      ? {
          ...base.session,
          status: 'signedIn',
          identity: testIdentity,
          member: testMember,
          memberIntegrationToken: 'member-token',
        }
      : { ...base.session, status: 'signedOut' },
    devices: devices
      ? {
          ids: devices.map((d) => d.DeviceID),
          entities: Object.fromEntries(devices.map((d) => [d.DeviceID, d])),
          status: 'loaded',
          received: true,
        }
      : base.devices,
    client: client ? { status: 'loaded', client } : { status: 'idle', client: null },
  };
  const store = createAppStore({
    dependencies: testDependencies({
      fetch: (input, init) => fetch(input, init),
      now: () => NOW,
      navigator,
      storage,
      ...options.deps,
    }),
    epics: devicesEpics,
    preloadedState,
  });
  return { store, navigator, storage };
}

/** Waits (real time, polling) until `check` holds, then asserts it. */
export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}
