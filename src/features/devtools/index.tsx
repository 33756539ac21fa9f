import type { RouteObject } from 'react-router';
import { epicsLoader } from '../../store/epicRegistry';
import { lazyChunk } from '../../ui/lazyChunk';

// The page is a chunk of its own, loaded with its epics when the route renders (issue 7).
const DevOutboxPage = lazyChunk(() => import('./DevOutboxPage').then((m) => m.DevOutboxPage), {
  needs: epicsLoader(() => import('./devOutboxEpics').then((m) => m.devtoolsEpics)),
});

/** Development tools of the embedded mode (the outbox page). */

export const devtoolsRoutes: RouteObject[] = [
  { path: '/dev/outbox', element: <DevOutboxPage />, handle: { titleKey: 'Titles.DevOutbox' } },
];
