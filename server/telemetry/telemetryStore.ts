import { sql, type RawBuilder } from 'kysely';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import { float8Array, int8Array } from '../db/numberArrays';
import type { ActivityOwner } from './activityRows';
import type { Trx } from './ingestDevice';

/**
 * The heart rates of a request's VITALS events by device time (epoch ms → beats per minute), for the
 * fixes of the same request at those times; events without a heart rate are left out.
 */
export function heartRatesByTime(events: readonly IngestEvent[]): ReadonlyMap<number, number> {
  const byTime = new Map<number, number>();
  for (const event of events) {
    const bpm = event.Type === 'VITALS' ? (event.HeartRateBpm ?? null) : null;
    if (bpm !== null && !byTime.has(event.Time)) byTime.set(event.Time, bpm);
  }
  return byTime;
}

/**
 * A fix as inserted: its device time (epoch ms), its activity (null: not attributed yet) and the
 * heart rate it got (bpm, null: none).
 */
export interface InsertedFix {
  readonly device_time_ms: number;
  readonly activity_id: number | null;
  readonly heart_rate_bpm: number | null;
}

/**
 * A VITALS heart rate (0–300 per minute, src/api/ingest.ts) as stored on a fix: rounded to whole beats
 * (half away from zero), and a reading that rounds to 0 (no pulse found: a watch off the wrist) is
 * no heart rate of the wearer, so null. `value` is an SQL float8 expression.
 */
const storedHeartRate = (value: RawBuilder<unknown>) =>
  sql`nullif(round(${value}::numeric), 0)::smallint`;

/** Fixes of one device to store ({@link insertFixesOfDevices}). */
export interface DeviceFixes {
  readonly deviceId: number;
  /** Unique device times; any order. */
  readonly points: readonly IngestPoint[];
  /** The activity of the point at the same index; null: not attributed yet. */
  readonly activityIds: readonly (number | null)[];
  /** The request's VITALS heart rates by device time (bpm, {@link heartRatesByTime}). */
  readonly heartRates: ReadonlyMap<number, number>;
  /**
   * The device's last release, epoch ms (ActivityOwner.ownedSinceMs); null or absent when never: a
   * stored VITALS event from then or before is an earlier owner's and gives no fix its heart rate.
   */
  readonly ownedSinceMs?: number | null;
}

/** A fix as {@link insertFixesOfDevices} inserted it: {@link InsertedFix} and its device. */
export interface InsertedDeviceFix extends InsertedFix {
  readonly device_id: number;
}

/**
 * Stores fixes of one device (append-only, ARCHITECTURE.md §1), each under the activity id at the same
 * index of `activityIds` (null: not attributed yet), in one multi-row statement. A fix whose (device,
 * device time) is already stored is skipped (`on conflict do nothing`), so re-sending changes nothing.
 * Each fix takes the heart rate of the VITALS event at its device time (docs/decisions.md "Heart
 * rate"): the one already stored for the device, else the request's own from `heartRates`
 * ({@link heartRatesByTime}) — the stored event is the one the ingest keeps. The same statement adds
 * the heart rates of the fixes it inserted to their activities' `heart_rate_sum` and
 * `heart_rate_count` (migration 0017; fixes without an activity yet are counted by the re-cut that
 * attributes them: timelineRecut.ts). Answers the fixes actually inserted with the activity and heart
 * rate each got.
 */
export async function insertFixes(
  trx: Trx,
  owner: ActivityOwner,
  points: readonly IngestPoint[],
  activityIds: readonly (number | null)[],
  heartRates: ReadonlyMap<number, number>,
): Promise<InsertedFix[]> {
  return insertFixesOfDevices(trx, [
    {
      deviceId: owner.deviceId,
      points,
      activityIds,
      heartRates,
      ownedSinceMs: owner.ownedSinceMs ?? null,
    },
  ]);
}

/** The largest altitude accuracy stored, m: beyond it the altitude tells nothing anyway. */
const VACC_STORED_MAX_M = 1_000_000;

/**
 * A fix's altitude accuracy (m) as `location_points.vacc` (float4, migration 0018) can hold it: to
 * the millimetre, at most {@link VACC_STORED_MAX_M}. A value a float4 cannot hold (1e39, 1e-50: a
 * broken device or a fuzzer) failed the whole insert, and the device's request with it, with a 500;
 * the only use of the value is whether it is over 10 m (spec app §9).
 */
