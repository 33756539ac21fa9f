import type { Db } from '../db/database';
import { lockMember } from '../devices/memberLock';
import { alertEntityChanges } from '../alerts/alertSweep';
import { keepAlertWatch, refreshActivityStatuses } from '../alerts/alertStore';
import type { ActingShare, AlertActionOutcome } from './alertActionOutcome';
import { pauseEndMs, pauseMemberAlerts } from './alertPause';
import { lockMemberDevices, lockSharedAlert } from './sharedAlert';

/**
 * A guardian's resolve of an alert through a share (app §7 alert-resolve-pause): `guardianName` and
 * `resolveText` as the contract validated them, `pauseMinutes` 0 (no pause) … ALERT_PAUSE_MAX_MINUTES,
 * and the server clock `nowMs` (epoch ms). The viewer id the call requires is not stored here: `alerts`
 * has no column for it and the resolver is named by `closed_by_name` (the route logs it).
 */
export interface AlertResolveInput {
  readonly share: ActingShare;
  readonly alertId: number;
  readonly guardianName: string;
  readonly resolveText: string;
  readonly pauseMinutes: number;
  readonly nowMs: number;
}

/**
 * Resolves an OPEN alert the share shows (policy §4 "A contact resolves it with an explanation.
 * Resolving can also pause all the wearer's alerts"), all in one transaction:
 * 1. locks the member's row, its device rows, then the alert's row (`lockMember`,
 *    {@link lockMemberDevices}, {@link lockSharedAlert}) — the order activation (member, device) and
 *    the ingest and sweeps (device, alerts, activities) take them in, so none can deadlock with a
 *    resolve; of two guardians resolving at once, the second waits and then finds the alert closed
 *    (`not-active`);
 * 2. closes it: `close_state` CLOSED_BY_USER, `closed_by_actor` GUARDIAN, `closed_by_name` the
 *    guardian's name, `resolve_text`, `closed_ms` = `nowMs` (never before the alert opened),
 *    `updated_ms` = `nowMs`, and `paused_until_ms` the end of this resolve's pause (null without one);
 * 3. with a pause, holds the member's automatic alerts until then ({@link pauseMemberAlerts});
 * 4. recomputes the activity's status (`refreshActivityStatuses`: RESOLVED while the activity runs,
 *    when no other alert keeps it in ALERT, ASSISTANCE or MANUAL).
 * Answers {@link AlertActionOutcome}; the `done` changes are the Alert 'updated', then the Activity
 * 'updated' when its status changed.
 */
export async function resolveAlert(db: Db, input: AlertResolveInput): Promise<AlertActionOutcome> {
  return db.transaction().execute(async (trx): Promise<AlertActionOutcome> => {
    if (!(await lockMember(trx, input.share.memberId))) return { kind: 'not-found' };
    await lockMemberDevices(trx, input.share.memberId);
    const alert = await lockSharedAlert(trx, input.share, input.alertId);
    if (!alert) return { kind: 'not-found' };
    if (alert.closeState !== 'OPEN') return { kind: 'not-active' };
    const pausedUntilMs = pauseEndMs(input.nowMs, input.pauseMinutes);
    await trx
      .updateTable('alerts')
      .set({
        close_state: 'CLOSED_BY_USER',
        closure_reason: null,
        closed_by_actor: 'GUARDIAN',
        closed_by_name: input.guardianName,
        resolve_text: input.resolveText,
        closed_ms: Math.max(input.nowMs, alert.openedMs),
        updated_ms: input.nowMs,
        paused_until_ms: pausedUntilMs,
      })
      .where('alert_id', '=', alert.alertId)
      .execute();
    await keepAlertWatch(trx, input.share.memberId, input.nowMs);
    if (pausedUntilMs !== null) await pauseMemberAlerts(trx, input.share.memberId, pausedUntilMs);
    const activities = await refreshActivityStatuses(trx, new Set([alert.activityId]));
    const changed = { alertId: alert.alertId, activityId: alert.activityId, created: false };
    return {
      kind: 'done',
      memberId: input.share.memberId,
      changes: alertEntityChanges(
        { alerts: [changed], activities },
        input.share.wearerId,
        input.nowMs,
      ),
    };
  });
}
