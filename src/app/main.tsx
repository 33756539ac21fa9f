// First: zod's English issue messages, before any module parses (src/api/zodLocale.ts).
import '../api/zodLocale';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { animationFrameScheduler, defer, map, switchMap, type Observable } from 'rxjs';
import { createLazyIdentityClient } from '../api/client/lazyIdentityClient';
import { fetchRuntimeConfig } from '../api/client/runtimeConfigClient';
import { reportingFetch } from '../store/network/apiFailures';
import { apiRequestFailed } from '../store/network/networkSlice';
import { online$ } from '../streams/online';
import { createStorage } from '../streams/storage';
import { chunkLoadFailed } from '../store/app/appActions';
import { CHUNK_LOAD_TIMEOUT_MS } from '../store/timing';
import { loadChunk, setChunkLoadPolicy } from '../ui/lazyChunk';
import { userActivity$ } from '../streams/userActivity';
import { THEME_STORAGE_KEY, parseThemePreference } from '../store/slices/preferencesSlice';
import { createAppStore } from '../store/store';
import { parseUnitOverrides, UNITS_STORAGE_KEY } from '../store/units/unitOverrides';
import '../ui/theme/theme.css';
import { App } from './App';
import { initI18n, loadAllTranslations } from './i18n';
import { createNavigator } from './navigator';

/**
 * The stream `open` makes of a module loaded at the first subscription, under the chunk load policy
 * (a failed or timed-out load is the app-restart notice, as for a lazy screen).
 */
function fromChunk<M, T>(
  load: () => Promise<M>,
  open: (module: M) => Observable<T>,
): Observable<T> {
  return defer(() => loadChunk(load)).pipe(switchMap(open));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const storage = createStorage();
// English's start sections are bundled; the rest loads with the first page that needs it (below).
// Not a top-level await: a chunk loaded meanwhile (another language's words) imports from this
// module's chunk, and would wait for this module's evaluation, which would wait for it: a deadlock.
const translationsReady = initI18n(storage, navigator.language, { sections: 'start' });
const appNavigator = createNavigator();
const store = createAppStore({
  dependencies: {
    loadRuntimeConfig: () => fetchRuntimeConfig(),
    storage,
    // amazon-cognito-identity-js loads on the first identity call that needs it (a sign-in, or a
    // session stored in this browser): the login route's initial JS does not carry it (issue 7).
    createIdentityClient: (config) =>
      createLazyIdentityClient(config, () =>
        loadChunk(() => import('../api/client/identityClient')),
      ),
    // A request that got no answer marks the network-error state (spec §8; src/store/network).
    fetch: reportingFetch(
      (input, init) => fetch(input, init),
      (failure) => {
        store.dispatch(apiRequestFailed(failure));
      },
    ),
    navigator: appNavigator,
    currentLanguage: () => i18next.resolvedLanguage ?? 'en',
    translate: (key, params) => i18next.t(key, params ?? {}),
    now: () => Date.now(),
    userActivity$: userActivity$(),
    // socket.io-client loads with the first socket (a member signed in, a share open): the login
    // route's JS does not carry it (issue 7 "initial JS for the login route"). A failed load is a
    // chunk load error (the app-restart notice), as for a lazy screen.
    openSocket: (options) =>
      fromChunk(
        () => import('../streams/socket'),
        ({ socket$ }) => socket$(options),
      ),
    frameScheduler: animationFrameScheduler,
    reloadPage: () => {
      location.reload();
    },
    loadBuildTimestamp: () =>
      defer(() => fetchRuntimeConfig()).pipe(map((config) => config.buildTimestamp)),
    online$: online$(),
    // The searchlight's sensors load with its first use, not with the login route (issue 7).
    watchPosition: () =>
      fromChunk(
        () => import('../streams/geolocation'),
        ({ geolocation$ }) => geolocation$(),
      ),
    compassHeading: () =>
      fromChunk(
        () => import('../streams/compass'),
        ({ compass$ }) => compass$(),
      ),
  },
  preloadedState: {
    preferences: { theme: parseThemePreference(storage.get(THEME_STORAGE_KEY)) },
    unitPreference: { overrides: parseUnitOverrides(storage.get(UNITS_STORAGE_KEY)) },
  },
});

// A chunk that fails to load (a replaced build) or takes over 120 s restarts the app (spec §8, §9):
// the page's own import (lazyChunk) and the chunks Vite preloads for it alike. Every page but the
// few marked `alone` (login, home, page-not-found) also waits for the rest of the translations.
setChunkLoadPolicy({
  timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
  alongside: () => loadAllTranslations(),
  onError: (error) => store.dispatch(chunkLoadFailed({ message: error.message })),
});
window.addEventListener('vite:preloadError', (event) => {
  store.dispatch(
    chunkLoadFailed({
      message: event.payload instanceof Error ? event.payload.message : String(event.payload),
    }),
  );
});

void translationsReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App store={store} navigator={appNavigator} />
    </StrictMode>,
  );
});
