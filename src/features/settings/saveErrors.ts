import { toIdentityError } from '../../api/identity';
import { isApiCallError } from '../../api/client/apiErrors';

/**
 * The detail text shown under a settings save failure (spec §8 "'Set Member communications Error' …
 * with detail"): the API client's or identity service's message, e.g.
 * `member-wearer-update: HTTP 400 REQUEST_INVALID: …` or Cognito's `Invalid phone number format.`.
 */
export function errorDetail(error: unknown): string {
  if (isApiCallError(error)) return error.message;
  return toIdentityError(error).message;
}
