import { DevOutbox } from '../dev';
import { HttpError, NetworkError, ResponseInvalidError } from './apiErrors';

/**
 * Reads the development outbox (`GET /api/dev/outbox?to=`, embedded mode only; 404 in production).
 * Rejects with {@link NetworkError}, {@link HttpError} or {@link ResponseInvalidError}.
 */
export async function fetchDevOutbox(doFetch: typeof fetch, to: string): Promise<DevOutbox> {
  const query = new URLSearchParams();
  if (to.trim()) query.set('to', to.trim());
  let response: Response;
  try {
    response = await doFetch(`/api/dev/outbox?${query.toString()}`, {
      headers: { accept: 'application/json' },
    });
  } catch (cause) {
    throw new NetworkError('dev-outbox', cause);
  }
  if (!response.ok)
    throw new HttpError('dev-outbox', response.status, 'UNKNOWN', response.statusText);
  const parsed = DevOutbox.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ResponseInvalidError('dev-outbox', parsed.error.issues);
  return parsed.data;
}
