import { RuntimeConfig } from '../runtimeConfig';
import { HttpError, NetworkError, ResponseInvalidError } from './apiErrors';

/**
 * Loads the SPA's runtime configuration from `GET {origin}/config.json` and validates it.
 * Rejects with {@link NetworkError}, {@link HttpError} or {@link ResponseInvalidError}.
 */
export async function fetchRuntimeConfig(
  doFetch: typeof fetch = (input, init) => fetch(input, init),
  url = '/config.json',
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await doFetch(url, { headers: { accept: 'application/json' }, cache: 'no-cache' });
  } catch (cause) {
    throw new NetworkError('config.json', cause);
  }
  if (!response.ok)
    throw new HttpError('config.json', response.status, 'UNKNOWN', response.statusText);
  const body: unknown = await response.json().catch(() => null);
  const parsed = RuntimeConfig.safeParse(body);
  if (!parsed.success) throw new ResponseInvalidError('config.json', parsed.error.issues);
  return parsed.data;
}
