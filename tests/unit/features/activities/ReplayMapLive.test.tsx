// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { wearerTelemetryReceived } from '../../../../src/store/realtime/realtimeSlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import { formatterFor } from '../../../../src/ui/format';
import { testDependencies } from '../../store/testDependencies';
import type { MapViewProps } from '../../../../src/ui/map/MapView';
import { LIVE_TAIL_MAX_POINTS } from '../../../../src/ui/map/liveTrack';
import { equatorActivity, loadDetail, TRACK_START } from './activityTrack';

/** Every set of props the map was rendered with, newest last. */
const mapProps: MapViewProps[] = [];
vi.mock('../../../../src/ui/map/MapView', () => ({
  MapView: (props: MapViewProps) => {
    mapProps.push(props);
    return <div role="img" aria-label={props.label} />;
  },
}));

const { default: ReplayMap } =
  await import('../../../../src/features/activities/components/ReplayMap');

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

/** Activity 7 (51 fixes, 10 s apart) on its map; `fix(n)` adds the wearer's nth next fix live. */
function renderLiveActivity() {
  const store = createAppStore({ dependencies: testDependencies() });
  loadDetail(store, equatorActivity(7, 51));
  render(
    <Provider store={store}>
      <ReplayMap activityId={7} alerts={[]} format={formatterFor(DEFAULT_UNITS, 'en')} />
    </Provider>,
  );
  const fix = async (n: number) => {
    await act(async () => {
      store.dispatch(
        wearerTelemetryReceived({
          receivedAt: TRACK_START + (50 + n) * 10_000,
          updates: [
            {
              WearerID: 1000,
              ActivityId: 7,
              Points: [
                {
                  Time: TRACK_START + (50 + n) * 10_000,
                  X: (50 + n) * 0.00045,
                  Y: 0,
                  Hacc: 5,
                  Alt: 200,
                  Speed: 5,
                },
              ],
              Battery: 80,
              Status: 'ACTIVE',
              Heading: 90,
            },
          ],
        }),
      );
      // The store's subscribers hear it in a microtask (auto-batched).
      await Promise.resolve();
    });
  };
  return { fix, latest: () => mapProps.at(-1) };
}

describe('a live activity’s map (docs/activities.md "A live activity\'s map")', () => {
  it('draws new fixes over the map, not in WebGL, until the track settles', async () => {
    mapProps.length = 0;
    const { fix, latest } = renderLiveActivity();
    const loaded = latest();
    // A loaded track is all WebGL, its end marked there; nothing over the map.
    expect(loaded?.live ?? null).toBeNull();

    await fix(1);
    const first = latest();
    // The fix is the overlay's: the tail's two points (the last drawn and the new) and the end.
    expect(first?.live?.tail.positions).toHaveLength(4);
    expect(first?.live?.position.lon).toBeCloseTo(51 * 0.00045, 9);
    expect(first?.live?.position.headingDeg).toBeNull();
    // deck.gl's layers lost the end marker (the overlay marks the end now) and nothing else.
    const settledLayers = first?.layers;
    await fix(2);
    await fix(3);
    expect(latest()?.layers).toBe(settledLayers);
    expect(latest()?.live?.tail.positions).toHaveLength(8);

    // The track settles after LIVE_TAIL_MAX_POINTS new points: the WebGL layers take them all in.
    for (let n = 4; n <= LIVE_TAIL_MAX_POINTS; n += 1) await fix(n);
    expect(latest()?.layers).not.toBe(settledLayers);
  });

  it('replays the whole track in WebGL, with nothing over the map', async () => {
    mapProps.length = 0;
    const { fix, latest } = renderLiveActivity();
    await fix(1);
    expect(latest()?.live).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(latest()?.live ?? null).toBeNull();
  });
});
