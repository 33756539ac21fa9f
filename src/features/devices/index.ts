import type { RouteObject } from 'react-router';
import type { AppEpic } from '../../store/epic';

/** The devices feature (being built). */
export const devicesRoutes: RouteObject[] = [];

export const devicesEpics: AppEpic[] = [];
