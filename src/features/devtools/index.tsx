import type { RouteObject } from 'react-router';
import { DevOutboxPage } from './DevOutboxPage';

/** Development tools of the embedded mode (the outbox page). */
export { devtoolsEpics } from './devOutboxEpics';

export const devtoolsRoutes: RouteObject[] = [
  { path: '/dev/outbox', element: <DevOutboxPage />, handle: { titleKey: 'Titles.DevOutbox' } },
];
