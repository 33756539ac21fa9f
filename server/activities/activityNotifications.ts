import type { AlertNotification, NotificationChannel } from '../../src/api/entities/notification';
import type { Db } from '../db/database';

const CHANNELS: Record<'email' | 'sms' | 'call', NotificationChannel> = {
  email: 'EMAIL',
  sms: 'SMS',
  call: 'CALL',
};

/**
 * Who was told about the alerts of activity `activityId` of member `memberId`, how, and whether it
 * went out (docs/activities.md "Contacts"; policy §1): the outbox messages of those alerts
 * (migration 0022), oldest first. Alert messages stored before that migration carry no alert and are
 * not listed. `db` may be a transaction.
 */
export async function notificationsOfActivity(
  db: Db,
  memberId: number,
  activityId: number,
): Promise<AlertNotification[]> {
  const rows = await db
    .selectFrom('outbox_messages as o')
    .innerJoin('alerts as a', 'a.alert_id', 'o.alert_id')
    .select([
      'a.alert_id',
      'o.channel',
      'o.recipient_name',
      'o.recipient',
      'o.created_ms',
      'o.delivered_ms',
      'o.given_up_ms',
    ])
    .where('a.activity_id', '=', activityId)
    .where('a.member_id', '=', memberId)
    .orderBy('o.created_ms')
    .orderBy('o.message_id')
    .execute();
  return rows.map((row) => ({
    AlertID: row.alert_id,
    Channel: CHANNELS[row.channel],
    RecipientName: row.recipient_name ?? row.recipient,
    Recipient: row.recipient,
    CreatedTime: row.created_ms,
    DeliveredTime: row.delivered_ms,
    Failed: row.given_up_ms !== null,
  }));
}
