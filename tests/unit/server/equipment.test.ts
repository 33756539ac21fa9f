import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Equipment } from '../../../src/api/entities/equipment';
import { memberIntegrationTokens, registerListeningTestServer } from './signedUpMember';

const server = registerListeningTestServer();
let alice: string;
let bob: string;

beforeAll(async () => {
  [alice, bob] = await memberIntegrationTokens(server, ['alice@example.com', 'bob@example.com']);
});

beforeEach(async () => {
  await server.database.db.deleteFrom('equipment').execute();
});

const base = '/api/member-integration';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const item = (overrides: Record<string, unknown> = {}) => ({
  EquipmentName: 'Sea kayak',
  EquipmentType: 'VESSEL',
  VesselType: 'KAYAK',
  Activities: ['KAYAKING'],
  ActivitiesInUse: ['KAYAKING'],
  ...overrides,
});

const post = (token: string, path: string, payload: object) =>
  server.app.inject({ method: 'POST', url: `${base}/${path}`, headers: auth(token), payload });

const list = async (token: string): Promise<Equipment[]> =>
  (
    await server.app.inject({ method: 'GET', url: `${base}/equipment`, headers: auth(token) })
  ).json<{
    Equipment: Equipment[];
  }>().Equipment;

async function saved(token: string, payload: object): Promise<Equipment> {
  const res = await post(token, 'equipment', payload);
  expect(res.statusCode).toBe(200);
  return res.json<Equipment>();
}

const inUse = (items: readonly Equipment[]) =>
  items.map((e) => [e.EquipmentName, e.ActivitiesInUse]);

