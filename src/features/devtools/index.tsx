import type { RouteObject } from 'react-router';
import { lazyChunk } from '../../ui/lazyChunk';

// The page is a chunk of its own, loaded when the route renders (issue 7).
const DevOutboxPage = lazyChunk(() => import('./DevOutboxPage').then((m) => m.DevOutboxPage));

/** Development tools of the embedded mode (the outbox page). */
export { devtoolsEpics } from './devOutboxEpics';

export const devtoolsRoutes: RouteObject[] = [
  { path: '/dev/outbox', element: <DevOutboxPage />, handle: { titleKey: 'Titles.DevOutbox' } },
];
