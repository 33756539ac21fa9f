import { sql } from 'kysely';
import type { ApiErrorBody } from '../../src/api/errors';
import { TrimRange } from '../../src/api/validation/trim';
import type { Db } from '../db/database';
import { accumulateFixes, statsColumns } from '../telemetry/activityStats';

/** The request of member-wearer-activity-trim: the activity and its new bounds (epoch ms). */
export interface TrimRequest {
  readonly ActivityId: number;
  readonly NewActivityStart: number;
  readonly NewActivityEnd: number;
}

/**
 * What a trim did:
 * - `trimmed`: the activity now runs from NewActivityStart to NewActivityEnd;
 * - `not-found`: the id is unknown or another member's;
 * - `open`: the activity has no end yet (still recording) and cannot be trimmed;
 * - `out-of-range`: a new bound lies outside the activity (policy §5), with the field issues of
 *   `TrimRange` (`Path` 'body.NewActivityStart' / 'body.NewActivityEnd', `Message`
 *   'Validations.TrimOutOfRange').
 * Nothing is written unless `trimmed`.
 */
export type TrimOutcome =
  | { readonly kind: 'trimmed' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'open' }
  | { readonly kind: 'out-of-range'; readonly issues: NonNullable<ApiErrorBody['Issues']> };

/**
 * Trims one of the member's closed activities to [NewActivityStart, NewActivityEnd] (epoch ms;
 * application-behaviour §7 member-wearer-activity-trim, policy §5 "Trim": at least one minute — checked
 * by the contract — and within the activity's current range). In one transaction with the activity row
 * locked: its fixes outside the new range are detached (`activity_id` set to null, the point kept for
 * the ingest's idempotency key), the bounds set, `last_fix_ms` set to the last remaining fix, the
 * stats recomputed from the remaining fixes by the activity builder's rule
 * (server/telemetry/activityStats.ts, haversine R = 6372.8 km) and its running totals stored with them,
 * and the heart rate totals (sum and count of the remaining fixes' bpm, migration 0017) counted again.
 */
export async function trimActivity(
  db: Db,
  memberId: number,
  trim: TrimRequest,
): Promise<TrimOutcome> {
  return db.transaction().execute(async (trx): Promise<TrimOutcome> => {
    const activity = await trx
      .selectFrom('activities')
      .select(['timestamp_start_ms', 'timestamp_end_ms'])
      .where('activity_id', '=', trim.ActivityId)
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!activity) return { kind: 'not-found' };
    if (activity.timestamp_end_ms === null) return { kind: 'open' };
    const range = TrimRange(activity.timestamp_start_ms, activity.timestamp_end_ms).safeParse(trim);
    if (!range.success) {
      const issues = range.error.issues.map((issue) => ({
        Path: ['body', ...issue.path.map(String)].join('.'),
        Message: issue.message,
      }));
      return { kind: 'out-of-range', issues };
    }
    const owned = trx
      .selectFrom('activities')
      .select('activity_id')
      .where('activity_id', '=', trim.ActivityId)
      .where('member_id', '=', memberId);
    await trx
      .updateTable('location_points')
      .set({ activity_id: null })
      .where('activity_id', 'in', owned)
      .where((eb) =>
        eb.or([
          eb('device_time_ms', '<', trim.NewActivityStart),
          eb('device_time_ms', '>', trim.NewActivityEnd),
        ]),
      )
      .execute();
    const points = await trx
      .selectFrom('location_points')
      .select([
        'device_time_ms as time',
        'lon',
        'lat',
        'hacc',
        'speed_mps as speed',
        'heart_rate_bpm',
      ])
      .where('activity_id', 'in', owned)
      .orderBy('device_time_ms')
      .orderBy('device_id')
      .execute();
    const totals = accumulateFixes(points);
    const heartRates = points.flatMap((point) =>
      point.heart_rate_bpm === null ? [] : [point.heart_rate_bpm],
    );
    await trx
      .updateTable('activities')
      .set({
        timestamp_start_ms: trim.NewActivityStart,
        timestamp_end_ms: trim.NewActivityEnd,
        last_fix_ms: points.at(-1)?.time ?? null,
        ...statsColumns(totals),
        stats_state: JSON.stringify(totals),
        heart_rate_sum: heartRates.reduce((sum, bpm) => sum + bpm, 0),
        heart_rate_count: heartRates.length,
        updated_at: sql<Date>`now()`,
      })
      .where('activity_id', '=', trim.ActivityId)
      .where('member_id', '=', memberId)
      .execute();
    return { kind: 'trimmed' };
  });
}
