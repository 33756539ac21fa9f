import type { AppEpic } from '../epic';
import { activityChangeReloadEpic, activitySummaryChangeEpic } from './activityChangeEpics';
import { activityDeleteEpic } from './activityDeleteEpic';
import {
  activityDetailLoadEpic,
  activityDetailPendingReloadEpic,
  activityDetailPreloadEpic,
  activityDetailRequestEpic,
} from './activityDetailEpics';
import { activityHistoryClearEpic } from './activityHistoryEpic';
import { activityMessagesEpic } from './activityMessagesEpic';
import { activityEditEpic, activitySplitsEpic, activityTrimEpic } from './activityEditEpics';
import { activityRefreshEpic } from './activityRefreshEpic';
import { activitySummariesEpic } from './activitySummariesEpic';
import { hasHistoricActivityEpic } from './hasHistoricActivityEpic';
import { journeyRefreshEpic, playbackThrottleEpic } from './journeyEpics';
import { journeyShareEpic } from './journeyShareEpic';
import { messageThreadChangeEpic } from './messageThreadChangeEpic';
import { openActivityRefreshEpic } from './openActivityRefreshEpic';
import { rescueOrgsEpic } from './rescueOrgsEpic';

/**
 * The epics of the activity entities and of every timing rule of spec §4/§9 they carry
 * (ARCHITECTURE.md §4), for `storeEpics`. The detail request epic comes before the preload epic so a
 * screen's own activity is queued before the previous one.
 */
export const activityEpics: AppEpic[] = [
  activitySummariesEpic,
  hasHistoricActivityEpic,
  activityDetailRequestEpic,
  activityDetailLoadEpic,
  activityDetailPendingReloadEpic,
  activityDetailPreloadEpic,
  activityChangeReloadEpic,
  activitySummaryChangeEpic,
  openActivityRefreshEpic,
  activityRefreshEpic,
  activityEditEpic,
  activityTrimEpic,
  activitySplitsEpic,
  activityDeleteEpic,
  activityHistoryClearEpic,
  journeyRefreshEpic,
  playbackThrottleEpic,
  journeyShareEpic,
  messageThreadChangeEpic,
  activityMessagesEpic,
  rescueOrgsEpic,
];
