import { activityEpics } from './activities/activityEpics';
import { landCellsEpic } from './basemap/landCellsEpic';
import type { AppEpic } from './epic';
import { monitorEpics } from './monitor/monitorEpics';
import { searchlightEpics } from './searchlight/searchlightEpics';
import { memberSharesEpics } from './shares/memberSharesEpics';
import { shareActionsEpics } from './shares/shareActionsEpics';
import { sharedJourneyEpics } from './shares/sharedJourneyEpics';
import { sharedViewEpics } from './shares/sharedViewEpics';

/**
 * The epics of the screens that show activities: the member's activities and journeys, the shared
 * views, the operator monitor (with their slices, which their modules inject). They load with those
 * routes ({@link loadActivityData}, src/store/activityData.ts), not in the login route's JS (issue 7).
 */
export const activityDataEpics: readonly AppEpic[] = [
  ...sharedViewEpics,
  ...shareActionsEpics,
  ...memberSharesEpics,
  ...monitorEpics,
  landCellsEpic,
  ...sharedJourneyEpics,
  ...searchlightEpics,
  ...activityEpics,
];