describe('GET and POST equipment (spec §7)', () => {
  it('creates an item, answers it with its id, and lists only the caller’s items', async () => {
    expect(await list(alice)).toEqual([]);
    const kayak = await saved(alice, item({ Brand: '  Prijon ', Colour: '' }));
    expect(kayak).toMatchObject({
      EquipmentName: 'Sea kayak',
      EquipmentType: 'VESSEL',
      VesselType: 'KAYAK',
      Brand: 'Prijon',
      Colour: null,
      Activities: ['KAYAKING'],
      ActivitiesInUse: ['KAYAKING'],
    });
    expect(kayak.WearerEquipmentID).toBeGreaterThan(0);
    expect(await list(alice)).toEqual([kayak]);
    expect(await list(bob)).toEqual([]);
  });

  it('updates the caller’s own item', async () => {
    const kayak = await saved(alice, item());
    const updated = await saved(alice, {
      ...item({ EquipmentName: 'Touring kayak', ActivitiesInUse: [] }),
      WearerEquipmentID: kayak.WearerEquipmentID,
    });
    expect(updated).toMatchObject({
      WearerEquipmentID: kayak.WearerEquipmentID,
      EquipmentName: 'Touring kayak',
      ActivitiesInUse: [],
    });
    expect(await list(alice)).toEqual([updated]);
  });

  it('drops in-use activity types the item is not linked to', async () => {
    const board = await saved(
      alice,
      item({ EquipmentType: 'BOARD', VesselType: null, ActivitiesInUse: ['KAYAKING', 'SUP'] }),
    );
    expect(board.ActivitiesInUse).toEqual(['KAYAKING']);
  });

  it('clears a VesselType on an item that is not a VESSEL', async () => {
    const board = await saved(alice, item({ EquipmentType: 'BOARD', VesselType: 'KAYAK' }));
    expect(board.VesselType).toBeNull();
  });

  it('a second VESSEL in use for KAYAKING sets the first not in use for KAYAKING only', async () => {
    const first = await saved(
      alice,
      item({
        EquipmentName: 'First',
        Activities: ['KAYAKING', 'CANOEING'],
        ActivitiesInUse: ['KAYAKING', 'CANOEING'],
      }),
    );
    const second = await saved(alice, item({ EquipmentName: 'Second' }));
    expect(second.ActivitiesInUse).toEqual(['KAYAKING']);
    expect(inUse(await list(alice))).toEqual([
      ['First', ['CANOEING']],
      ['Second', ['KAYAKING']],
    ]);
    expect(first.WearerEquipmentID).toBeLessThan(second.WearerEquipmentID);
  });

  it('keeps at most 10 items in use per activity type: the earliest other item gives way', async () => {
    for (let i = 1; i <= 11; i += 1) {
      await saved(
        alice,
        item({ EquipmentName: `Helmet ${i}`, EquipmentType: 'HELMET', VesselType: null }),
      );
    }
    const items = await list(alice);
    expect(items).toHaveLength(11);
    const inUseForKayaking = items.filter((e) => e.ActivitiesInUse.includes('KAYAKING'));
    expect(inUseForKayaking).toHaveLength(10);
    expect(items[0]).toMatchObject({ EquipmentName: 'Helmet 1', ActivitiesInUse: [] });
  });

  it.each<[string, Record<string, unknown>]>([
    ['an empty name', item({ EquipmentName: '' })],
    ['a name of 31 characters', item({ EquipmentName: 'x'.repeat(31) })],
    ['an unknown EquipmentType', item({ EquipmentType: 'SPACESHIP' })],
    ['an unknown activity type', item({ Activities: ['FLYING'] })],
    ['an unknown VesselType', item({ VesselType: 'SUBMARINE' })],
  ])('rejects %s with a 400 and writes nothing', async (_name, payload) => {
    const existing = await saved(alice, item());
    const res = await post(alice, 'equipment', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
    expect(await list(alice)).toEqual([existing]);
  });

  it('is guarded by the database too: in use only for linked activity types (migration 0007)', async () => {
    const kayak = await saved(alice, item());
    await expect(
      server.database.db
        .updateTable('equipment')
        .set({ activities_in_use: ['KAYAKING', 'SUP'] })
        .where('wearer_equipment_id', '=', kayak.WearerEquipmentID)
        .execute(),
    ).rejects.toThrow(/equipment_in_use_linked/);
  });

  it('needs a member token', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${base}/equipment` });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST equipments (spec §7)', () => {
  it('saves many items in one call, later items winning, and answers the whole list', async () => {
    const kept = await saved(alice, item({ EquipmentName: 'Kept', EquipmentType: 'HELMET' }));
    const res = await post(alice, 'equipments', {
      Equipment: [
        item({ EquipmentName: 'Canoe', VesselType: 'CANOE' }),
        item({ EquipmentName: 'Kayak' }),
        {
          ...item({ EquipmentName: 'Kept too', EquipmentType: 'HELMET' }),
          WearerEquipmentID: kept.WearerEquipmentID,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const answered = res.json<{ Equipment: Equipment[] }>().Equipment;
    expect(inUse(answered)).toEqual([
      ['Kept too', ['KAYAKING']],
      ['Canoe', []],
      ['Kayak', ['KAYAKING']],
    ]);
    expect(await list(alice)).toEqual(answered);
  });

  it('rejects a name of spaces only as Required, and saves nothing', async () => {
    const res = await post(alice, 'equipment', item({ EquipmentName: '   ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Issues: unknown[] }>().Issues).toEqual([
      { Path: 'body.EquipmentName', Message: 'Validations.Required' },
    ]);
    expect(await list(alice)).toEqual([]);
  });

  it('rejects the whole batch when one item is invalid', async () => {
    const res = await post(alice, 'equipments', {
      Equipment: [item(), item({ EquipmentName: '' })],
    });
    expect(res.statusCode).toBe(400);
    expect(await list(alice)).toEqual([]);
  });
});

describe('one item given twice', () => {
  it('rejects a batch naming one item twice with a 400, and keeps the list', async () => {
    const kayak = await saved(alice, item());
    const res = await post(alice, 'equipments', {
      Equipment: [
        { ...item({ EquipmentName: 'First' }), WearerEquipmentID: kayak.WearerEquipmentID },
        { ...item({ EquipmentName: 'Second' }), WearerEquipmentID: kayak.WearerEquipmentID },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Issues: unknown[] }>().Issues).toEqual([
      { Path: 'body.Equipment.1.WearerEquipmentID', Message: 'Validations.DuplicateId' },
    ]);
    expect(await list(alice)).toEqual([kayak]);
  });
});

describe('POST equipment-delete (spec §7, §8)', () => {
  it('deletes the caller’s item and reports the activity types it was in use for', async () => {
    const kayak = await saved(
      alice,
      item({ Activities: ['KAYAKING', 'SUP'], ActivitiesInUse: ['KAYAKING'] }),
    );
    const res = await post(alice, 'equipment-delete', { EquipmentId: kayak.WearerEquipmentID });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Success: true,
      ModelID: kayak.WearerEquipmentID,
      TypesUpdated: ['KAYAKING'],
    });
    expect(await list(alice)).toEqual([]);
  });

  it('answers Success false for an unknown id', async () => {
    const res = await post(alice, 'equipment-delete', { EquipmentId: 999_999 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: false });
  });
});

describe("another member's equipment (ownership, ARCHITECTURE.md §5)", () => {
  let bobs: Equipment;

  beforeEach(async () => {
    bobs = await saved(bob, item({ EquipmentName: 'Bob kayak' }));
  });

  it('cannot be updated through POST equipment', async () => {
    const res = await post(alice, 'equipment', {
      ...item({ EquipmentName: 'Hijack', ActivitiesInUse: [] }),
      WearerEquipmentID: bobs.WearerEquipmentID,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ErrorCode: 'NOT_FOUND', Error: 'No such equipment' });
    expect(await list(bob)).toEqual([bobs]);
    expect(await list(alice)).toEqual([]);
  });

  it('cannot be updated through POST equipments, and the rest of the batch is not written', async () => {
    const res = await post(alice, 'equipments', {
      Equipment: [
        item({ EquipmentName: 'Alice kayak' }),
        { ...item({ EquipmentName: 'Hijack' }), WearerEquipmentID: bobs.WearerEquipmentID },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(await list(bob)).toEqual([bobs]);
    expect(await list(alice)).toEqual([]);
  });

  it('cannot be deleted: Success false and nothing deleted', async () => {
    const res = await post(alice, 'equipment-delete', { EquipmentId: bobs.WearerEquipmentID });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: false });
    expect(await list(bob)).toEqual([bobs]);
  });

  it('is not displaced by the caller’s in-use rules', async () => {
    await saved(alice, item({ EquipmentName: 'Alice kayak' }));
    expect(await list(bob)).toEqual([bobs]);
  });
});
