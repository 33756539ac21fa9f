import { sql } from 'kysely';
import { refreshActivityStatuses } from '../alerts/alertStore';
import { attributeFixes } from './activityRules';
import type { Trx } from './ingestDevice';
import type { Segment } from './segmentation';

/**
 * An activity a re-cut merged into another (late fixes filled the gap between them) and deleted:
 * what it held now belongs to `toActivityId`. Its live viewers follow it there once the re-cut
 * committed (server/telemetry/ingestPublication.ts `publishIngest`).
 */
export interface ActivityMerge {
  readonly fromActivityId: number;
  readonly toActivityId: number;
}

/**
 * Before a re-cut deletes the activities it merged into others (`unused`: late fixes filled the gap
 * between two activities), moves what belongs to each onto the activity that now holds its start:
 * its alerts (the foreign key would detach them: `on delete set null`, and an SOS would leave its
 * activity and status), its shares (they would be deleted with it, and a guardian's link would stop
 * working) and its messages (its thread would be deleted; they join the surviving activity's thread,
 * or the thread moves when that one has none). The surviving activities that took alerts get their
 * status from them again (ASSISTANCE wins, server/alerts/activityStatus.ts). `segments` and `ids` are
 * the re-cut's segments in time order and their activity ids. Returns each merged activity with the
 * one that took it over.
 */
export async function adoptMergedActivities(
  trx: Trx,
  unused: readonly number[],
  segments: readonly Segment[],
  ids: readonly number[],
): Promise<ActivityMerge[]> {
  if (unused.length === 0) return [];
  const merged = await trx
    .selectFrom('activities')
    .select(['activity_id', 'timestamp_start_ms'])
    .where('activity_id', 'in', [...unused])
    .orderBy('timestamp_start_ms')
    .execute();
  const successors = attributeFixes(
    merged.map((row) => row.timestamp_start_ms),
    segments,
    ids,
  );
  const merges: ActivityMerge[] = [];
  const withAlerts = new Set<number>();
  for (const [index, row] of merged.entries()) {
    const successor = successors[index];
    if (successor === null || successor === undefined || successor === row.activity_id) continue;
    merges.push({ fromActivityId: row.activity_id, toActivityId: successor });
    const alerts = await trx
      .updateTable('alerts')
      .set({ activity_id: successor })
      .where('activity_id', '=', row.activity_id)
      .executeTakeFirst();
    if (Number(alerts.numUpdatedRows) > 0) withAlerts.add(successor);
    await trx
      .updateTable('shares')
      .set({ activity_id: successor })
      .where('activity_id', '=', row.activity_id)
      .execute();
    await sql`
      with moved as (
        update messages m set message_thread_id = s.message_thread_id
        from message_threads u, message_threads s
        where u.activity_id = ${row.activity_id} and s.activity_id = ${successor}
          and m.message_thread_id = u.message_thread_id
        returning m.message_id
      )
      update message_threads set activity_id = ${successor}
      where activity_id = ${row.activity_id}
        and not exists (select 1 from message_threads where activity_id = ${successor})`.execute(
      trx,
    );
  }
  await refreshActivityStatuses(trx, withAlerts);
  return merges;
}
