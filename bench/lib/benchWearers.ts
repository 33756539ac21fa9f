import type { Db } from '../../server/db/database';
import { newIngestKey } from '../../server/devices/ingestKey';
import { createShare } from '../../server/shares/shareService';

/** A bench wearer: a member with one activated phone and that phone's ingest key. */
export interface BenchWearer {
  readonly index: number;
  readonly key: string;
  readonly memberId: number;
}

/**
 * Adds `count` members ("Bench Wearer {i}", kayakers), each with an activated phone
 * (`bench-{name}-{i}`), and returns them with their ingest keys.
 */
export async function addBenchWearers(db: Db, name: string, count: number): Promise<BenchWearer[]> {
  const members = await db
    .insertInto('members')
    .values(
      Array.from({ length: count }, (_, i) => ({
        identity_sub: `bench-${name}-${i}`,
        client_id: 1,
        domain_id: 'local',
        email: `${name}-bench-${i}@example.com`,
        name_first: 'Bench',
        name_last: `Wearer ${i}`,
        language_code: 'en',
        activity_types: ['KAYAKING' as const],
      })),
    )
    .returning('member_id')
    .execute();
  const wearers = members.map((m, index) => ({
    index,
    key: newIngestKey(),
    memberId: m.member_id,
  }));
  await db
    .insertInto('devices')
    .values(
      wearers.map((w) => ({
        atlas_device_id: `bench-${name}-${w.index}`,
        imei: `3588880000${String(w.index).padStart(5, '0')}`,
        device_type: 'SMARTPHONE_APP' as const,
        device_nickname: 'Bench',
        member_id: w.memberId,
        ingest_key: w.key,
        registered_at: new Date(),
      })),
    )
    .execute();
  return wearers;
}

/**
 * A share link token of the wearer's activity (its first: a bench wearer has one), without expiry,
 * as the member's share call makes it, with `publicUrl` as its C2Url.
 */
export async function shareWearerActivity(
  db: Db,
  wearer: BenchWearer,
  publicUrl: string,
): Promise<string> {
  const activity = await db
    .selectFrom('activities')
    .select('activity_id')
    .where('member_id', '=', wearer.memberId)
    .executeTakeFirstOrThrow();
  const share = await createShare(db, {
    memberId: wearer.memberId,
    target: { kind: 'activity', activityId: activity.activity_id },
    expiresAtMs: null,
    publicUrl,
    nowMs: Date.now(),
  });
  return share.token;
}
