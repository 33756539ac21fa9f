import type { RouteObject } from 'react-router';
import type { AppEpic } from '../../store/epic';

/** The equipment feature (being built). */
export const equipmentRoutes: RouteObject[] = [];

export const equipmentEpics: AppEpic[] = [];