function storedVacc(vacc: number | null | undefined): number | null {
  if (vacc == null) return null;
  return Math.min(Math.round(vacc * 1000) / 1000, VACC_STORED_MAX_M);
}

/**
 * {@link insertFixes} for the fixes of several devices in ONE statement (the group commit's set-based
 * path, server/telemetry/groupedWrite.ts): each device's fixes as {@link insertFixes} stores them.
 * Answers the fixes actually inserted, each with its device.
 */
export async function insertFixesOfDevices(
  trx: Trx,
  batches: readonly DeviceFixes[],
): Promise<InsertedDeviceFix[]> {
  const rows = batches.flatMap((batch) =>
    batch.points.map((point, index) => ({
      batch,
      point,
      activityId: batch.activityIds[index] ?? null,
    })),
  );
  if (rows.length === 0) return [];
  // Each column one binary array parameter (server/db/numberArrays.ts).
  type Row = (typeof rows)[number];
  const ints = (pick: (row: Row) => number | null) => int8Array(rows.map(pick));
  const floats = (pick: (point: IngestPoint) => number | null) =>
    float8Array(rows.map((row) => pick(row.point)));
  // The stored VITALS event `e` at the fix's time decides when there is one, else the request's.
  const heartRate = storedHeartRate(
    sql`case when e.event_time_ms is null then u.heart_rate else e.heart_rate_bpm end`,
  );
  const { rows: inserted } = await sql<InsertedDeviceFix>`
    with inserted as (
    insert into location_points
      (device_id, device_time_ms, activity_id, lon, lat, alt, hacc, speed_mps, bearing_deg,
       battery_pct, heart_rate_bpm, vacc)
    select u.device_id, u.time_ms, u.activity_id, u.lon, u.lat, u.alt, u.hacc, u.speed, u.bearing,
      u.battery, ${heartRate}, u.vacc
    from unnest(
      ${ints((row) => row.batch.deviceId)}::bigint[],
      ${ints((row) => row.point.Time)}::bigint[], ${ints((row) => row.activityId)}::bigint[],
      ${floats((p) => p.Lon)}::float8[], ${floats((p) => p.Lat)}::float8[],
      ${floats((p) => p.Alt ?? null)}::float8[], ${floats((p) => p.Hacc ?? null)}::float8[],
      ${floats((p) => p.Speed ?? null)}::float8[], ${floats((p) => p.Bearing ?? null)}::float8[],
      ${floats((p) => p.Battery ?? null)}::float8[],
      ${float8Array(rows.map((row) => row.batch.heartRates.get(row.point.Time) ?? null))}::float8[],
      ${floats((p) => storedVacc(p.Vacc))}::float8[],
      ${ints((row) => row.batch.ownedSinceMs ?? null)}::bigint[]
    ) as u(device_id, time_ms, activity_id, lon, lat, alt, hacc, speed, bearing, battery,
      heart_rate, vacc, owned_since_ms)
    left join device_events e on e.device_id = u.device_id and e.event_time_ms = u.time_ms
      and e.event_type = 'VITALS'
      and (u.owned_since_ms is null or e.event_time_ms > u.owned_since_ms)
    on conflict (device_id, device_time_ms) do nothing
    returning device_id, device_time_ms, activity_id, heart_rate_bpm
    ), counted as (
      update activities a
      set heart_rate_sum = a.heart_rate_sum + c.total, heart_rate_count = a.heart_rate_count + c.n
      from (
        select activity_id, sum(heart_rate_bpm) as total, count(*) as n from inserted
        where activity_id is not null and heart_rate_bpm is not null
        group by activity_id
      ) c
      where a.activity_id = c.activity_id
    )
    select device_id, device_time_ms, activity_id, heart_rate_bpm from inserted`.execute(trx);
  return inserted;
}

/** An event as stored: its device time (epoch ms) and type. */
export interface StoredEventKey {
  readonly time: number;
  readonly type: IngestEvent['Type'];
}

/**
 * A heart rate a VITALS event gave to a fix stored by an earlier request: the fix's device time
 * (epoch ms), its activity (null outside any) and the reading (beats per minute, as stored).
 */
