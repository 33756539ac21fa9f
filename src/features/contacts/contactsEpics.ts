import { catchError, defer, exhaustMap, from, mergeMap, of } from 'rxjs';
import { saveEmergencyContacts } from '../../api/calls/memberIntegrationContactsSave';
import { contactsReceived } from '../../store/entities/contactsSlice';
import type { AppEpic } from '../../store/epic';
import { memberApiFor } from '../../store/session/services';
import { contactInputsOf } from './contactDrafts';
import { contactsSaved, contactsSaveFailed, contactsSaveRequested } from './contactsEditorSlice';
import { saveFailureOf } from './saveFailure';
import { ofAction } from '../../store/operators/ofAction';

/**
 * Saves the editor's contacts (app §7 POST emergency-contacts) as the member's whole list; a second
 * save while one is in flight is ignored (exhaustMap). A newly confirmed consent is stamped with the
 * store clock `deps.now()` (epoch ms, policy §1). The server's answer replaces the contacts in the
 * store (`contactsReceived`, which also settles login gating step 5), then `contactsSaved`; a failure
 * becomes `contactsSaveFailed` with translated messages ({@link saveFailureOf}).
 */
export const contactsSaveEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(contactsSaveRequested),
    exhaustMap(({ payload }) =>
      defer(() =>
        from(
          memberApiFor(() => state$.value, deps).call(saveEmergencyContacts, {
            EmergencyContacts: contactInputsOf(payload, deps.now()),
          }),
        ),
      ).pipe(
        mergeMap((answer) => [contactsReceived(answer.EmergencyContacts), contactsSaved()]),
        catchError((error: unknown) => of(contactsSaveFailed(saveFailureOf(error)))),
      ),
    ),
  );

/** The contacts feature's epics, merged into the root epic (src/app/featureEpics.ts). */
export const contactsEpics: AppEpic[] = [contactsSaveEpic];
