import { sql } from 'kysely';
import type { Trx } from '../telemetry/ingestDevice';

/** The device a message call is made for: its id and its owner (member id). */
export interface MessageDevice {
  readonly deviceId: number;
  readonly memberId: number;
  /** The owner's WearerID, for the EntityChanges the call publishes. */
  readonly wearerId: number;
}

/**
 * Finds the activated device whose ingest key is `ingestKey` (the same lookup as ingest,
 * server/telemetry/ingestDevice.ts) and holds its row with `for key share` until the transaction ends.
 * remove-device rotates `ingest_key` (a unique, hence key, column) and so waits for the call, which
 * therefore never acts for a device that was released meanwhile; unlike the ingest's `for no key
 * update` it does not queue behind the device's telemetry. Null for an unknown key, a rotated one and a
 * registry device no member holds: the caller answers all three alike (401).
 */
export async function lockMessageDevice(
  trx: Trx,
  ingestKey: string,
): Promise<MessageDevice | null> {
  const { rows } = await sql<{ device_id: number; member_id: number; wearer_id: number }>`
    select d.device_id, d.member_id, m.wearer_id
    from devices d
    join members m on m.member_id = d.member_id
    where d.ingest_key = ${ingestKey} and d.member_id is not null
    for key share of d`.execute(trx);
  const row = rows[0];
  return row ? { deviceId: row.device_id, memberId: row.member_id, wearerId: row.wearer_id } : null;
}
