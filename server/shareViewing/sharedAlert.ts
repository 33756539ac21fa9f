import type { Trx } from '../telemetry/ingestDevice';
import { activityInShare, type ShareScope } from './shareScope';

/** An alert a share viewer acts on, read under its row lock. Times are epoch ms. */
export interface LockedAlert {
  readonly alertId: number;
  readonly activityId: number;
  readonly closeState: string;
  readonly openedMs: number;
}

/**
 * Reads alert `alertId` in the caller's transaction and locks its row until the transaction ends
 * (`for no key update`: a second resolve or note waits and then reads the committed state, while the
 * note rows that reference the alert can still be inserted). Null when the alert does not exist, is
 * another member's, has no activity, or its activity is not one the share shows
 * ({@link activityInShare}), or, for a journey share, it was opened outside the journey's window;
 * the caller answers all of these alike and writes nothing.
 */
export async function lockSharedAlert(
  trx: Trx,
  share: ShareScope,
  alertId: number,
): Promise<LockedAlert | null> {
  const row = await trx
    .selectFrom('alerts')
    .select(['alert_id', 'activity_id', 'close_state', 'opened_ms'])
    .where('alert_id', '=', alertId)
    .where('member_id', '=', share.memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row || row.activity_id === null) return null;
  // A journey share opens the span of time shared: an alert of one of its activities opened before
  // or after that span is not the viewers' to see or act on.
  const { target } = share;
  if (
    target.kind === 'journey' &&
    (row.opened_ms < target.startMs || row.opened_ms > target.endMs)
  ) {
    return null;
  }
  if (!(await activityInShare(trx, share, row.activity_id))) return null;
  return {
    alertId: row.alert_id,
    activityId: row.activity_id,
    closeState: row.close_state,
    openedMs: row.opened_ms,
  };
}

/**
 * Locks the rows of member `memberId`'s devices (`for no key update`, in id order) until the caller's
 * transaction ends. The ingest and the alert sweep change alerts and activity statuses only while
 * holding their device's row, so a transaction that changes them too takes the devices first and
 * can never deadlock with them (the order server/telemetry/silenceSweep.ts follows).
 */
export async function lockMemberDevices(trx: Trx, memberId: number): Promise<void> {
  await trx
    .selectFrom('devices')
    .select('device_id')
    .where('member_id', '=', memberId)
    .orderBy('device_id')
    .forNoKeyUpdate()
    .execute();
}
