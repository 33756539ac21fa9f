import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, type RouteObject } from 'react-router';
import { EXTERNAL_ROUTES } from '../store/externalRoutes';
import { activityRoutes } from '../features/activities';
import { authRoutes } from '../features/auth';
import { contactsRoutes } from '../features/contacts';
import { dashboardRoutes } from '../features/dashboard';
import { devicesRoutes } from '../features/devices';
import { devtoolsRoutes } from '../features/devtools';
import { equipmentRoutes } from '../features/equipment';
import { monitorRoutes } from '../features/monitor';
import { settingsRoutes } from '../features/settings';
import { shareRoutes } from '../features/share';
import { termsRoutes } from '../features/terms';
// The network-error page stays in the entry chunk: it must show when chunks cannot be fetched.
import { NetworkErrorPage } from '../features/errors/NetworkErrorPage';
import { ExternalRedirectPage } from '../features/redirects/ExternalRedirectPage';
import { LoadingScreen } from '../ui/layout/LoadingScreen';
import type { RouteMeta } from './routeMeta';
import { Shell } from './Shell';
import { lazyChunk } from '../ui/lazyChunk';

const meta = (m: RouteMeta): RouteMeta => m;

// Home and page-not-found use only the bundled start translations (src/app/localeResources.ts).
const HomePage = lazyChunk(() => import('../features/home/HomePage').then((m) => m.HomePage), {
  alone: true,
});
const PageNotFoundPage = lazyChunk(
  () => import('../features/errors/PageNotFoundPage').then((m) => m.PageNotFoundPage),
  { alone: true },
);

/**
 * The page outlet inside the Shell (and its route guard): while a lazily loaded page's chunk arrives
 * (issue 7) it shows the loading screen; the Shell, its title and the guard work meanwhile, since
 * every route's `handle` is on the route object itself.
 */
function PageOutlet() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen label={t('Common.Loading')} />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * The route table (spec application-behaviour §2). Each later issue adds its own routes here with
 * their metadata; any path no route claims shows page-not-found. Pages load lazily (issue 7): each
 * feature's route table imports its pages with `lazyChunk` (React.lazy with the chunk time-out), and the pathless `PageOutlet` route
 * shows the loading screen meanwhile; `path` and `handle` stay on each route object.
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        element: <PageOutlet />,
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
          ...monitorRoutes,
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
    ],
  },
];
