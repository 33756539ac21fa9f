import { authEpics } from '../features/auth';
import { devtoolsEpics } from '../features/devtools';
import { termsEpics } from '../features/terms';
import type { AppEpic } from '../store/epic';

/** Every feature's epics, merged into the root epic (each feature exports its own list). */
export const featureEpics: readonly AppEpic[] = [...authEpics, ...devtoolsEpics, ...termsEpics];
