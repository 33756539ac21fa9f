import type { RouteObject } from 'react-router';
import { lazyChunk } from '../../ui/lazyChunk';

const MonitorPage = lazyChunk(() => import('./pages/MonitorPage').then((m) => m.MonitorPage));

/**
 * The operator monitor (issue 8 item 6; docs/monitor.md): open, no member login — an operator holds
 * share links, which are the access. `handle` is the app's RouteMeta (src/app/routeMeta.ts).
 */
export const monitorRoutes: RouteObject[] = [
  { path: '/monitor', element: <MonitorPage />, handle: { titleKey: 'Titles.Monitor' } },
];
