import type { TrackColumns } from './columnViews';
import { useAppSelector } from '../hooks';
import { selectTrackColumns } from './locationHistorySelectors';

/**
 * The tracks of `activityIds` from the store, in the same order (an empty track for one not loaded),
 * as one array that changes only when one of the tracks does: for maps drawing several activities
 * (the member's journey, a shared journey).
 */
export function useTrackColumns(activityIds: readonly number[]): TrackColumns[] {
  return useAppSelector(
    (state) => activityIds.map((id) => selectTrackColumns(state, id)),
    (a, b) => a.length === b.length && a.every((columns, i) => columns === b[i]),
  );
}
