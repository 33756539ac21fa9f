import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import {
  runtimeConfigRequested,
  selectRuntimeConfigStatus,
} from '../store/slices/runtimeConfigSlice';
import type { AppStore } from '../store/store';
import { LoadingScreen } from '../ui/layout/LoadingScreen';
import { StatusScreen } from '../ui/layout/StatusScreen';
import type { createNavigator } from './navigator';
import { RouteTableProvider } from './routeTable';
import { routes } from './routes';
import { ServerClock } from './ServerClock';

/** Attaches the router's `navigate` to the store's navigator, so epics can change routes. */
function NavigatorBridge({ navigator }: { readonly navigator: AppNavigator | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigator?.attach({ navigate });
  }, [navigator, navigate]);
  return null;
}

/** The app's route table (src/app/routes.tsx), rendered for the current location. */
function AppRoutes() {
  return useRoutes(routes);
}

function ConfiguredRouter({ navigator }: { readonly navigator: AppNavigator | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRuntimeConfigStatus);
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
  return (
    <BrowserRouter>
      <RouteTableProvider routes={routes}>
        <NavigatorBridge navigator={navigator} />
        <AppRoutes />
      </RouteTableProvider>
    </BrowserRouter>
  );
}

type AppNavigator = ReturnType<typeof createNavigator>;

/**
 * The app: the store, then the router once /config.json is loaded. `navigator` (the store's
 * dependency) is attached to the router so epics can change routes. The router is react-router's
 * declarative `BrowserRouter` (no loaders or actions are used; the data router would add ~16 KiB to
 * the login route's JS, issue 7); route metadata is read through src/app/routeTable.tsx.
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
      <ServerClock>
        <ConfiguredRouter navigator={navigator} />
      </ServerClock>
    </Provider>
  );
}
