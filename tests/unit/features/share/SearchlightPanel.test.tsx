// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { advance, withFakeClockAt } from './clockTestKit';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import { SearchlightPanel } from '../../../../src/features/share/components/SearchlightPanel';
import {
  searchlightHeadingReceived,
  searchlightPositionReceived,
  searchlightRequestChanged,
} from '../../../../src/store/searchlight/searchlightSlice';
import { createAppStore } from '../../../../src/store/store';
import { SEARCHLIGHT_HEADING_STALE_MS } from '../../../../src/store/timing';
import { formatterFor } from '../../../../src/ui/format/formatter';
import { testDependencies } from '../../store/testDependencies';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const format = formatterFor(DEFAULT_UNITS, 'en-GB');
/** Oslo's central station, the viewer; the wearer in Drøbak, about 28 km south-south-west. */
const VIEWER = { lat: 59.91076, lon: 10.75275 };
const WEARER = { lat: 59.66328, lon: 10.62914 };
const STALE_TEXT = 'The direction may be out of date';

function renderPanel() {
  const store = createAppStore({ dependencies: testDependencies() });
  const commits = vi.fn();
  render(
    <Provider store={store}>
      <Profiler id="searchlight" onRender={commits}>
        <SearchlightPanel target={WEARER} format={format} text={(m) => `${m.value} ${m.unit}`} />
      </Profiler>
    </Provider>,
  );
  return { store, commits };
}

describe('SearchlightPanel (issue 8 item 5): the heading ages on screen', () => {
  withFakeClockAt(T0);

  it('says the direction may be out of date once the heading is over 10 s old', () => {
    const { store } = renderPanel();
    act(() => {
      store.dispatch(searchlightRequestChanged(true));
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
});
