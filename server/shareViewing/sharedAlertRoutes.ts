import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { alertAddNote, alertResolvePause } from '../../src/api/calls/shareViewing';
import type { AlertActionOutcome } from './alertActionOutcome';
import { addAlertNote } from './alertNote';
import { resolveAlert } from './alertResolve';
import type { SharedRouteDeps } from './sharedRouteDeps';
import { sharedRoute } from './sharedRoute';
import { alertNotActive, notInShare } from './viewerAnswers';

/**
 * The answer to an alert action: `{ Success: true }` after publishing its changes; 404 'No such alert'
 * or 409 ALERT_NOT_ACTIVE otherwise (server/shareViewing/viewerAnswers.ts).
 */
function answer(
  outcome: AlertActionOutcome,
  deps: SharedRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): { Success: true } | FastifyReply {
  if (outcome.kind === 'not-found') return notInShare(reply, 'alert');
  if (outcome.kind === 'not-active') return alertNotActive(reply);
  deps.publish(outcome.memberId, outcome.changes, request.log);
  return { Success: true };
}

/**
 * The alert calls of a share (app §6 "Notes and resolving need a viewer id", §7 alert-add-note,
 * alert-resolve-pause; policy §4 "Alerts"), on an alert of an activity the share shows. The contract
 * requires `ShareViewerId` (missing or empty → 400 REQUEST_INVALID `body.ShareViewerId`), a person's
 * `GuardianName` and a note text of 1–500 characters:
 * - `alert-add-note` → `{ Success: true }` with the note stored (server/shareViewing/alertNote.ts);
 * - `alert-resolve-pause` → `{ Success: true }` with the alert CLOSED_BY_USER by the guardian and,
 *   for `PauseMinutes` > 0, the wearer's automatic alerts paused (server/shareViewing/alertResolve.ts).
 * An alert that is no longer OPEN → 409 ALERT_NOT_ACTIVE 'The alert is no longer active'; an unknown,
 * another member's or unshared alert → 404 'No such alert'; nothing is written in either case. After
 * the commit the member's sockets and the activity's room hear the Alert (and Activity) changes.
 */
export function registerSharedAlertRoutes(app: FastifyInstance, deps: SharedRouteDeps): void {
  sharedRoute(app, alertAddNote, deps.shareTokens, async (share, input, request, reply) => {
    const outcome = await addAlertNote(deps.db, {
      share,
      alertId: input.AlertID,
      guardianName: input.GuardianName,
      noteText: input.NoteText,
      shareViewerId: input.ShareViewerId,
      nowMs: deps.clock(),
    });
    return answer(outcome, deps, request, reply);
  });

  sharedRoute(app, alertResolvePause, deps.shareTokens, async (share, input, request, reply) => {
    const outcome = await resolveAlert(deps.db, {
      share,
      alertId: input.AlertID,
      guardianName: input.GuardianName,
      resolveText: input.ResolveText,
      pauseMinutes: input.PauseMinutes,
      nowMs: deps.clock(),
    });
    if (outcome.kind === 'done') {
      // The resolver's audit trail: `alerts` names the guardian but has no column for the viewer id.
      request.log.info(
        { alertId: input.AlertID, shareId: share.shareId, shareViewerId: input.ShareViewerId },
        'share viewing: alert resolved',
      );
    }
    return answer(outcome, deps, request, reply);
  });
}
