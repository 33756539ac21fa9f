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
import type { createNavigator } from './navigator';
import { routes } from './routes';

function ConfiguredRouter({ navigator }: { readonly navigator: AppNavigator | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRuntimeConfigStatus);
  const router = useMemo(() => createBrowserRouter(routes), []);
  useEffect(() => {
    navigator?.attach(router);
  }, [navigator, router]);
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

type AppNavigator = ReturnType<typeof createNavigator>;

/**
 * The app: the store, then the router once /config.json is loaded. `navigator` (the store's
 * dependency) is attached to the router so epics can change routes.
 */
export function App({
  store,
  navigator,
}: {
  readonly store: AppStore;
  readonly navigator?: AppNavigator;
}) {
  return (
    <Provider store={store}>
      <ConfiguredRouter navigator={navigator} />
    </Provider>
  );
}
