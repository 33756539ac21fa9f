import type { RouteObject } from 'react-router';
import { lazyChunk } from '../../ui/lazyChunk';

// The page is a chunk of its own, loaded when the route renders (issue 7).
const DashboardPage = lazyChunk(() => import('./DashboardPage').then((m) => m.DashboardPage));

/** The dashboard feature: the member area's start page (spec §2 "dashboard at the empty path"). */
export const dashboardRoutes: RouteObject[] = [
  {
    path: '/member',
    element: <DashboardPage />,
    handle: { titleKey: 'Titles.Dashboard', gated: true },
  },
];
