import { CallFailedError, HttpError, NetworkError } from '../../api/client/apiErrors';
import { MAX_LENGTH_SHORT } from '../../api/validation';
import type { ActivationFailure, TranslatedMessage } from './activationSlice';
import type { ActivationField } from './deviceForms';

/**
 * Devices an account with an active subscription may hold (policy §4 "Device rules" {MaxDeviceCount},
 * §9 "one shown"); interpolated into EXISTING_ACTIVE_SUBSCRIPTION.
 */
export const MAX_DEVICE_COUNT = 1;

/**
 * The activation failure codes with their own text (policy §8 "Device activation"; app §8 AUTH
 * 'Member not logged in'). Any other code shows UNKNOWN ("contact support").
 */
export const ACTIVATION_ERROR_CODES = [
  'ACTIVATION_FAILED',
  'IMEI_NOT_FOUND',
  'CODE_INVALID',
  'DEVICE_TAKEN',
  'EXISTING_ACTIVE_SUBSCRIPTION',
  'PAIRING_ERROR',
  'AUTH',
  'UNKNOWN',
] as const;

/** The key for a connection failure, shared by every device call. */
export const NETWORK_ERROR_KEY = 'Devices.Errors.Network';
/** The key for a call the server throttled (HTTP 429), shared by every device call. */
export const RATE_LIMITED_KEY = 'Devices.Errors.RateLimited';

/**
 * The key for a failure of the way to the server rather than of the request — no answer, or a
 * server or gateway that is unavailable for now (502, 503, 504) → {@link NETWORK_ERROR_KEY};
 * throttled (429) → {@link RATE_LIMITED_KEY} — or null for the server's answer to the request
 * itself (a 500 stays UNKNOWN, app §8).
 */
function transportErrorKey(error: unknown): string | null {
  if (error instanceof NetworkError) return NETWORK_ERROR_KEY;
  if (error instanceof HttpError && error.status === 429) return RATE_LIMITED_KEY;
  if (error instanceof HttpError && [502, 503, 504].includes(error.status))
    return NETWORK_ERROR_KEY;
  return null;
}

const FIELDS: readonly ActivationField[] = ['Imei', 'Code', 'DeviceNickname', 'DeviceType'];

/** The translated text of an activation ErrorCode (`Devices.ActivationErrors.<CODE>`). */
export function activationErrorMessage(code: string): TranslatedMessage {
  const known = (ACTIVATION_ERROR_CODES as readonly string[]).includes(code) ? code : 'UNKNOWN';
  return known === 'EXISTING_ACTIVE_SUBSCRIPTION'
    ? { key: `Devices.ActivationErrors.${known}`, params: { maxDeviceCount: MAX_DEVICE_COUNT } }
    : { key: `Devices.ActivationErrors.${known}` };
}

/**
 * The first form field a 400 REQUEST_INVALID rejected, from the body's `Issues`
 * (`{ Path: 'body.<Field>', Message: <Validations key> }`, server/http/errorHandler.ts), with its
 * translated message. Null when no issue names a form field.
 */
export function rejectedField(
  error: HttpError,
): { field: ActivationField; message: TranslatedMessage } | null {
  for (const issue of error.issues ?? []) {
    const field = FIELDS.find((name) => issue.Path === `body.${name}`);
    const key = issue.Message;
    if (!field || !key.startsWith('Validations.')) continue;
    return {
      field,
      message:
        key === 'Validations.MaxLength' ? { key, params: { max: MAX_LENGTH_SHORT } } : { key },
    };
  }
  return null;
}

/**
 * What an activate-device failure shows (app §8, policy §8): a business failure (200 `{ Error }`,
 * a CallFailedError) its code's text; a 400 the rejected field's message and 'Please correct invalid
 * values'; no answer or a 502/503/504 the general connection error, a 429 the wait-and-retry text
 * (neither is a reason to contact support); a 401/403 AUTH; anything else (a 500) UNKNOWN.
 */
export function activationFailureOf(error: unknown): ActivationFailure {
  if (error instanceof CallFailedError) {
    return { message: activationErrorMessage(error.code), fieldErrors: {} };
  }
  const transport = transportErrorKey(error);
  if (transport) return { message: { key: transport }, fieldErrors: {} };
  if (error instanceof HttpError && error.status === 400) {
    const rejected = rejectedField(error);
    return {
      message: { key: 'Validations.InvalidValues' },
      fieldErrors: rejected ? { [rejected.field]: rejected.message } : {},
    };
  }
  if (error instanceof HttpError) {
    return { message: activationErrorMessage(error.code), fieldErrors: {} };
  }
  return { message: activationErrorMessage('UNKNOWN'), fieldErrors: {} };
}

/** The key a failed remove-device shows (app §8 "Device removal: UNKNOWN"). */
export function removalErrorKey(error: unknown): string {
  return transportErrorKey(error) ?? 'Devices.RemoveErrors.UNKNOWN';
}

/** The key a failed save-device shows. */
export function saveErrorKey(error: unknown): string {
  const transport = transportErrorKey(error);
  if (transport) return transport;
  if (error instanceof HttpError && error.status === 400) return 'Validations.InvalidValues';
  return 'Devices.Errors.SaveFailed';
}
