import type { Db } from '../db/database';
import { alertEntityChanges } from '../alerts/alertSweep';
import type { ActingShare, AlertActionOutcome } from './alertActionOutcome';
import { lockSharedAlert } from './sharedAlert';

/**
 * A guardian's note on an alert through a share (app §7 alert-add-note): `guardianName` and `noteText`
 * as the contract validated them (a person's name; note text of at most 500 characters), the viewer's
 * `shareViewerId`, and the server clock `nowMs` (epoch ms).
 */
export interface AlertNoteInput {
  readonly share: ActingShare;
  readonly alertId: number;
  readonly guardianName: string;
  readonly noteText: string;
  readonly shareViewerId: string;
  readonly nowMs: number;
}

/**
 * Adds a note to an OPEN alert the share shows (policy §4 "Notes can then be added"), in one
 * transaction under the alert's row lock ({@link lockSharedAlert}), so a note never lands on an alert
 * a concurrent resolve has just closed: stores it in `alert_notes` (actor GUARDIAN, `guardian_name`,
 * `share_viewer_id`, `created_ms` = `nowMs`) and stamps the alert's `updated_ms`. Answers
 * {@link AlertActionOutcome}; the `done` changes are the Alert 'updated'.
 */
export async function addAlertNote(db: Db, input: AlertNoteInput): Promise<AlertActionOutcome> {
  return db.transaction().execute(async (trx): Promise<AlertActionOutcome> => {
    const alert = await lockSharedAlert(trx, input.share, input.alertId);
    if (!alert) return { kind: 'not-found' };
    if (alert.closeState !== 'OPEN') return { kind: 'not-active' };
    await trx
      .insertInto('alert_notes')
      .values({
        alert_id: alert.alertId,
        actor_type: 'GUARDIAN',
        guardian_name: input.guardianName,
        share_viewer_id: input.shareViewerId,
        note_text: input.noteText,
        created_ms: input.nowMs,
      })
      .execute();
    await trx
      .updateTable('alerts')
      .set({ updated_ms: input.nowMs })
      .where('alert_id', '=', alert.alertId)
      .execute();
    const changed = { alertId: alert.alertId, activityId: alert.activityId, created: false };
    return {
      kind: 'done',
      memberId: input.share.memberId,
      changes: alertEntityChanges(
        { alerts: [changed], activities: [] },
        input.share.wearerId,
        input.nowMs,
      ),
    };
  });
}
