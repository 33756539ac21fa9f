import type { EntityChanges } from '../../src/api/socket';
import type { Db } from '../db/database';

/** Where {@link publishNotificationResults} sends a member's changes (`app.realtime`'s method). */
export type NotificationChangePublisher = (memberId: number, changes: EntityChanges) => void;

/**
 * Tells each alert's member that its notifications got a delivery result (the outbox delivered or
 * failed one, server/outbox/outbox.ts `deliverPending`): one EntityChanges batch per member, an Alert
 * `updated` change per alert (spec app §7), so an open activity's Contacts tab (docs/activities.md
 * "Contacts") reloads and shows "Sent" or "Could not be sent" without the member reopening it.
 * `alertIds` are AlertIDs; `nowMs` the changes' Timestamp (epoch ms). Alerts no longer stored are
 * skipped.
 */
export async function publishNotificationResults(
  db: Db,
  publish: NotificationChangePublisher,
  alertIds: readonly number[],
  nowMs: number,
): Promise<void> {
  if (alertIds.length === 0) return;
  const rows = await db
    .selectFrom('alerts')
    .innerJoin('members', 'members.member_id', 'alerts.member_id')
    .select(['alerts.alert_id', 'alerts.activity_id', 'alerts.member_id', 'members.wearer_id'])
    .where('alerts.alert_id', 'in', [...alertIds])
    .orderBy('alerts.alert_id')
    .execute();
  const byMember = new Map<number, EntityChanges>();
  for (const row of rows) {
    const changes = byMember.get(row.member_id) ?? [];
    byMember.set(row.member_id, [
      ...changes,
      {
        EntityType: 'Alert',
        EntityId: row.alert_id,
        ChangeType: 'updated',
        Timestamp: nowMs,
        WearerID: row.wearer_id,
        ActivityId: row.activity_id,
      },
    ]);
  }
  for (const [memberId, changes] of byMember) publish(memberId, changes);
}
