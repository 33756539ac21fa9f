import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useMatches } from 'react-router';
import { useAppSelector } from '../store/hooks';
import { selectIsAuthenticated, selectSessionStatus } from '../store/session/sessionSlice';
import { LoadingScreen } from '../ui/layout/LoadingScreen';
import { routeMetaOf } from './routeMeta';

/**
 * Login gating step 1 (spec §4): a route whose metadata requires authentication sends a signed-out
 * user to the login screen, remembering the requested route (`?returnTo=`), and waits while a stored
 * session is being restored. The later steps (e-mail, phone, terms, contacts) come with registration.
 */
export function RouteGuard({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const status = useAppSelector(selectSessionStatus);
  const authenticated = useAppSelector(selectIsAuthenticated);
  const requiresAuth = matches.some((m) => routeMetaOf(m.handle).requiresAuth === true);
  if (!requiresAuth || authenticated) return children;
  if (status === 'unknown' || status === 'signingIn')
    return <LoadingScreen label={t('Common.Loading')} />;
  const returnTo = `${location.pathname}${location.search}`;
  return <Navigate to={`/auth/login?returnTo=${encodeURIComponent(returnTo)}`} replace />;
}
