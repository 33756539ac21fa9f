import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchRuntimeConfig } from '../api/client/runtimeConfigClient';
import { createAppStore } from '../store/store';
import '../ui/theme/theme.css';
import { App } from './App';
import { initI18n } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

await initI18n();
const store = createAppStore({ dependencies: { loadRuntimeConfig: () => fetchRuntimeConfig() } });

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
