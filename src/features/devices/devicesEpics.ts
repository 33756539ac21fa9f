import type { AppEpic } from '../../store/epic';
import { activationEpics } from './activationEpics';
import { deviceEditEpics } from './deviceEditEpics';

/** Every epic of the devices feature; they start when a devices page first loads (index.tsx). */
export const devicesEpics: readonly AppEpic[] = [...activationEpics, ...deviceEditEpics];
