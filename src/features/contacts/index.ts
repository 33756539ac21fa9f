import type { RouteObject } from 'react-router';
import type { AppEpic } from '../../store/epic';

/** The contacts feature (being built). */
export const contactsRoutes: RouteObject[] = [];

export const contactsEpics: AppEpic[] = [];
