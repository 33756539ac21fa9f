import type { LoadStatus } from '../entities/loadStatus';
import type { ActivityDetailRecord } from './activityDetailRecord';
import { detailsAdapter, type ActivityDetailsState, type DetailLoad } from './activityDetailsSlice';

type WithDetails = { activityDetails: ActivityDetailsState };

const selectors = detailsAdapter.getSelectors((state: WithDetails) => state.activityDetails);

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
): DetailLoad | undefined => state.activityDetails.loads[activityId];

/** Whether the last load of a detail found no such activity of the member (404). */
export const selectActivityDetailMissing = (state: WithDetails, activityId: number): boolean =>
  state.activityDetails.loads[activityId]?.missing === true;

/** The load status of a detail ('idle' when never asked for). */
export const selectActivityDetailStatus = (state: WithDetails, activityId: number): LoadStatus =>
  state.activityDetails.loads[activityId]?.status ?? 'idle';
