import type { Action } from '@reduxjs/toolkit';
import { catchError, defer, exhaustMap, from, mergeMap, of } from 'rxjs';
import { removeDevice, saveDevice } from '../../api/calls/memberIntegrationDevices';
import { HttpError } from '../../api/client/apiErrors';
import type { Device, DeviceInput } from '../../api/entities/device';
import {
  deviceReceived,
  devicesReceived,
  devicesRequested,
  selectDeviceById,
} from '../../store/entities/devicesSlice';
import type { AppEpic } from '../../store/epic';
import { notify } from '../../store/notifications/notify';
import { memberApiFor } from '../../store/session/services';
import { removalErrorKey, saveErrorKey } from './activationErrors';
import {
  deviceEditFailed,
  deviceNicknameSaveRequested,
  deviceNicknameSaved,
  deviceRemovalRequested,
  deviceRemoved,
} from './deviceEditsSlice';
import { ofAction } from '../../store/operators/ofAction';

/**
 * The save-device request for `device` renamed `nickname`: the device's fields as the server sent them,
 * without the ingest key (a secret the server never needs back).
 */
export function deviceInputOf(device: Device, nickname: string): DeviceInput {
  return {
    DeviceID: device.DeviceID,
    AtlasDeviceID: device.AtlasDeviceID,
    DeviceNickname: nickname,
    Imei: device.Imei,
    DeviceType: device.DeviceType,
    RegisteredTimestamp: device.RegisteredTimestamp,
    SubscriptionExpiryTimestamp: device.SubscriptionExpiryTimestamp,
  };
}

/**
 * Saves a nickname (app §7 save-device) on the device as the store holds it: the answered device →
 * deviceReceived, a notice.
 */
export const deviceNicknameSaveEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(deviceNicknameSaveRequested),
    exhaustMap(({ payload }) =>
      defer(() => {
        const device = selectDeviceById(state$.value, payload.DeviceID);
        if (!device) throw new Error(`Device ${payload.DeviceID} is not in the store`);
        return from(
          memberApiFor(() => state$.value, deps).call(
            saveDevice,
            deviceInputOf(device, payload.nickname),
          ),
        );
      }).pipe(
        mergeMap((device): Action[] => [
          deviceReceived(device),
          deviceNicknameSaved({ DeviceID: device.DeviceID }),
          notify(deps, 'success', 'Devices.List.NicknameSaved'),
        ]),
        catchError((error: unknown) => of(deviceEditFailed({ errorKey: saveErrorKey(error) }))),
      ),
    ),
  );

/**
 * Removes a device (app §7 remove-device): the answer's MemberDevices → devicesReceived, a notice; a
 * 404 (the device is no longer the member's) → the list reloaded and a notice that it was already
 * removed; another failure (app §8 UNKNOWN) → its translated error.
 */
export const deviceRemovalEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(deviceRemovalRequested),
    exhaustMap(({ payload }) =>
      defer(() =>
        from(
          memberApiFor(() => state$.value, deps).call(removeDevice, {
            DeviceID: payload.DeviceID,
          }),
        ),
      ).pipe(
        mergeMap((answer): Action[] => [
          devicesReceived(answer.MemberDevices),
          deviceRemoved({ DeviceID: payload.DeviceID }),
          notify(deps, 'success', 'Devices.List.Removed'),
        ]),
        catchError((error: unknown): Action[] =>
          // Not the member's device any more (removed in another tab or by support): what the member
          // asked for holds. The list is reloaded rather than left showing it with an error.
          error instanceof HttpError && error.status === 404
            ? [
                devicesRequested(),
                deviceRemoved({ DeviceID: payload.DeviceID }),
                notify(deps, 'info', 'Devices.List.AlreadyRemoved'),
              ]
            : [deviceEditFailed({ errorKey: removalErrorKey(error) })],
        ),
      ),
    ),
  );

export const deviceEditEpics: AppEpic[] = [deviceNicknameSaveEpic, deviceRemovalEpic];
