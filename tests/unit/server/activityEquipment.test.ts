import { describe, expect, it } from 'vitest';
import { toActivityEquipment } from '../../../server/activities/activityEquipment';
import { trackIngest } from '../../../server/demo/demoHistory';
import { sharedActivity } from '../../../server/shareViewing/sharedView';
import { ActivityDetail } from '../../../src/api/entities/activity';
import type { ActivityType } from '../../../src/api/enums';
import { addTestDevice } from './deviceFixtures';
import { memberCall, postBatch, registerRunMember } from './washingtonRun';

/*
 * The equipment an activity was done with (server/activities/activityEquipment.ts; docs/activities.md
 * "Equipment"): taken from the member's items in use for the activity's type when the activity is
 * created, again when its type changes, and kept as it was when the equipment changes later. On the
 * member's detail and the share view (for rescuers: docs/share-viewing.md "Equipment"), while the
 * alerts' notifications stay the member's. The activities are the real Washington run.
 */

const member = registerRunMember('gear@example.com');
const { server } = member;
const db = () => server.database.db;

/** Adds an item of the member's equipment in use for `inUse`; answers its id. */
async function addItem(name: string, colour: string, inUse: ActivityType[]): Promise<number> {
  const row = await db()
    .insertInto('equipment')
    .values({
      member_id: member.memberId,
      equipment_name: name,
      equipment_type: name === 'Sea kayak' ? 'VESSEL' : 'FOOTWEAR',
      vessel_type: name === 'Sea kayak' ? 'KAYAK' : null,
      brand: 'Valley',
      colour,
      activities: inUse,
      activities_in_use: inUse,
    })
    .returning('wearer_equipment_id')
    .executeTakeFirstOrThrow();
  return row.wearer_equipment_id;
}

/** Records the run's first 20 fixes as a new activity of `type`; answers its id. */
async function record(type: ActivityType): Promise<number> {
  const device = await addTestDevice(db(), member.memberId, 'BRACELET');
  const { points, events } = trackIngest(
    { ...member.run, points: member.run.points.slice(0, 20) },
    type,
    member.shiftMs,
  );
  await postBatch(server, device, points, events);
  const row = await db()
    .selectFrom('activities')
    .select('activity_id')
    .where('device_id', '=', device.deviceId)
    .executeTakeFirstOrThrow();
  return row.activity_id;
}

async function equipmentOf(activityId: number) {
  const res = await memberCall(server, member.token, 'member-wearer-activity-detail', {
    ActivityId: activityId,
    TimeStart: 0,
    TimeEnd: 0,
  });
  return ActivityDetail.parse(res.json<{ Activity: unknown }>().Activity).Equipment;
}

describe('the equipment of an activity', () => {
  it('is what was in use for its type when it was recorded, and stays so', async () => {
    const kayak = await addItem('Sea kayak', 'Yellow', ['KAYAKING']);
    await addItem('Trail shoes', 'Blue', ['RUNNING']);
    const activityId = await record('KAYAKING');

    const recorded = [
      {
        WearerEquipmentID: kayak,
        EquipmentName: 'Sea kayak',
        EquipmentType: 'VESSEL',
        VesselType: 'KAYAK',
        Brand: 'Valley',
        Model: null,
        Colour: 'Yellow',
        OtherDetails: null,
      },
    ];
    expect(await equipmentOf(activityId)).toEqual(recorded);

    // Repainted and taken off kayaking afterwards: the activity still shows it as it was.
    await db()
      .updateTable('equipment')
      .set({ colour: 'Red', activities_in_use: [] })
      .where('wearer_equipment_id', '=', kayak)
      .execute();
    expect(await equipmentOf(activityId)).toEqual(recorded);
  });

  it('follows a change of type to what is in use for the new type, not a save of the same type', async () => {
    const activityId = await record('KAYAKING');
    const edit = (NewActivityType: ActivityType) =>
      memberCall(server, member.token, 'member-wearer-activity-edit', {
        ActivityId: activityId,
        NewActivityType,
      });
    await edit('RUNNING');
    const running = await equipmentOf(activityId);
    expect(running?.map((item) => [item.EquipmentName, item.Colour])).toEqual([
      ['Trail shoes', 'Blue'],
    ]);
    await db()
      .updateTable('equipment')
      .set({ colour: 'Green' })
      .where('equipment_name', '=', 'Trail shoes')
      .execute();
    await edit('RUNNING');
    expect(await equipmentOf(activityId)).toEqual(running);
  });

  it('is an empty list when nothing was in use, and null when it was never recorded', async () => {
    expect(await equipmentOf(await record('SAILING'))).toEqual([]);
    // An activity from before equipment was recorded (migration 0021): not guessed from today's.
    const old = await db()
      .insertInto('activities')
      .values({
        member_id: member.memberId,
        device_id: null,
        activity_type: 'RUNNING',
        status: 'RESOLVED',
        timestamp_start_ms: Date.now() - 86_400_000,
        timestamp_end_ms: Date.now() - 80_000_000,
      })
      .returning('activity_id')
      .executeTakeFirstOrThrow();
    expect(await equipmentOf(old.activity_id)).toBeNull();
  });

  it("is sent to share viewers too, the alerts' notifications are not", async () => {
    const activityId = await record('RUNNING');
    const equipment = await equipmentOf(activityId);
    expect(equipment).not.toEqual([]);
    const shared = await sharedActivity(
      db(),
      { memberId: member.memberId, target: { kind: 'activity', activityId } },
      activityId,
    );
    expect(shared?.ActivityId).toBe(activityId);
    expect(shared?.Equipment).toEqual(equipment);
    expect(shared).not.toHaveProperty('Notifications');
  });

  it('leaves out a stored item that no longer fits the contract instead of failing the detail', () => {
    const kayak = { WearerEquipmentID: 1, EquipmentName: 'Sea kayak', EquipmentType: 'VESSEL' };
    expect(toActivityEquipment([kayak, { ...kayak, EquipmentType: 'HOVERCRAFT' }])).toEqual([
      kayak,
    ]);
    expect(toActivityEquipment(null)).toBeNull();
  });
});
