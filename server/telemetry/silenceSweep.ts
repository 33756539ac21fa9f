import { sql } from 'kysely';
import type { Db } from '../db/database';
import { startPeriodic } from '../lifecycle/periodicJob';
import { lagSql } from './deviceLag';
import { ACTIVITY_SILENCE_MS } from './segmentation';

/**
 * The condition "last seen more than 30 minutes before now on its device's clock": the activity's last
 * fix (or its start, without fixes) against `nowMs` (server clock, epoch ms) less its device's clock
 * lag (server/telemetry/deviceLag.ts; 0 for a device not heard since migration 0020, or none).
 */
function silentSince(nowMs: number) {
  return sql<boolean>`coalesce(activities.last_fix_ms, activities.timestamp_start_ms)
    < ${nowMs - ACTIVITY_SILENCE_MS} - coalesce(
      (select ${lagSql('d')} from devices d where d.device_id = activities.device_id), 0)`;
}

/**
 * Closes activities whose device went silent: every open activity (no end) last seen — its last fix,
 * or its start without fixes — more than 30 minutes ({@link ACTIVITY_SILENCE_MS}) before `nowMs`
 * (epoch ms, server clock) on its device's clock (docs/decisions.md "Whose clock": a device whose
 * clock runs slow is not silent while it reports) gets `timestamp_end_ms` = that moment, `closed_by`
 * 'SILENCE' and status COMPLETE (an alert status is left to the alert engine). This is the
 * end-of-data rule of the activity builder, applied without waiting for the next fix: the ingest
 * applies it itself when a fix arrives, a read may call this with `memberId` before answering, and the
 * server runs it periodically ({@link startSilenceSweep}). A late fix within 30 minutes of the last
 * one still extends (and, if recent, reopens) the activity. Each device's activities are closed under
 * its row lock, like the ingest, so the two never deadlock. Answers how many activities were closed.
 */
export async function closeSilentActivities(
  db: Db,
  nowMs: number,
  memberId?: number,
): Promise<number> {
  let query = db
    .selectFrom('activities')
    .select(['activity_id', 'device_id'])
    .where('timestamp_end_ms', 'is', null)
    .where(silentSince(nowMs));
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  const stale = await query.execute();
  const byDevice = new Map<number | null, number[]>();
  for (const row of stale) {
    byDevice.set(row.device_id, [...(byDevice.get(row.device_id) ?? []), row.activity_id]);
  }
  let closed = 0;
  for (const [deviceId, ids] of byDevice) {
    closed += await db.transaction().execute(async (trx) => {
      if (deviceId !== null) {
        await sql`select 1 from devices where device_id = ${deviceId} for no key update`.execute(
          trx,
        );
      }
      const result = await trx
        .updateTable('activities')
        .set({
          timestamp_end_ms: sql<number>`coalesce(last_fix_ms, timestamp_start_ms)`,
          closed_by: 'SILENCE',
          // RESOLVED holds only while the activity runs (activityRules.ts statusAfter).
          status: sql<string>`case when status in ('ACTIVE', 'INACTIVE', 'LOADING', 'COMPLETE',
            'RESOLVED') then 'COMPLETE' else status end`,
          updated_at: new Date(),
        })
        .where('activity_id', 'in', ids)
        .where('timestamp_end_ms', 'is', null)
        .where(silentSince(nowMs))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
  }
  return closed;
}

/** A running periodic sweep; `stop()` ends it (and waits for a sweep in progress). */
export interface SilenceSweep {
  readonly stop: () => Promise<void>;
}

/**
 * Runs {@link closeSilentActivities} every `intervalMs` (default 60 000 ms) with the time of `clock`
 * (epoch ms), one sweep at a time, on an unref'd timer so it never keeps the process alive. A failed
 * sweep is reported to `onError` and the next one runs as planned. Call from the server start
 * (e.g. the ingest plugin's `silenceSweepIntervalMs` option) and stop on close.
 */
export function startSilenceSweep(
  db: Db,
  options: {
    readonly intervalMs?: number;
    readonly clock?: () => number;
    readonly onError?: (error: unknown) => void;
  } = {},
): SilenceSweep {
  const clock = options.clock ?? Date.now;
  return startPeriodic(
    () => closeSilentActivities(db, clock()),
    options.intervalMs ?? 60_000,
    (error) => options.onError?.(error),
  );
}
