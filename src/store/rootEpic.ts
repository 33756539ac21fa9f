import { combineEpics } from 'redux-observable';
import { activityEpics } from './activities/activityEpics';
import { appEpics } from './app/appEpics';
import { landCellsEpic } from './basemap/landCellsEpic';
import type { AppEpic } from './epic';
import { preferencesPersistEpic } from './epics/preferencesEpic';
import { runtimeConfigEpic } from './epics/runtimeConfigEpic';
import { inactivityEpics } from './session/inactivityEpics';
import { clientEpics } from './client/clientEpics';
import { entityEpics } from './entities/entityLoadEpics';
import { remindersEpics } from './entities/remindersEpics';
import { subscriptionsEpics } from './entities/subscriptionsEpics';
import { networkEpics } from './network/networkEpics';
import { notificationEpics } from './notifications/notificationEpics';
import { realtimeEpics } from './realtime/realtimeEpics';
import { sessionEpics } from './session/sessionEpics';
import { searchlightEpics } from './searchlight/searchlightEpics';
import { memberSharesEpics } from './shares/memberSharesEpics';
import { monitorEpics } from './monitor/monitorEpics';
import { shareActionsEpics } from './shares/shareActionsEpics';
import { sharedJourneyEpics } from './shares/sharedJourneyEpics';
import { sharedViewEpics } from './shares/sharedViewEpics';
import { unitPreferencePersistEpic } from './units/unitPreferenceEpics';

/** The store's own epics; features contribute theirs through {@link createAppStore}'s `epics`. */
export const storeEpics: readonly AppEpic[] = [
  runtimeConfigEpic,
  preferencesPersistEpic,
  unitPreferencePersistEpic,
  ...sessionEpics,
  ...notificationEpics,
  ...clientEpics,
  ...entityEpics,
  ...remindersEpics,
  ...subscriptionsEpics,
  ...networkEpics,
  ...realtimeEpics,
  ...sharedViewEpics,
  ...shareActionsEpics,
  ...memberSharesEpics,
  ...monitorEpics,
  landCellsEpic,
  ...sharedJourneyEpics,
  ...searchlightEpics,
  ...activityEpics,
  ...inactivityEpics,
  ...appEpics,
];

/** Combines the store's epics with the features' lists into the one root epic. */
export function createRootEpic(featureEpics: readonly AppEpic[] = []): AppEpic {
  return combineEpics(...storeEpics, ...featureEpics);
}
