import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { Equipment } from '../../../../src/api/entities/equipment';
import type { EquipmentInput } from '../../../../src/api/entities/equipmentInput';
import { applyEquipmentInUse } from '../../../../src/api/rules/equipmentInUse';
import { equipmentEpics } from '../../../../src/features/equipment/equipmentEpics';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import {
  equipmentRequested,
  selectEquipmentReceived,
  selectEquipmentStatus,
} from '../../../../src/store/entities/equipmentSlice';
import { createAppStore, type AppStore } from '../../../../src/store/store';
import {
  signedInIdentity,
  signedInSession,
  testDependencies,
  testMember,
} from '../../store/testDependencies';
import { until } from '../../support/until';

/** The member-integration API of {@link testMember}'s domain. */
export const API = `${testMember.DomainUrl}/api/member-integration`;

/**
 * A signed-in session with the member loaded, preloaded rather than dispatched: no session restore or
 * member login epic runs (they would call the auth host and log the test out).
 */
const signedIn = signedInSession(signedInIdentity(Date.now() + 3_600_000));

/** What the fake server received, per call path. */
export interface Sent {
  equipment: EquipmentInput[];
  equipments: EquipmentInput[][];
  deletes: unknown[];
  gets: number;
}

/**
 * A fake member-integration equipment API over `list` (mutated by saves with the real in-use rule,
 * like the server) and a store with the equipment epics, signed in as {@link testMember}, whose
 * equipment has loaded. `deleteSuccess: false` makes equipment-delete answer `Success: false`;
 * `failSave` makes POST equipment answer 500; `loadFails` makes the first GET equipment fail.
 */
export async function equipmentStore(
  server: SetupServer,
  initial: Equipment[],
  options: {
    deps?: Partial<StoreDependencies>;
    deleteSuccess?: boolean;
    failSave?: boolean;
    loadFails?: boolean;
  } = {},
): Promise<{ store: AppStore; sent: Sent; list: () => Equipment[] }> {
  let list = [...initial];
  let nextId = 1000;
  const sent: Sent = { equipment: [], equipments: [], deletes: [], gets: 0 };
  const save = (input: EquipmentInput): Equipment => {
    const withId: Equipment = {
      ...input,
      WearerEquipmentID: input.WearerEquipmentID ?? nextId++,
    };
    const outcome = applyEquipmentInUse(list, withId);
    list = outcome.equipment;
    return outcome.saved;
  };
  server.use(
    http.get(`${API}/equipment`, () => {
      if (options.loadFails) return HttpResponse.json({ ErrorCode: 'UNKNOWN' }, { status: 500 });
      sent.gets += 1;
      return HttpResponse.json({ Equipment: list });
    }),
    http.post(`${API}/equipment`, async ({ request }) => {
      const body = (await request.json()) as EquipmentInput;
      sent.equipment.push(body);
      if (options.failSave) return HttpResponse.json({ ErrorCode: 'UNKNOWN' }, { status: 500 });
      return HttpResponse.json(save(body));
    }),
    http.post(`${API}/equipments`, async ({ request }) => {
      const body = (await request.json()) as { Equipment: EquipmentInput[] };
      sent.equipments.push(body.Equipment);
      body.Equipment.forEach(save);
      return HttpResponse.json({ Equipment: list });
    }),
    http.post(`${API}/equipment-delete`, async ({ request }) => {
      const body = (await request.json()) as { EquipmentId: number };
      sent.deletes.push(body);
      if (options.deleteSuccess === false) return HttpResponse.json({ Success: false });
      list = list.filter((i) => i.WearerEquipmentID !== body.EquipmentId);
      return HttpResponse.json({ Success: true, ModelID: body.EquipmentId, TypesUpdated: [] });
    }),
  );
  const store = createAppStore({
    dependencies: testDependencies({ fetch: (i, init) => fetch(i, init), ...options.deps }),
    epics: equipmentEpics,
    preloadedState: { session: signedIn },
  });
  store.dispatch(equipmentRequested());
  await until(() =>
    options.loadFails
      ? selectEquipmentStatus(store.getState()) === 'failed'
      : selectEquipmentReceived(store.getState()),
  );
  sent.gets = 0;
  return { store, sent, list: () => list };
}
