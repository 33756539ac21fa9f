import type { RouteObject } from 'react-router';
import type { AppEpic } from '../../store/epic';

/** The settings feature (being built). */
export const settingsRoutes: RouteObject[] = [];

export const settingsEpics: AppEpic[] = [];
