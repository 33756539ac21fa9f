import { sql } from 'kysely';
import type { Db } from '../db/database';
import { activityTrack } from './activityRepository';
import type { TrackCache } from './trackCache';
import { brotliTwinOf } from './trackCompression';

/*
 * Builds the tracks of recently closed activities before anyone asks (issue 7 target journey.7day).
 * The first read of a day at 1 Hz costs the server ~200 ms of PostgreSQL and transfer; a member who
 * opens the journey or the activity after it ends would wait for it, one day after another. Every
 * few seconds this looks at the activities closed or changed in the last 15 minutes and builds, one
 * at a time, the track of each whose current version the cache lacks (trackCache.ts), and its brotli
 * encoding (trackCompression.ts). The paths that
 * close an activity (a tracking stop at ingest, the silence sweep) or cut it (a re-cut, a trim) set
 * its `updated_at`, so none needs to tell the warmer; a change that does not (a late heart rate) is
 * built again on its next read. Each server process warms its own cache.
 */

/** Activities changed this long ago or less are warmed, ms. */
export const TRACK_WARM_WINDOW_MS = 15 * 60_000;
/** Most tracks one pass builds. */
export const TRACK_WARM_BATCH = 16;

/**
 * One pass: builds into `cache` the whole track of each closed activity changed in the last
 * {@link TRACK_WARM_WINDOW_MS} (newest first, at most {@link TRACK_WARM_BATCH}) whose current row
 * version it does not hold. Answers how many it built.
 */
export async function warmTrackCache(db: Db, cache: TrackCache): Promise<number> {
  const rows = await db
    .selectFrom('activities')
    .select(['activity_id', 'member_id', sql<string>`xmin::text`.as('version')])
    .where('closed_by', 'is not', null)
    .where(
      'updated_at',
      '>=',
      sql<Date>`now() - make_interval(secs => ${TRACK_WARM_WINDOW_MS / 1000})`,
    )
    .orderBy('updated_at', 'desc')
    .limit(TRACK_WARM_BATCH)
    .execute();
  let built = 0;
  for (const row of rows) {
    if (cache.has(row.activity_id, row.version)) continue;
    const whole = await activityTrack(
      db,
      row.member_id,
      { ActivityId: row.activity_id, TimeStart: 0, TimeEnd: Number.MAX_SAFE_INTEGER },
      cache,
    );
    // Its brotli twin too, which the first reader would otherwise wait for (trackCompression.ts).
    if (whole && cache.holds(whole)) await brotliTwinOf(whole);
    built += 1;
  }
  return built;
}

/** A running warmer; `stop` ends it after the pass in progress. */
export interface TrackWarmer {
  stop(): Promise<void>;
}

/**
 * Runs {@link warmTrackCache} every `intervalMs` (ms), each pass after the previous one ended; a
 * failed pass is reported to `onError` and the next one runs as usual.
 */
export function startTrackWarmer(
  db: Db,
  cache: TrackCache,
  intervalMs: number,
  onError: (error: unknown) => void,
): TrackWarmer {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pass: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = warmTrackCache(db, cache).catch(onError).finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
