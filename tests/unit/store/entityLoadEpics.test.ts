import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  contactsRequested,
  selectAllContacts,
  selectContactsComplete,
  selectContactsStatus,
} from '../../../src/store/entities/contactsSlice';
import { selectAllDevices, selectDevicesStatus } from '../../../src/store/entities/devicesSlice';
import { selectEquipmentStatus } from '../../../src/store/entities/equipmentSlice';
import { selectWearerStatus } from '../../../src/store/entities/wearerSlice';
import { loggedOut, sessionRestored } from '../../../src/store/session/sessionSlice';
import { runtimeConfigLoaded } from '../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../src/store/store';
import {
  signedInIdentity,
  testDependencies,
  testMember,
  testRuntimeConfig,
} from './testDependencies';
import { registerMswServer } from '../support/mswServer';
import { until } from '../support/until';

const API = `${testMember.DomainUrl}/api/member-integration`;
const AUTH = 'http://localhost/authapi';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const server = registerMswServer();

const identity = signedInIdentity(Date.now() + 3_600_000);

const contact = (id: number, assistance: boolean, emergency: boolean) => ({
  EmergencyContactID: id,
  Name: 'Ola',
  Email: '',
  Phone: '+4791234567',
  Relationship: '',
  HasAvatar: false,
  CanCall: true,
  CanSms: true,
  ShareActivity: false,
  ShareAssistanceAlert: assistance,
  ShareEmergencyAlert: emergency,
  AlertConfigs: {},
});

function handlers(contacts: unknown[], seen: string[]) {
  const bearer = (request: Request) => {
    seen.push(`${new URL(request.url).pathname} ${request.headers.get('authorization')}`);
  };
  server.use(
    http.post(`${AUTH}/member/login-member-c2/:lang`, () =>
      HttpResponse.json({ MemberIntegrationToken: JWT }),
    ),
    http.get(`${AUTH}/member/get-member`, () => HttpResponse.json(testMember)),
    http.get(`${API}/load-member-client`, () => HttpResponse.json({}, { status: 404 })),
    http.get(`${API}/emergency-contacts`, ({ request }) => {
      bearer(request);
      return HttpResponse.json({ EmergencyContacts: contacts });
    }),
    http.get(`${API}/devices`, ({ request }) => {
      bearer(request);
      return HttpResponse.json({
        MemberDevices: [
          {
            DeviceID: 7,
            AtlasDeviceID: 'atlas-7',
            DeviceNickname: 'Watch',
            Imei: '356938035643809',
            DeviceType: 'MSAFETY',
          },
        ],
      });
    }),
    http.get(`${API}/equipment`, ({ request }) => {
      bearer(request);
      return HttpResponse.json({ Equipment: [] });
    }),
    http.get(`${API}/load-member-wearer`, ({ request }) => {
      bearer(request);
      return HttpResponse.json({ not: 'a wearer' });
    }),
  );
}

function signedIn() {
  const store = createAppStore({
    dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
  });
  store.dispatch(runtimeConfigLoaded(testRuntimeConfig));
  store.dispatch(sessionRestored(identity));
  return store;
}

describe('the member’s entities load once the member is (member-token login, get-member) (spec §7 GET calls, §4 gating step 5)', () => {
  it('loads contacts, devices, equipment and the wearer with the member token', async () => {
    const seen: string[] = [];
    handlers([contact(1, true, false), contact(2, false, true)], seen);
    const store = signedIn();
    expect(selectContactsComplete(store.getState())).toBeNull();
    await until(() => selectContactsStatus(store.getState()) === 'loaded');
    await until(() => selectDevicesStatus(store.getState()) === 'loaded');
    await until(() => selectEquipmentStatus(store.getState()) === 'loaded');
    expect(selectContactsComplete(store.getState())).toBe(true);
    expect(selectAllDevices(store.getState()).map((d) => d.DeviceID)).toEqual([7]);
    expect(seen).toEqual(
      expect.arrayContaining([
        `/api/member-integration/emergency-contacts Bearer ${JWT}`,
        `/api/member-integration/devices Bearer ${JWT}`,
        `/api/member-integration/equipment Bearer ${JWT}`,
      ]),
    );
    // A response that breaks the contract is a failed load, not a wrong wearer in the store.
    await until(() => selectWearerStatus(store.getState()) === 'failed');
  });

  it('knows contacts are incomplete when no one shares emergency alerts, and clears on logout', async () => {
    handlers([contact(1, true, false)], []);
    const store = signedIn();
    await until(() => selectContactsStatus(store.getState()) === 'loaded');
    expect(selectContactsComplete(store.getState())).toBe(false);
    store.dispatch(loggedOut({ reason: 'user' }));
    expect(selectAllContacts(store.getState())).toEqual([]);
    expect(selectContactsComplete(store.getState())).toBeNull();
  });

  it('drops an answer that arrives after logout: the next member never sees the contacts', async () => {
    handlers([], []);
    let release = (): void => undefined;
    let answered = false;
    server.use(
      http.get(`${API}/emergency-contacts`, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        answered = true;
        return HttpResponse.json({ EmergencyContacts: [contact(1, true, true)] });
      }),
    );
    const store = signedIn();
    await until(() => selectContactsStatus(store.getState()) === 'loading');
    store.dispatch(loggedOut({ reason: 'user' }));
    release();
    await until(() => answered);
    // Let the answer run its course through fetch, parsing and the epic (microtasks and a turn).
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectAllContacts(store.getState())).toEqual([]);
    expect(selectContactsComplete(store.getState())).toBeNull();
  });

  it('keeps the contacts shown while a reload fails', async () => {
    handlers([contact(1, true, true)], []);
    const store = signedIn();
    await until(() => selectContactsStatus(store.getState()) === 'loaded');
    server.use(http.get(`${API}/emergency-contacts`, () => HttpResponse.error()));
    store.dispatch(contactsRequested());
    await until(() => selectContactsStatus(store.getState()) === 'failed');
    expect(selectContactsComplete(store.getState())).toBe(true);
  });
});
