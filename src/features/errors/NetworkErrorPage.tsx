import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '../../store/hooks';
import {
  networkErrorPageOpened,
  networkRetryRequested,
  selectNetworkRetryAt,
  type NetworkSliceState,
} from '../../store/network/networkSlice';
import { StatusScreen } from '../../ui/layout/StatusScreen';

/** How often the countdown is redrawn, ms. */
const TICK_MS = 1_000;

/**
 * Whole seconds from now until `at` (epoch ms), rounded up and at least 0, redrawn every second;
 * null when `at` is null.
 */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return undefined;
    const tick = () => {
      setNow(Date.now());
    };
    tick();
    const id = setInterval(tick, TICK_MS);
    return () => {
      clearInterval(id);
    };
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1_000));
}

/**
 * /error/network-error (spec application-behaviour §2; policy §8 "Network error with automatic retry
 * countdown and a retry-now action"). Opening it puts the store's network state in `error`
 * (`networkErrorPageOpened`), so the countdown of src/store/network runs; the screen shows the
 * seconds until the next automatic retry (`Errors.NetworkError.RetryIn` with `count`), or that a
 * retry is under way, and a retry-now button (`networkRetryRequested`). When a retry finds the
 * network back, the store's epic takes the user back where they were, or home.
 */
export function NetworkErrorPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const retryAt = useSelector((state: NetworkSliceState) => selectNetworkRetryAt(state));
  const seconds = useSecondsUntil(retryAt);
  useEffect(() => {
    dispatch(networkErrorPageOpened());
  }, [dispatch]);
  const retry = () => {
    dispatch(networkRetryRequested());
  };
  return (
    <StatusScreen
      role="alert"
      title={t('Errors.NetworkError.Title')}
      message={t('Errors.NetworkError.Message')}
      actions={
        <>
          {/* role timer: not announced each second inside the alert. */}
          <p role="timer" aria-live="off" className="ll-muted">
            {seconds === null || seconds === 0
              ? t('Errors.NetworkError.Retrying')
              : t('Errors.NetworkError.RetryIn', { count: seconds })}
          </p>
          <button type="button" className="ll-button ll-button-primary" onClick={retry}>
            {t('Errors.NetworkError.RetryNow')}
          </button>
        </>
      }
    />
  );
}
