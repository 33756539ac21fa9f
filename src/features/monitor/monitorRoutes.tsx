import type { RouteObject } from 'react-router';
import { loadActivityData } from '../../store/activityData';
import { lazyChunk } from '../../ui/lazyChunk';

// The page loads with the store's activity data (the monitor's slices and epics among them).
const MonitorPage = lazyChunk(() => import('./pages/MonitorPage').then((m) => m.MonitorPage), {
  needs: loadActivityData,
});

/**
 * The operator monitor (issue 8 item 6; docs/monitor.md): open, no member login — an operator holds
 * share links, which are the access. `handle` is the app's RouteMeta (src/app/routeMeta.ts).
 */
export const monitorRoutes: RouteObject[] = [
  { path: '/monitor', element: <MonitorPage />, handle: { titleKey: 'Titles.Monitor' } },
];
