import { Navigate, type RouteObject } from 'react-router';
import { loadActivityData } from '../../store/activityData';
import { lazyChunk } from '../../ui/lazyChunk';
import { JourneyRoute } from './JourneyRoute';

// Each screen is a chunk of its own, loaded with the store's activity data when its route renders:
// none is in the login route's JS (the journey's, through JourneyRoute).
const ActivitiesPage = lazyChunk(
  () => import('./pages/ActivitiesPage').then((m) => m.ActivitiesPage),
  { needs: loadActivityData },
);
const ActivityDetailPage = lazyChunk(
  () => import('./pages/ActivityDetailPage').then((m) => m.ActivityDetailPage),
  { needs: loadActivityData },
);

// `handle` is the app's RouteMeta (src/app/routeMeta.ts), which a feature does not import.
const member = (titleKey: string) => ({ titleKey, gated: true });

/**
 * The member's activities and journey (spec app §2 member area: activities, activity/{ActivityId},
 * activity/trim/{ActivityId} — the detail page open on its trim —, share-journey, and share-event,
 * which redirects to share-journey).
 */
export const activityRoutes: RouteObject[] = [
  { path: '/member/activities', element: <ActivitiesPage />, handle: member('Titles.Activities') },
  {
    path: '/member/activity/:ActivityId',
    element: <ActivityDetailPage />,
    handle: member('Titles.Activity'),
  },
  {
    path: '/member/activity/trim/:ActivityId',
    element: <ActivityDetailPage trimming />,
    handle: member('Titles.ActivityTrim'),
  },
  { path: '/member/share-journey', element: <JourneyRoute />, handle: member('Titles.Journey') },
  {
    path: '/member/share-event',
    element: <Navigate to="/member/share-journey" replace />,
    handle: member('Titles.Journey'),
  },
];
