import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import {
  selectMemberClient,
  selectMemberClientStatus,
  selectTermsEffectiveAt,
} from '../store/client/clientSlice';
import {
  contactsRequested,
  selectContactsComplete,
  selectContactsStatus,
} from '../store/entities/contactsSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { loginGate } from '../store/session/loginGate';
import {
  memberRetryRequested,
  selectIdentity,
  selectMember,
  selectMemberError,
  selectSessionStatus,
} from '../store/session/sessionSlice';
import { LoadingScreen } from '../ui/layout/LoadingScreen';
import { StatusScreen } from '../ui/layout/StatusScreen';
import { useRouteMetas } from './routeTable';

/**
 * Route gating (spec §4). Member-area routes (`gated`) pass the login gate in the spec's order
 * (src/store/session/loginGate.ts), waiting while the session, member and client load; routes that
 * need a verified phone send a signed-out user to login and an unverified one to verify-phone-number;
 * routes that only need authentication send a signed-out user to login. Step 5 waits for the
 * contacts; a failed contacts load offers a retry. The requested route is
 * remembered in `?returnTo=`.
 */
export function RouteGuard({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const status = useAppSelector(selectSessionStatus);
  const identity = useAppSelector(selectIdentity);
  const member = useAppSelector(selectMember);
  const memberError = useAppSelector(selectMemberError);
  const clientStatus = useAppSelector(selectMemberClientStatus);
  const client = useAppSelector(selectMemberClient);
  const termsEffectiveAt = useAppSelector(selectTermsEffectiveAt);
  const contactsComplete = useAppSelector(selectContactsComplete);
  const contactsStatus = useAppSelector(selectContactsStatus);
  const metas = useRouteMetas();
  const gated = metas.some((m) => m.gated === true);
  const needsPhone = metas.some((m) => m.requiresVerifiedPhone === true);
  const needsAuth = gated || needsPhone || metas.some((m) => m.requiresAuth === true);
  if (!needsAuth) return children;

  const returnTo = `${location.pathname}${location.search}`;
  const restoring = status === 'unknown' || status === 'signingIn';
  if (restoring) return <LoadingScreen label={t('Common.Loading')} />;
  if (!identity)
    return <Navigate to={`/auth/login?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  if (needsPhone && !identity.phoneNumberVerified) {
    return (
      <Navigate to={`/auth/verify-phone-number?returnTo=${encodeURIComponent(returnTo)}`} replace />
    );
  }
  if (!gated) return children;

  const contactsFailed = contactsComplete === null && contactsStatus === 'failed';
  // A failed reload of a member already loaded (after each identity refresh, about hourly) leaves
  // the page mounted, what the member typed with it; the failure's notice says it (spec §8). Only
  // a member never loaded blocks the page.
  const memberFailed = memberError !== null && !member;
  if (memberFailed || contactsFailed) {
    return (
      <StatusScreen
        role="alert"
        title={t(memberFailed ? 'Errors.MemberLoadFailed' : 'Errors.ContactsLoadFailed')}
        actions={
          <>
            <button
              type="button"
              className="ll-button ll-button-primary"
              onClick={() => dispatch(memberFailed ? memberRetryRequested() : contactsRequested())}
            >
              {t('Errors.NetworkError.RetryNow')}
            </button>
            <Link to="/auth/logout">{t('Menu.Logout')}</Link>
          </>
        }
      />
    );
  }
  // Only the first client load is waited for: a reload (after every member load, e.g. once an e-mail
  // change refreshed the session) keeps the page mounted, its state and messages with it.
  if (!member || clientStatus === 'idle' || (clientStatus === 'loading' && !client)) {
    return <LoadingScreen label={t('Common.Loading')} />;
  }
  const redirect = loginGate({ identity, member, termsEffectiveAt, contactsComplete }, returnTo);
  if (redirect) return <Navigate to={redirect.path} replace />;
  // Every earlier step passed; wait for the contacts before letting the member in (step 5).
  if (contactsComplete === null) return <LoadingScreen label={t('Common.Loading')} />;
  return children;
}
