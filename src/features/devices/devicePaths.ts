/** The devices list (app §2 member "devices"). */
export const DEVICES_PATH = '/member/devices';

/** Where a member activates another device (app §2 member "activate-device"). */
export const ACTIVATE_DEVICE_PATH = '/member/activate-device';

/** The member-area activation pre-filled with a QR code's IMEI and code (app §2 activate-device-code). */
export function activateDeviceCodePath(imei: string, code: string): string {
  return `/member/activate-device-code/${encodeURIComponent(imei)}/${encodeURIComponent(code)}`;
}
