import * as z from 'zod/mini';
import { ActivationCode, DeviceNickname, Imei, requiredCheck } from '../../api/validation';
import { ACTIVATABLE_DEVICE_TYPES } from './deviceTypes';

/**
 * The activation form (app §5 "IMEI", "Device nickname"; policy §5 "Activation code: exactly 6
 * digits"), with the field names of the activate-device request (app §7) so server field errors map
 * one to one. The type select starts empty: `Validations.Required` until one is chosen.
 */
export const ActivationForm = z.object({
  Imei: Imei,
  Code: ActivationCode,
  DeviceNickname: DeviceNickname,
  DeviceType: z.pipe(
    z.string().check(requiredCheck),
    z.enum(ACTIVATABLE_DEVICE_TYPES, { error: () => 'Validations.InvalidValues' }),
  ),
});
/** What the activation form holds while editing (the type as the select's text). */
export type ActivationFormInput = z.input<typeof ActivationForm>;
/** A valid activation form: the activate-device request. */
export type ActivationFormValues = z.output<typeof ActivationForm>;
/** A field of the activation form. */
export type ActivationField = keyof ActivationFormInput;

/** The nickname edit of the devices list (app §5 "Device nickname"). */
export const NicknameForm = z.object({ DeviceNickname: DeviceNickname });
export type NicknameFormInput = z.input<typeof NicknameForm>;
