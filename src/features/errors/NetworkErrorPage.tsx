import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusScreen } from '../../ui/layout/StatusScreen';

/**
 * /error/network-error (spec application-behaviour §2; policy §8 "Network error with automatic retry
 * countdown and a retry-now action"). Retry now goes back to where the user was, or home. Showing it
 * automatically when the network is down and the socket disconnected, and the countdown, belong to the
 * store's network epic (store issue).
 */
export function NetworkErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const retry = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return (
    <StatusScreen
      role="alert"
      title={t('Errors.NetworkError.Title')}
      message={t('Errors.NetworkError.Message')}
      actions={
        <button type="button" className="ll-button ll-button-primary" onClick={retry}>
          {t('Errors.NetworkError.RetryNow')}
        </button>
      }
    />
  );
}
