import type { RouteObject } from 'react-router';
import { ActivitiesPage } from './pages/ActivitiesPage';
import { ActivityDetailPage } from './pages/ActivityDetailPage';

// `handle` is the app's RouteMeta (src/app/routeMeta.ts), which a feature does not import.
const member = (titleKey: string) => ({ titleKey, gated: true });

/** The member's activities (spec app §2 member area: activities, activity/{ActivityId}). */
export const activityRoutes: RouteObject[] = [
  { path: '/member/activities', element: <ActivitiesPage />, handle: member('Titles.Activities') },
  {
    path: '/member/activity/:ActivityId',
    element: <ActivityDetailPage />,
    handle: member('Titles.Activity'),
  },
];
