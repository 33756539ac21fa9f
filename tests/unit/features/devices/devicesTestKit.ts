import { NEVER } from 'rxjs';
import type { Client } from '../../../../src/api/entities/client';
import type { Device } from '../../../../src/api/entities/device';
import { devicesEpics } from '../../../../src/features/devices/devicesEpics';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import type { RootState } from '../../../../src/store/rootReducer';
import { createAppStore } from '../../../../src/store/store';
import type { KeyValueStorage } from '../../../../src/streams/storage';
import {
  recordingNavigator,
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
} from '../../store/testDependencies';

/** The store's clock in these tests: 15 June 2025, noon UTC. */
export const NOW = Date.UTC(2025, 5, 15, 12);

/** Base of the member-integration calls of {@link testMember}. */
export const API = `${testMember.DomainUrl}/api/member-integration`;

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
  const devices = options.devices === undefined ? [] : options.devices;
  const client = options.client === undefined ? testClient : options.client;
  const signedIn = options.signedIn ?? true;
  const started = startedState(signedIn ? signedInIdentity(NOW + 3_600_000) : null, client);
  const preloadedState: RootState = {
    ...started,
    devices: devices
      ? {
          ids: devices.map((d) => d.DeviceID),
          entities: Object.fromEntries(devices.map((d) => [d.DeviceID, d])),
          status: 'loaded',
          received: true,
        }
      : started.devices,
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
