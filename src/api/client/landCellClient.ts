import { LandCell, landCellPath, type LandCellId } from '../basemap';
import { HttpError, NetworkError, ResponseInvalidError } from './apiErrors';

/**
 * Loads one land cell (`GET /basemap/land-cells/{level}/{x}/{y}.json`, src/api/basemap.ts) from the
 * web app's own server and validates it. `base` resolves the path (default: this page's address;
 * `http://localhost/` where there is no page, as in node tests).
 * Rejects with {@link NetworkError}, {@link HttpError} or {@link ResponseInvalidError}.
 */
export async function fetchLandCell(
  doFetch: typeof fetch,
  id: LandCellId,
  base: string = typeof location === 'undefined' ? 'http://localhost/' : location.href,
): Promise<LandCell> {
  let response: Response;
  try {
    response = await doFetch(new URL(landCellPath(id), base), {
      headers: { accept: 'application/json' },
    });
  } catch (cause) {
    throw new NetworkError('land-cell', cause);
  }
  if (!response.ok)
    throw new HttpError('land-cell', response.status, 'UNKNOWN', response.statusText);
  const body: unknown = await response.json().catch(() => null);
  const parsed = LandCell.safeParse(body);
  if (!parsed.success) throw new ResponseInvalidError('land-cell', parsed.error.issues);
  return parsed.data;
}
