import { describe, expect, it } from 'vitest';
import { createStorage } from '../../../src/streams/storage';
import {
  THEME_STORAGE_KEY,
  parseThemePreference,
  selectThemePreference,
  themePreferenceChanged,
} from '../../../src/store/slices/preferencesSlice';
import { createAppStore } from '../../../src/store/store';
import { testDependencies } from './testDependencies';

/** An in-memory Storage stand-in. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => {
      data.clear();
    },
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe('preferences', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    [null, 'system'],
    ['purple', 'system'],
  ] as const)('parseThemePreference(%s) = %s', (stored, expected) => {
    expect(parseThemePreference(stored)).toBe(expected);
  });

  it('preferences -> themePreferenceChanged stores the choice', () => {
    const backend = memoryStorage();
    const store = createAppStore({
      dependencies: testDependencies({ storage: createStorage(backend) }),
    });
    store.dispatch(themePreferenceChanged('dark'));
    expect(selectThemePreference(store.getState())).toBe('dark');
    expect(backend.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('storage survives a backend that throws', () => {
    const broken = memoryStorage();
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    const storage = createStorage(broken);
    expect(() => {
      storage.set('k', 'v');
    }).not.toThrow();
    expect(storage.get('k')).toBeNull();
  });
});
