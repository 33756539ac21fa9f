import type { AppEpic } from '../../store/epic';
import { activityTypesSaveEpic } from './activityTypes/activityTypesEpics';
import { communicationsSaveEpic } from './communications/communicationsEpics';
import { personalDetailsSaveEpic } from './personalDetails/personalDetailsEpics';

/** The settings feature's epics, one per page; they start when a settings page first loads. */
export const settingsEpics: readonly AppEpic[] = [
  activityTypesSaveEpic,
  personalDetailsSaveEpic,
  communicationsSaveEpic,
];
