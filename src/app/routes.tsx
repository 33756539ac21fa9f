import type { RouteObject } from 'react-router';
import { EXTERNAL_ROUTES } from '../store/externalRoutes';
import { activityRoutes } from '../features/activities';
import { authRoutes } from '../features/auth';
import { contactsRoutes } from '../features/contacts';
import { dashboardRoutes } from '../features/dashboard';
import { devicesRoutes } from '../features/devices';
import { devtoolsRoutes } from '../features/devtools';
import { equipmentRoutes } from '../features/equipment';
import { settingsRoutes } from '../features/settings';
import { shareRoutes } from '../features/share';
import { termsRoutes } from '../features/terms';
import { NetworkErrorPage } from '../features/errors/NetworkErrorPage';
import { PageNotFoundPage } from '../features/errors/PageNotFoundPage';
import { HomePage } from '../features/home/HomePage';
import { ExternalRedirectPage } from '../features/redirects/ExternalRedirectPage';
import type { RouteMeta } from './routeMeta';
import { Shell } from './Shell';

const meta = (m: RouteMeta): RouteMeta => m;

/**
 * The route table (spec application-behaviour §2). Each later issue adds its own routes here with
 * their metadata; any path no route claims shows page-not-found.
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      // Root goes to the dashboard when authenticated (identity issue), otherwise home.
      { path: '/', element: <HomePage />, handle: meta({ titleKey: 'Titles.Home' }) },
      { path: '/home', element: <HomePage />, handle: meta({ titleKey: 'Titles.Home' }) },
      ...authRoutes,
      ...devtoolsRoutes,
      ...termsRoutes,
      ...dashboardRoutes,
      ...activityRoutes,
      ...contactsRoutes,
      ...devicesRoutes,
      ...equipmentRoutes,
      ...settingsRoutes,
      ...shareRoutes,
      ...EXTERNAL_ROUTES.map((route): RouteObject => ({
        path: route.path,
        element: <ExternalRedirectPage path={route.path} />,
        handle: meta({ titleKey: 'Titles.Redirecting', external: route }),
      })),
      {
        path: '/error/network-error',
        element: <NetworkErrorPage />,
        handle: meta({ titleKey: 'Titles.NetworkError' }),
      },
      {
        path: '*',
        element: <PageNotFoundPage />,
        handle: meta({ titleKey: 'Titles.PageNotFound' }),
      },
    ],
  },
];
