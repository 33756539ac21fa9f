import type { RouteObject } from 'react-router';
import type { AppEpic } from '../../store/epic';

/** The dashboard feature (being built). */
export const dashboardRoutes: RouteObject[] = [];

export const dashboardEpics: AppEpic[] = [];
