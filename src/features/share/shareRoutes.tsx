import type { RouteObject } from 'react-router';
import { loadActivityData } from '../../store/activityData';
import { lazyChunk } from '../../ui/lazyChunk';
import { ShareNotFoundPage } from './pages/ShareNotFoundPage';

// The shared views load with their routes, not with the login route's JS; share-not-found stays in
// the entry (it must show when a link fails, whatever else cannot load).
const SharedActivityPage = lazyChunk(
  () => import('./pages/SharedActivityPage').then((m) => m.SharedActivityPage),
  { needs: loadActivityData },
);
const SharedJourneyPage = lazyChunk(
  () => import('./pages/SharedJourneyPage').then((m) => m.SharedJourneyPage),
  { needs: loadActivityData },
);
const IncidentReplayPage = lazyChunk(
  () => import('./pages/IncidentReplayPage').then((m) => m.IncidentReplayPage),
  { needs: loadActivityData },
);

/**
 * The shared views (spec app §2): no login; the shared-activity route sets its own title (the
 * wearer's name: `ownTitle`) and shows the wearer's client's brand (`ownBrand`). `handle` is the
 * app's RouteMeta (src/app/routeMeta.ts).
 */
export const shareRoutes: RouteObject[] = [
  {
    path: '/share/activity/:shareToken',
    element: <SharedActivityPage />,
    handle: { ownTitle: true, ownBrand: true },
  },
  {
    path: '/share/journey/:shareToken',
    element: <SharedJourneyPage />,
    handle: { ownTitle: true, ownBrand: true },
  },
  {
    path: '/incident-replay',
    element: <IncidentReplayPage />,
    handle: { titleKey: 'Titles.IncidentReplay' },
  },
  {
    path: '/share-not-found',
    element: <ShareNotFoundPage />,
    handle: { titleKey: 'Titles.ShareNotFound' },
  },
  {
    path: '/share-not-found/:code',
    element: <ShareNotFoundPage />,
    handle: { titleKey: 'Titles.ShareNotFound' },
  },
];
