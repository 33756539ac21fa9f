import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../../../ui/layout/StatusScreen';
import { ButtonLink } from '../../../ui/layout/ButtonLink';

/**
 * /share-not-found and /share-not-found/{code} (spec app §2): one screen for every link that shows
 * nothing — unknown, expired, revoked or tampered (no oracle) — with the offer to log in for members.
 */
export function ShareNotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      role="alert"
      title={t('Share.NotFound.Title')}
      message={t('Share.NotFound.Message')}
      actions={<ButtonLink to="/auth/login">{t('Share.NotFound.Login')}</ButtonLink>}
    />
  );
}
