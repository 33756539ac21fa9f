import type { Action } from '@reduxjs/toolkit';
import { catchError, defer, exhaustMap, from, ignoreElements, map, mergeMap, of, tap } from 'rxjs';
import { activateDevice } from '../../api/calls/memberIntegrationDevices';
import { devicesRequested } from '../../store/entities/devicesSlice';
import type { AppEpic } from '../../store/epic';
import { notify } from '../../store/notifications/notify';
import { memberApiFor } from '../../store/session/services';
import { loggedOut } from '../../store/session/sessionSlice';
import { activationErrorMessage, activationFailureOf } from './activationErrors';
import {
  deviceActivated,
  deviceActivationFailed,
  deviceActivationRequested,
  pendingActivationCleared,
  pendingActivationRemembered,
  pendingActivationRequested,
  pendingActivationRestored,
} from './activationSlice';
import {
  PENDING_ACTIVATION_STORAGE_KEY,
  readPendingActivation,
  writePendingActivation,
} from './pendingActivation';
import { ofAction } from '../../store/operators/ofAction';

/**
 * Activates a device (app §7 activate-device): success `{ AtlasDeviceID, DeviceID }` → deviceActivated,
 * the devices reloaded (devicesRequested), the pending QR activation cleared and a success notice; a
 * failure → deviceActivationFailed with what to show (activationErrors.ts). exhaustMap: a second
 * submit while one is in flight is dropped.
 */
export const deviceActivationEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(deviceActivationRequested),
    exhaustMap(({ payload }) =>
      defer(() => from(memberApiFor(() => state$.value, deps).call(activateDevice, payload))).pipe(
        mergeMap((answer): Action[] =>
          answer.DeviceID === undefined
            ? [
                deviceActivationFailed({
                  message: activationErrorMessage('UNKNOWN'),
                  fieldErrors: {},
                }),
              ]
            : [
                deviceActivated({
                  DeviceID: answer.DeviceID,
                  AtlasDeviceID: answer.AtlasDeviceID ?? '',
                }),
                devicesRequested(),
                pendingActivationCleared(),
                notify(deps, 'success', 'Devices.Activated'),
              ],
        ),
        catchError((error: unknown) => of(deviceActivationFailed(activationFailureOf(error)))),
      ),
    ),
  );

/** Stores the activation a QR code started, with the time, in this browser (policy §1). */
export const pendingActivationStoreEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(pendingActivationRemembered),
    tap(({ payload }) => {
      writePendingActivation(deps.storage, payload, deps.now());
    }),
    ignoreElements(),
  );

/** Reads the pending activation back, validated and not stale (pendingActivation.ts). */
export const pendingActivationRestoreEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(pendingActivationRequested),
    map(() => pendingActivationRestored(readPendingActivation(deps.storage, deps.now()))),
  );

/**
 * Forgets the pending activation once a device is activated, and on logout (so a device's code does
 * not wait in a shared browser for the next user).
 */
export const pendingActivationClearEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(pendingActivationCleared, loggedOut),
    tap(() => {
      deps.storage.remove(PENDING_ACTIVATION_STORAGE_KEY);
    }),
    ignoreElements(),
  );

export const activationEpics: AppEpic[] = [
  deviceActivationEpic,
  pendingActivationStoreEpic,
  pendingActivationRestoreEpic,
  pendingActivationClearEpic,
];
