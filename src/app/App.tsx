import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import {
  runtimeConfigRequested,
  selectRuntimeConfigStatus,
} from '../store/slices/runtimeConfigSlice';
import type { AppStore } from '../store/store';
import { LoadingScreen } from '../ui/layout/LoadingScreen';
import { StatusScreen } from '../ui/layout/StatusScreen';
import { routes } from './routes';

function ConfiguredRouter() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRuntimeConfigStatus);
  const router = useMemo(() => createBrowserRouter(routes), []);
  useEffect(() => {
    dispatch(runtimeConfigRequested());
  }, [dispatch]);
  if (status === 'failed') {
    return (
      <StatusScreen
        role="alert"
        title={t('Errors.NetworkError.Title')}
        message={t('Errors.NetworkError.Message')}
        actions={
          <button
            type="button"
            className="ll-button ll-button-primary"
            onClick={() => dispatch(runtimeConfigRequested())}
          >
            {t('Errors.NetworkError.RetryNow')}
          </button>
        }
      />
    );
  }
  if (status !== 'loaded') return <LoadingScreen label={t('Common.Loading')} />;
  return <RouterProvider router={router} />;
}

/** The app: the store, then the router once /config.json is loaded. */
export function App({ store }: { readonly store: AppStore }) {
  return (
    <Provider store={store}>
      <ConfiguredRouter />
    </Provider>
  );
}
