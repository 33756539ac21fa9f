import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The page is a chunk of its own, loaded when the route renders (issue 7).
const DevOutboxPage = lazy(() =>
  import('./DevOutboxPage').then((m) => ({ default: m.DevOutboxPage })),
);

/** Development tools of the embedded mode (the outbox page). */
export { devtoolsEpics } from './devOutboxEpics';

export const devtoolsRoutes: RouteObject[] = [
  { path: '/dev/outbox', element: <DevOutboxPage />, handle: { titleKey: 'Titles.DevOutbox' } },
];
