import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchRuntimeConfig } from '../api/client/runtimeConfigClient';
import { createStorage } from '../streams/storage';
import { THEME_STORAGE_KEY, parseThemePreference } from '../store/slices/preferencesSlice';
import { createAppStore } from '../store/store';
import '../ui/theme/theme.css';
import { App } from './App';
import { initI18n } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const storage = createStorage();
await initI18n(storage, navigator.language);
const store = createAppStore({
  dependencies: { loadRuntimeConfig: () => fetchRuntimeConfig(), storage },
  preloadedState: { preferences: { theme: parseThemePreference(storage.get(THEME_STORAGE_KEY)) } },
});

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
