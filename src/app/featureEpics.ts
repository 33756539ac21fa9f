import { authEpics } from '../features/auth';
import type { AppEpic } from '../store/epic';

/**
 * The features' epics that run from the start: sign-up, password reset and the account's email and
 * phone flows, which the login route and the settings pages both start. Every other feature's epics
 * load with its pages (`lazyChunk(…, { needs: epicsLoader(…) })`, src/store/epicRegistry.ts).
 */
export const featureEpics: readonly AppEpic[] = [...authEpics];
