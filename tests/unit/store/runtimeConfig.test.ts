import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../../src/api/runtimeConfig';
import {
  runtimeConfigFailed,
  runtimeConfigLoaded,
  runtimeConfigRequested,
  runtimeConfigSlice,
  selectExternalLinks,
} from '../../../src/store/slices/runtimeConfigSlice';
import { selectExternalHref } from '../../../src/store/externalRoutes';
import { createAppStore } from '../../../src/store/store';
import { testDependencies } from './testDependencies';

export const sampleConfig: RuntimeConfig = {
  identity: null,
  authApiBase: 'http://h/authapi',
  centralHost: 'http://h/central',
  mapStyle: null,
  buildTimestamp: 1,
  environment: 'local',
  links: {
    contactUs: 'https://x.example/contact',
    help: 'https://x.example/help',
    findOutMore: 'https://x.example/',
    shop: 'https://x.example/shop',
  },
};

const reduce = runtimeConfigSlice.reducer;

describe('runtimeConfig reducer', () => {
  it('runtimeConfig -> runtimeConfigRequested', () => {
    expect(reduce(undefined, runtimeConfigRequested()).status).toBe('loading');
  });
  it('runtimeConfig -> runtimeConfigLoaded', () => {
    const state = reduce(undefined, runtimeConfigLoaded(sampleConfig));
    expect(state).toEqual({ status: 'loaded', config: sampleConfig, error: null });
  });
  it('runtimeConfig -> runtimeConfigFailed', () => {
    expect(reduce(undefined, runtimeConfigFailed('offline'))).toEqual({
      status: 'failed',
      config: null,
      error: 'offline',
    });
  });
});

describe('runtime config through the store', () => {
  const store = (load: () => Promise<RuntimeConfig>) =>
    createAppStore({ dependencies: testDependencies({ loadRuntimeConfig: load }) });

  it('loads the config on request and exposes the external links', async () => {
    const s = store(() => Promise.resolve(sampleConfig));
    s.dispatch(runtimeConfigRequested());
    await Promise.resolve();
    await Promise.resolve();
    expect(s.getState().runtimeConfig.status).toBe('loaded');
    expect(selectExternalLinks(s.getState())).toEqual(sampleConfig.links);
    expect(selectExternalHref(s.getState(), '/help')).toBe('https://x.example/help');
    expect(selectExternalHref(s.getState(), '/nope')).toBeNull();
  });

  it('records the failure message when loading fails', async () => {
    const s = store(() => Promise.reject(new Error('config.json: network error')));
    s.dispatch(runtimeConfigRequested());
    await new Promise((r) => setTimeout(r, 0));
    expect(s.getState().runtimeConfig).toEqual({
      status: 'failed',
      config: null,
      error: 'config.json: network error',
    });
  });
});
