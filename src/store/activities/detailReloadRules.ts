import { ACTIVITY_RECENTLY_ENDED_MS, ACTIVITY_RELOAD_ENDED_WITHIN_MS } from '../timing';
import type { DetailLoad } from './activityDetailsSlice';

/**
 * Whether an activity still changes: open (`endMs` null) or ended within the last 60 s before
 * `nowMs` (epoch ms). Such activities are refreshed every minute while shown (spec §4 "Open activities
 * are refreshed every minute"; §9 "activities that ended within the last 60 s are reloaded").
 */
export function isRecentlyActive(endMs: number | null, nowMs: number): boolean {
  return endMs === null || nowMs - endMs <= ACTIVITY_RECENTLY_ENDED_MS;
}

/** What a detail request leads to: a load now, a reload once the current load answers, or nothing. */
export type DetailDecision = 'load' | 'reloadAfterCurrent' | 'skip';

/**
 * The spec §4 rules for a detail request at `nowMs` (epoch ms), given the detail's `load` (undefined
 * when never asked for) and the end of the loaded activity (`endMs`, null while open):
 * - never loaded, or the last load failed: load (lazily, on request);
 * - loading: a forced request reloads once the current load answers; any other waits for it;
 * - loaded: `force` reloads; an open activity, or one that ended within the last hour, reloads; one
 *   that ended over 1 hour ago is not reloaded unless forced.
 */
export function detailLoadDecision(
  load: DetailLoad | undefined,
  endMs: number | null | undefined,
  force: boolean,
  nowMs: number,
): DetailDecision {
  if (load === undefined || load.status === 'idle' || load.status === 'failed') return 'load';
  if (load.status === 'loading') return force ? 'reloadAfterCurrent' : 'skip';
  if (force || endMs === undefined || endMs === null) return 'load';
  return nowMs - endMs <= ACTIVITY_RELOAD_ENDED_WITHIN_MS ? 'load' : 'skip';
}