export interface LateHeartRate {
  readonly time: number;
  readonly activityId: number | null;
  readonly bpm: number;
}

/** What {@link insertEvents} stored: the events inserted, and the stored fixes they gave a heart rate. */
export interface StoredEvents {
  readonly keys: StoredEventKey[];
  readonly heartRates: LateHeartRate[];
}

/**
 * Stores device events (table `device_events`) in one statement, skipping any already stored for the
 * same (device, time, type). Answers the ones actually inserted. A newly stored VITALS event with a
 * heart rate gives it, in the same statement, to the device's fix already stored at its device time
 * (one sent in an earlier request; fixes of the same request got it when inserted: {@link
 * insertFixes}), and the fix's activity's `heart_rate_sum` and `heart_rate_count` change by the
 * difference (migration 0017); those fixes are answered as `heartRates`, for the live viewers. Only
 * `owner`'s fixes take it: none from the device's last release or before (`ownedSinceMs`), none of
 * another member's activity — a device's new owner neither changes nor reads its earlier owners' data.
 */
export async function insertEvents(
  trx: Trx,
  owner: ActivityOwner,
  events: readonly IngestEvent[],
): Promise<StoredEvents> {
  const { deviceId, memberId } = owner;
  const ownedSinceMs = owner.ownedSinceMs ?? null;
  if (events.length === 0) return { keys: [], heartRates: [] };
  const pick = <T>(read: (event: IngestEvent) => T | undefined) =>
    events.map((event) => read(event) ?? null);
  const heartRate = storedHeartRate(sql.ref('i.heart_rate_bpm'));
  const { rows } = await sql<{
    event_time_ms: number;
    event_type: IngestEvent['Type'] | null;
    activity_id: number | null;
    bpm: number | null;
  }>`
    with inserted as (
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
      returning device_id, event_time_ms, event_type, heart_rate_bpm
    ), rated as (
      -- f: the fix as the statement's snapshot has it, before this update (its old heart rate).
      -- p and f name the device by i.device_id, never by the constant: given a constant, the planner
      -- (which cannot count a CTE's rows, and counts a device's fixes by statistics older than them)
      -- may scan all the device's fixes once per event, quadratic; through i, the only index
      -- condition on p and f is the full primary key, looked up per event.
      update location_points p set heart_rate_bpm = ${heartRate}
      from inserted i
      join location_points f on f.device_id = i.device_id
        and f.device_time_ms = i.event_time_ms
      where i.event_type = 'VITALS' and i.heart_rate_bpm is not null
        and p.device_id = i.device_id and p.device_time_ms = i.event_time_ms
        and p.heart_rate_bpm is distinct from ${heartRate}
        -- Only this owner's fixes: a device's earlier owners keep theirs as they were.
        and (${ownedSinceMs}::bigint is null or p.device_time_ms > ${ownedSinceMs}::bigint)
        and (p.activity_id is null or exists (select 1 from activities o
          where o.activity_id = p.activity_id and o.member_id = ${memberId}))
      returning p.activity_id, p.device_time_ms, p.heart_rate_bpm as new_bpm,
        f.heart_rate_bpm as old_bpm
    ), counted as (
      update activities a
      set heart_rate_sum = a.heart_rate_sum + c.total, heart_rate_count = a.heart_rate_count + c.n
      from (
        select activity_id,
          sum(coalesce(new_bpm, 0) - coalesce(old_bpm, 0)) as total,
          sum((new_bpm is not null)::int - (old_bpm is not null)::int) as n
        from rated where activity_id is not null
        group by activity_id
      ) c
      where a.activity_id = c.activity_id
    )
    select event_time_ms, event_type, null::bigint as activity_id, null::float8 as bpm
    from inserted
    union all
    select device_time_ms, null, activity_id, new_bpm from rated where new_bpm is not null`.execute(
    trx,
  );
  const keys: StoredEventKey[] = [];
  const heartRates: LateHeartRate[] = [];
  for (const row of rows) {
    if (row.event_type !== null) keys.push({ time: row.event_time_ms, type: row.event_type });
    else if (row.bpm !== null) {
      heartRates.push({ time: row.event_time_ms, activityId: row.activity_id, bpm: row.bpm });
    }
  }
  return { keys, heartRates };
}
