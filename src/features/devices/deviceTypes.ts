import { DeviceType } from '../../api/enums';

/**
 * The device types a member can choose when activating (policy §3 "Device" types): every type of the
 * contract except UNKNOWN, which names a device the platform could not identify.
 */
export const ACTIVATABLE_DEVICE_TYPES = DeviceType.options.filter(
  (type): type is Exclude<DeviceType, 'UNKNOWN'> => type !== 'UNKNOWN',
);

/** The translation key of a device type's display name (`Devices.Types.<TYPE>`). */
export function deviceTypeKey(type: DeviceType): string {
  return `Devices.Types.${type}`;
}
