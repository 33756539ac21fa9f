import type { Action } from '@reduxjs/toolkit';
import { catchError, defer, exhaustMap, from, map, mergeMap, of } from 'rxjs';
import { deleteEquipment, getEquipment } from '../../api/calls/memberIntegrationEquipment';
import { saveEquipment, saveEquipments } from '../../api/calls/memberIntegrationEquipmentSave';
import type { Equipment } from '../../api/entities/equipment';
import type { EquipmentInput } from '../../api/entities/equipmentInput';
import { applyEquipmentInUse } from '../../api/rules/equipmentInUse';
import type { StoreDependencies } from '../../store/dependencies';
import {
  equipmentItemRemoved,
  equipmentItemsReceived,
  equipmentReceived,
  selectAllEquipment,
} from '../../store/entities/equipmentSlice';
import type { AppEpic } from '../../store/epic';
import { notify } from '../../store/notifications/notify';
import { memberApiFor } from '../../store/session/services';
import { activityTypeKey } from './equipmentNames';
import {
  equipmentDeleted,
  equipmentDeleteFailed,
  equipmentDeleteRequested,
  equipmentInUseSaveRequested,
  equipmentItemSaveRequested,
  equipmentSaved,
  equipmentSaveFailed,
} from './equipmentUiSlice';
import { lostInUse } from './inUseNotices';
import { ofAction } from '../../store/operators/ofAction';

/** Message of a failed save. */
export const SAVE_FAILED_KEY = 'Equipment.Errors.SaveFailed';
/** Message of a failed delete (app §8 "Equipment delete: Success false"). */
export const DELETE_FAILED_KEY = 'Equipment.Errors.DeleteFailed';

/**
 * The list after a save as the server answered it, with a notice per item the save set not in use
 * (app §8 `Equipment.Notices.InUseOnlyOneVehicle` / `InUseLimitExceeded`, params `name` and the
 * translated `activityType`), then `equipmentSaved`.
 */
function savedActions(
  deps: StoreDependencies,
  received: Action,
  before: readonly Equipment[],
  after: readonly Equipment[],
  requested: readonly EquipmentInput[],
): Action[] {
  const notices = lostInUse(before, after, requested).map((loss) =>
    notify(deps, 'info', `Equipment.Notices.${loss.notice}`, {
      name: loss.item.EquipmentName,
      activityType: deps.translate(activityTypeKey(loss.activityType)),
    }),
  );
  return [received, ...notices, equipmentSaved()];
}

/**
 * Saves one item from the editor (app §7 POST equipment, which answers the item alone), then reloads
 * the whole list (GET equipment), because the server may have set other items not in use (policy §4),
 * and compares it with the list before the save for the notices. Should the reload fail, the other
 * items are updated by the same in-use rule the server applies. One save at a time (exhaustMap).
 */
export const equipmentItemSaveEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(equipmentItemSaveRequested),
    exhaustMap(({ payload }) => {
      const before = selectAllEquipment(state$.value);
      const api = () => memberApiFor(() => state$.value, deps);
      return defer(() => from(api().call(saveEquipment, payload))).pipe(
        mergeMap((saved) =>
          defer(() => from(api().call(getEquipment, {}))).pipe(
            map(({ Equipment: after }) => ({ after, received: equipmentReceived(after) })),
            catchError(() => {
              const after = applyEquipmentInUse(before, saved).equipment;
              return of({ after, received: equipmentItemsReceived(after) });
            }),
            mergeMap(({ after, received }) =>
              savedActions(deps, received, before, after, [payload]),
            ),
          ),
        ),
        catchError(() => of(equipmentSaveFailed(SAVE_FAILED_KEY))),
      );
    }),
  );

/**
 * Saves the in-use flags of several items (app §7 POST equipments, which answers the whole list):
 * the Quick Update tab and the in-use toggles. Notices as for {@link equipmentItemSaveEpic}.
 */
export const equipmentInUseSaveEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(equipmentInUseSaveRequested),
    exhaustMap(({ payload }) => {
      const before = selectAllEquipment(state$.value);
      return defer(() =>
        from(memberApiFor(() => state$.value, deps).call(saveEquipments, { Equipment: payload })),
      ).pipe(
        mergeMap(({ Equipment: after }) =>
          savedActions(deps, equipmentReceived(after), before, after, payload),
        ),
        catchError(() => of(equipmentSaveFailed(SAVE_FAILED_KEY))),
      );
    }),
  );

/**
 * Deletes one item (app §7 POST equipment-delete): `Success` false, or a failed call, is the delete
 * error (app §8); otherwise the item (`ModelID`, else the id asked for) leaves the store.
 */
export const equipmentDeleteEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(equipmentDeleteRequested),
    exhaustMap(({ payload }) =>
      defer(() => from(memberApiFor(() => state$.value, deps).call(deleteEquipment, payload))).pipe(
        mergeMap((answer): Action[] =>
          answer.Success
            ? [equipmentItemRemoved(answer.ModelID ?? payload.EquipmentId), equipmentDeleted()]
            : [equipmentDeleteFailed(DELETE_FAILED_KEY)],
        ),
        catchError(() => of(equipmentDeleteFailed(DELETE_FAILED_KEY))),
      ),
    ),
  );

/** The equipment feature's epics. */
export const equipmentEpics: AppEpic[] = [
  equipmentItemSaveEpic,
  equipmentInUseSaveEpic,
  equipmentDeleteEpic,
];
