import type { LoadStatus } from '../entities/loadStatus';
import type { ActivityDetailRecord } from './activityDetailRecord';
import {
  detailsAdapter,
  type ActivityDetailsState,
  type DetailLoad,
  selectActivityDetailsState,
} from './activityDetailsSlice';

type WithDetails = { activityDetails?: ActivityDetailsState };

const selectors = detailsAdapter.getSelectors((state: WithDetails) =>
  selectActivityDetailsState(state),
);

/** The loaded detail of `ActivityId` (without its location history), undefined until loaded. */
export const selectActivityDetail = (
  state: WithDetails,
  activityId: number,
): ActivityDetailRecord | undefined => selectors.selectById(state, activityId);

/** Every loaded detail. */
export const selectAllActivityDetails = selectors.selectAll;

/** The load of a detail, undefined when it was never asked for. */
export const selectActivityDetailLoad = (
  state: WithDetails,
  activityId: number,
): DetailLoad | undefined => selectActivityDetailsState(state).loads[activityId];

/** Whether the last load of a detail found no such activity of the member (404). */
export const selectActivityDetailMissing = (state: WithDetails, activityId: number): boolean =>
  selectActivityDetailsState(state).loads[activityId]?.missing === true;

/** The load status of a detail ('idle' when never asked for). */
export const selectActivityDetailStatus = (state: WithDetails, activityId: number): LoadStatus =>
  selectActivityDetailsState(state).loads[activityId]?.status ?? 'idle';
