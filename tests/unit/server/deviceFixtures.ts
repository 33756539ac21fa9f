import type { Db } from '../../../server/db/database';
import { newIngestKey } from '../../../server/devices/ingestKey';
import type { DeviceType } from '../../../src/api/enums';

/** An activated device of a member in a test database: its id and secret ingest key. */
export interface TestDevice {
  readonly deviceId: number;
  readonly key: string;
}

let counter = 0;

/**
 * Inserts an activated device of `memberId` (default a SMARTPHONE_APP phone) with a fresh ingest key
 * and a unique IMEI and platform id, as activation would leave it.
 */
export async function addTestDevice(
  db: Db,
  memberId: number,
  deviceType: DeviceType = 'SMARTPHONE_APP',
): Promise<TestDevice> {
  counter += 1;
  const key = newIngestKey();
  const row = await db
    .insertInto('devices')
    .values({
      atlas_device_id: `test-device-${process.pid}-${counter}`,
      imei: `35${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(9, '0')}`,
      device_type: deviceType,
      device_nickname: deviceType === 'SMARTPHONE_APP' ? 'Phone' : 'Watch',
      member_id: memberId,
      ingest_key: key,
      registered_at: new Date(),
    })
    .returning('device_id')
    .executeTakeFirstOrThrow();
  return { deviceId: row.device_id, key };
}

/** Who a test member is: the identity's subject, e-mail, names and favourite activity types. */
export interface TestMemberFields {
  readonly sub: string;
  readonly email: string;
  readonly nameFirst: string;
  readonly nameLast: string;
  readonly activityTypes: readonly string[];
}

/**
 * Inserts a member of the seeded client 1 on the local domain, speaking English, as the member-token
 * login leaves it; returns its member id.
 */
export async function addTestMember(db: Db, member: TestMemberFields): Promise<number> {
  const row = await db
    .insertInto('members')
    .values({
      identity_sub: member.sub,
      client_id: 1,
      domain_id: 'local',
      email: member.email,
      name_first: member.nameFirst,
      name_last: member.nameLast,
      language_code: 'en',
      activity_types: [...member.activityTypes],
    })
    .returning('member_id')
    .executeTakeFirstOrThrow();
  return row.member_id;
}

/** The ids of `device`'s activities, oldest start first. */
export async function activityIdsOf(db: Db, device: TestDevice): Promise<number[]> {
  const rows = await db
    .selectFrom('activities')
    .select('activity_id')
    .where('device_id', '=', device.deviceId)
    .orderBy('timestamp_start_ms')
    .execute();
  return rows.map((row) => row.activity_id);
}
