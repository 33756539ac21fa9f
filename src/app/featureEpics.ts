import { authEpics } from '../features/auth';
import { contactsEpics } from '../features/contacts';
import { dashboardEpics } from '../features/dashboard';
import { devicesEpics } from '../features/devices';
import { devtoolsEpics } from '../features/devtools';
import { equipmentEpics } from '../features/equipment';
import { settingsEpics } from '../features/settings';
import { termsEpics } from '../features/terms';
import type { AppEpic } from '../store/epic';

/** Every feature's epics, merged into the root epic (each feature exports its own list). */
export const featureEpics: readonly AppEpic[] = [
  ...authEpics,
  ...devtoolsEpics,
  ...termsEpics,
  ...dashboardEpics,
  ...contactsEpics,
  ...devicesEpics,
  ...equipmentEpics,
  ...settingsEpics,
];
