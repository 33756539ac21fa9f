import { sql } from 'kysely';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import type { Trx } from './ingestDevice';

/**
 * Stores fixes of one device (append-only, ARCHITECTURE.md §1), each under the activity id at the same
 * index of `activityIds` (null: not attributed yet), in one multi-row statement. A fix whose (device,
 * device time) is already stored is skipped (`on conflict do nothing`), so re-sending changes nothing.
 * Answers the device times (epoch ms) actually inserted.
 */
export async function insertFixes(
  trx: Trx,
  deviceId: number,
  points: readonly IngestPoint[],
  activityIds: readonly (number | null)[],
): Promise<number[]> {
  if (points.length === 0) return [];
  const column = <T>(pick: (point: IngestPoint) => T) => points.map(pick);
  const { rows } = await sql<{ device_time_ms: number }>`
    insert into location_points
      (device_id, device_time_ms, activity_id, lon, lat, alt, hacc, speed_mps, bearing_deg, battery_pct)
    select ${deviceId}, u.* from unnest(
      ${column((p) => p.Time)}::bigint[], ${[...activityIds]}::bigint[],
      ${column((p) => p.Lon)}::float8[], ${column((p) => p.Lat)}::float8[],
      ${column((p) => p.Alt ?? null)}::float8[], ${column((p) => p.Hacc ?? null)}::float8[],
      ${column((p) => p.Speed ?? null)}::float8[], ${column((p) => p.Bearing ?? null)}::float8[],
      ${column((p) => p.Battery ?? null)}::float8[]
    ) as u
    on conflict (device_id, device_time_ms) do nothing
    returning device_time_ms`.execute(trx);
  return rows.map((row) => row.device_time_ms);
}

/** An event as stored: its device time (epoch ms) and type. */
export interface StoredEventKey {
  readonly time: number;
  readonly type: IngestEvent['Type'];
}

/**
 * Stores device events (table `device_events`) in one statement, skipping any already stored for the
 * same (device, time, type). Answers the ones actually inserted.
 */
export async function insertEvents(
  trx: Trx,
  deviceId: number,
  events: readonly IngestEvent[],
): Promise<StoredEventKey[]> {
  if (events.length === 0) return [];
  const pick = <T>(read: (event: IngestEvent) => T | undefined) =>
    events.map((event) => read(event) ?? null);
  const { rows } = await sql<{ event_time_ms: number; event_type: IngestEvent['Type'] }>`
    insert into device_events
      (device_id, event_time_ms, event_type, activity_type, body_position, percent, temperature_c,
       oxygen_pct, respiration_bpm, heart_rate_bpm)
    select ${deviceId}, u.* from unnest(
      ${pick((e) => e.Time)}::bigint[], ${pick((e) => e.Type)}::text[],
      ${pick((e) => (e.Type === 'TRACKING_START' ? e.ActivityType : null))}::text[],
      ${pick((e) => (e.Type === 'FALL' ? e.BodyPosition : null))}::text[],
      ${pick((e) => ('Percent' in e ? e.Percent : null))}::float8[],
      ${pick((e) => (e.Type === 'VITALS' ? e.TemperatureC : null))}::float8[],
      ${pick((e) => (e.Type === 'VITALS' ? e.OxygenPct : null))}::float8[],
      ${pick((e) => (e.Type === 'VITALS' ? e.RespirationBpm : null))}::float8[],
      ${pick((e) => (e.Type === 'VITALS' ? e.HeartRateBpm : null))}::float8[]
    ) as u
    on conflict (device_id, event_time_ms, event_type) do nothing
    returning event_time_ms, event_type`.execute(trx);
  return rows.map((row) => ({ time: row.event_time_ms, type: row.event_type }));
}
