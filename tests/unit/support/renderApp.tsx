import { render } from '@testing-library/react';
import { fetchRuntimeConfig } from '../../../src/api/client/runtimeConfigClient';
import { App } from '../../../src/app/App';
import { createAppStore } from '../../../src/store/store';
import { testDependencies } from '../store/testDependencies';

/**
 * Renders the whole app (its router, Shell and route table) at `path` with a new store that loads
 * /config.json from `http://localhost/config.json` through `fetch` (answer it with msw). Needs a
 * jsdom environment.
 */
export function renderAppAt(path: string) {
  window.history.pushState({}, '', path);
  const store = createAppStore({
    dependencies: testDependencies({
      loadRuntimeConfig: () => fetchRuntimeConfig(fetch, 'http://localhost/config.json'),
      fetch: (input, init) => fetch(input, init),
    }),
  });
  return render(<App store={store} />);
}
