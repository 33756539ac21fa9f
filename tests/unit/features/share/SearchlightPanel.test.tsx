// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { advance, withFakeClockAt } from './clockTestKit';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import { SearchlightPanel } from '../../../../src/features/share/components/SearchlightPanel';
import {
  searchlightCompassFailed,
  searchlightHeadingReceived,
  searchlightPositionReceived,
  searchlightRequestChanged,
  selectSearchlight,
} from '../../../../src/store/searchlight/searchlightSlice';
import { createAppStore } from '../../../../src/store/store';
import { SEARCHLIGHT_HEADING_STALE_MS } from '../../../../src/store/timing';
import type { LatLon } from '../../../../src/api/geo/haversine';
import type { Measure } from '../../../../src/ui/format';
import { formatterFor } from '../../../../src/ui/format/formatter';
import { testDependencies } from '../../store/testDependencies';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const format = formatterFor(DEFAULT_UNITS, 'en-GB');
/** Oslo's central station, the viewer; the wearer in Drøbak, about 28 km south-south-west. */
const VIEWER = { lat: 59.91076, lon: 10.75275 };
const WEARER = { lat: 59.66328, lon: 10.62914 };
const STALE_TEXT = 'The direction may be out of date';

const text = (m: Measure) => `${m.value} ${m.unit}`;

function renderPanel() {
  const store = createAppStore({ dependencies: testDependencies() });
  const commits = vi.fn();
  const view = (target: LatLon) => (
    <Provider store={store}>
      <Profiler id="searchlight" onRender={commits}>
        <SearchlightPanel target={target} format={format} text={text} />
      </Profiler>
    </Provider>
  );
  const { rerender } = render(view(WEARER));
  return {
    store,
    commits,
    /** The wearer's next fix. */
    moveWearer: (target: LatLon) => {
      rerender(view(target));
    },
  };
}

describe('SearchlightPanel (issue 8 item 5)', () => {
  withFakeClockAt(T0);

  it('says the direction may be out of date once the heading is over 10 s old', () => {
    const { store } = renderPanel();
    act(() => {
      store.dispatch(searchlightRequestChanged(true));
    });
    act(() => {
      store.dispatch(searchlightPositionReceived({ ...VIEWER, accuracy: 10, time: T0 }));
      store.dispatch(searchlightHeadingReceived({ degrees: 180, source: 'compass', time: T0 }));
    });
    expect(
      screen.getByRole('img', { name: /^The wearer is .* away, south-south-west$/ }),
    ).toBeVisible();
    expect(screen.queryByText(STALE_TEXT)).toBeNull();
    advance(SEARCHLIGHT_HEADING_STALE_MS);
    expect(screen.queryByText(STALE_TEXT)).toBeNull();
    advance(1_000);
    expect(screen.getByText(STALE_TEXT)).toBeVisible();
  });

  it('does not tick while the searchlight is put away', () => {
    const { commits } = renderPanel();
    const before = commits.mock.calls.length;
    advance(60_000);
    expect(commits).toHaveBeenCalledTimes(before);
    expect(screen.getByRole('button', { name: 'Show me the way' })).toBeVisible();
  });

  it('says the compass has to be allowed, not that there is none, when the viewer refused it', async () => {
    // iOS asks for the compass from the tap; this viewer refused. Without a heading the searchlight
    // then also warns of no compass, but what helps is how to get it back.
    const prompt = vi.fn(() => Promise.resolve('denied'));
    vi.stubGlobal(
      'DeviceOrientationEvent',
      Object.assign(function Orientation() {}, { requestPermission: prompt }),
    );
    try {
      const { store } = renderPanel();
      await act(async () => {
        screen.getByRole('button', { name: 'Show me the way' }).click();
        await Promise.resolve();
      });
      expect(prompt).toHaveBeenCalledTimes(1);
      act(() => {
        store.dispatch(searchlightPositionReceived({ ...VIEWER, accuracy: 5, time: T0 }));
        store.dispatch(searchlightCompassFailed());
      });
      expect(screen.getByText('Compass access has to be allowed!')).toBeVisible();
      expect(screen.queryByText(/This device has no compass/)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says the compass is not supported where the browser has no orientation API', async () => {
    vi.stubGlobal('DeviceOrientationEvent', undefined);
    try {
      expect('ondeviceorientation' in window).toBe(false);
      const { store } = renderPanel();
      await act(async () => {
        screen.getByRole('button', { name: 'Show me the way' }).click();
        await Promise.resolve();
      });
      act(() => {
        store.dispatch(searchlightPositionReceived({ ...VIEWER, accuracy: 5, time: T0 }));
      });
      expect(screen.getByText('Compass not supported')).toBeVisible();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("puts the wearer's position in the store only while the viewer asked for the searchlight", () => {
    const { store, moveWearer } = renderPanel();
    const actions: string[] = [];
    store.subscribe(() => {
      actions.push(JSON.stringify(selectSearchlight(store.getState()).target));
    });
    moveWearer({ lat: 59.664, lon: 10.63 });
    moveWearer({ lat: 59.665, lon: 10.631 });
    expect(actions).toEqual([]);
    expect(selectSearchlight(store.getState()).target).toBeNull();
    act(() => {
      store.dispatch(searchlightRequestChanged(true));
    });
    expect(selectSearchlight(store.getState()).target).toEqual({ lat: 59.665, lon: 10.631 });
    moveWearer({ lat: 59.666, lon: 10.632 });
    expect(selectSearchlight(store.getState()).target).toEqual({ lat: 59.666, lon: 10.632 });
  });
});
