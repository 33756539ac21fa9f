// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A live `(prefers-color-scheme: dark)` list whose answer the test flips. */
function fakeDarkQuery(initially: boolean) {
  const target = new EventTarget();
  const list = Object.assign(target, { matches: initially, media: '(prefers-color-scheme: dark)' });
  return {
    list: list as unknown as MediaQueryList,
    flip(matches: boolean) {
      list.matches = matches;
      target.dispatchEvent(new Event('change'));
    },
  };
}

/** The hook from a fresh module, so its one query list is asked for under this test's stub. */
async function freshHook() {
  vi.resetModules();
  return (await import('../../../../src/ui/theme/useColorScheme')).useColorScheme;
}

describe('useColorScheme', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('follows the system scheme live and asks matchMedia once however often it renders', async () => {
    const query = fakeDarkQuery(false);
    const matchMedia = vi.fn(() => query.list);
    vi.stubGlobal('matchMedia', matchMedia);
    const useColorScheme = await freshHook();
    const { result, rerender } = renderHook(() => useColorScheme('system'));
    expect(result.current).toBe('light');
    act(() => {
      query.flip(true);
    });
    expect(result.current).toBe('dark');
    for (let i = 0; i < 5; i += 1) rerender();
    expect(result.current).toBe('dark');
    expect(matchMedia).toHaveBeenCalledTimes(1);
  });

  it('answers the member’s own choice over the system’s', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => fakeDarkQuery(true).list),
    );
    const useColorScheme = await freshHook();
    expect(renderHook(() => useColorScheme('light')).result.current).toBe('light');
    expect(renderHook(() => useColorScheme('system')).result.current).toBe('dark');
  });
});
