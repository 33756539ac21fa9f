import * as z from 'zod/mini';
import { defineCall } from '../call';
import { DeviceType } from '../enums';
import { Device, DeviceInput, Id } from '../entities';
import { ActivationCode, DeviceNickname, Imei } from '../validation';
import { NestedCallError, NoRequest } from './common';

/* Device calls of the member-integration API (spec application-behaviour §7). */

/**
 * Activates a device from its IMEI and 6-digit code (app §7; policy §8 "Device activation" codes).
 * On failure `Error` holds the code (e.g. DEVICE_TAKEN, EXISTING_ACTIVE_SUBSCRIPTION, AUTH 'Member
 * not logged in') and the ids are absent.
 */
export const activateDevice = defineCall({
  name: 'activate-device',
  api: 'member-integration',
  method: 'POST',
  path: '/activate-device',
  request: z.object({
    Code: ActivationCode,
    DeviceNickname: DeviceNickname,
    DeviceType: DeviceType,
    Imei: Imei,
  }),
  response: z.object({
    AtlasDeviceID: z.optional(z.string()),
    DeviceID: z.optional(Id),
    Error: z.optional(NestedCallError),
  }),
});

/** Removes a device from the account; answers the remaining devices (failure code UNKNOWN, app §8). */
export const removeDevice = defineCall({
  name: 'remove-device',
  api: 'member-integration',
  method: 'POST',
  path: '/remove-device',
  request: z.object({ DeviceID: Id }),
  response: z.object({ MemberDevices: z.array(Device), Error: z.optional(NestedCallError) }),
});

/** Saves a device (its nickname); answers the saved device. */
export const saveDevice = defineCall({
  name: 'save-device',
  api: 'member-integration',
  method: 'POST',
  path: '/save-device',
  request: DeviceInput,
  response: Device,
});

/** The member's devices. The list is wrapped as `MemberDevices`, as remove-device answers it. */
export const getDevices = defineCall({
  name: 'devices',
  api: 'member-integration',
  method: 'GET',
  path: '/devices',
  request: NoRequest,
  response: z.object({ MemberDevices: z.array(Device) }),
});

/** The device calls by name. */
export const deviceCalls = {
  'activate-device': activateDevice,
  'remove-device': removeDevice,
  'save-device': saveDevice,
  devices: getDevices,
} as const;
