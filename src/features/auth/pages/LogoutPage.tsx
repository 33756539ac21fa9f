import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { logoutRequested } from '../../../store/session/sessionSlice';
import { StatusScreen } from '../../../ui/layout/StatusScreen';

/** /auth/logout (spec §2): ends the session; the logout epic clears everything and goes home. */
export function LogoutPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(logoutRequested({ reason: 'user' }));
  }, [dispatch]);
  return <StatusScreen title={t('Auth.Logout.Busy')} />;
}
