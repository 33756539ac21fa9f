import * as z from 'zod/mini';
import { defineCall } from '../call';
import { DeviceScheduledAction, IdParam, NewDeviceScheduledAction } from '../entities';
import { SuccessResponse } from './common';

/* Device scheduled actions (scheduled night mode) of the member-integration API (app §7). */

/** Creates a scheduled action; answers it with its new id. */
export const createDeviceScheduleAction = defineCall({
  name: 'create-device-schedule-action',
  api: 'member-integration',
  method: 'POST',
  path: '/create-device-schedule-action',
  request: NewDeviceScheduledAction,
  response: DeviceScheduledAction,
});

/** Replaces a scheduled action; answers the saved one. */
export const updateDeviceScheduleAction = defineCall({
  name: 'update-device-schedule-action',
  api: 'member-integration',
  method: 'POST',
  path: '/update-device-schedule-action',
  request: DeviceScheduledAction,
  response: DeviceScheduledAction,
});

/** The scheduled actions of one device, wrapped as `ScheduledActions`. */
export const getDeviceScheduleAction = defineCall({
  name: 'get-device-schedule-action',
  api: 'member-integration',
  method: 'GET',
  path: '/get-device-schedule-action/{DeviceID}',
  request: z.object({ DeviceID: IdParam }),
  response: z.object({ ScheduledActions: z.array(DeviceScheduledAction) }),
});

/**
 * Deletes a scheduled action of a device. The spec's path is `/{id}/{id}`; the first is read as the
 * action's id, the second as its device's id.
 */
export const deleteDeviceScheduleAction = defineCall({
  name: 'delete-device-schedule-action',
  api: 'member-integration',
  method: 'POST',
  path: '/delete-device-schedule-action/{ScheduledActionID}/{DeviceID}',
  request: z.object({ ScheduledActionID: IdParam, DeviceID: IdParam }),
  response: SuccessResponse,
});

/** The schedule calls by name. */
export const scheduleCalls = {
  'create-device-schedule-action': createDeviceScheduleAction,
  'update-device-schedule-action': updateDeviceScheduleAction,
  'get-device-schedule-action': getDeviceScheduleAction,
  'delete-device-schedule-action': deleteDeviceScheduleAction,
} as const;
