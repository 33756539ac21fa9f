// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UNITS, type Units } from '../../../../src/api/entities/client';
import { initI18n } from '../../../../src/app/i18n';
import ActivityDataCharts from '../../../../src/features/activities/components/ActivityDataCharts';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { formatterFor } from '../../../../src/ui/format';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies } from '../../store/testDependencies';
import { equatorActivity, loadDetail, TRACK_START } from './activityTrack';
import FakeUPlot from './fakeUPlot';

vi.mock('uplot', () => import('./fakeUPlot'));

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

beforeEach(() => {
  FakeUPlot.plots.length = 0;
});

/**
 * The Data tab of activity 7 (2.5 km in 500 s at 5 m/s, climbing 2 m per fix from 100 m), its fixes
 * with `heartRate(i)` bpm when given.
 */
function renderData(
  replayTimeMs: number | null,
  units: Units = DEFAULT_UNITS,
  heartRate?: (i: number) => number | null,
) {
  let moveReplay: (timeMs: number) => void = () => undefined;
  const store = createAppStore({ dependencies: testDependencies() });
  loadDetail(store, equatorActivity(7, 51, null, heartRate));
  const onSeek = vi.fn<(timeMs: number) => void>();
  // Stable, as the page's useFormatter is.
  const format = formatterFor(units, 'en');
  const element = (time: number | null) => (
    <ActivityDataCharts
      activityId={7}
      units={units}
      format={format}
      replayTimeMs={time}
      onSeek={onSeek}
    />
  );
  // The page's replay time, which the Map tab moves.
  function WithReplay() {
    const [time, setTime] = useState(replayTimeMs);
    moveReplay = (timeMs) => {
      setTime(timeMs);
    };
    return element(time);
  }
  renderRoutesAt(
    store,
    [{ path: '/member/activity/7', element: <WithReplay /> }],
    '/member/activity/7',
  );
  return {
    onSeek,
    moveReplay: (timeMs: number) => {
      act(() => {
        moveReplay(timeMs);
      });
    },
  };
}

/** The `i`th chart built: 0 speed, 1 altitude, 2 heart rate. */
function plotAt(i: number): FakeUPlot {
  const plot = FakeUPlot.plots[i];
  if (!plot) throw new Error(`no chart ${String(i)}`);
  return plot;
}
const speedPlot = () => plotAt(0);
const altitudePlot = () => plotAt(1);
const heartRatePlot = () => plotAt(2);

const marker = (plot: FakeUPlot) => plot.over.querySelector<HTMLElement>('.ll-chart-replay');

describe('the Data tab (issue 7 item 3: charts over time synced with the replay)', () => {
  it('charts speed and altitude over time in the member’s units, and says heart rate is missing', () => {
    renderData(null, { ...DEFAULT_UNITS, Speed: 'mph', Height: 'in' });
    expect(screen.getByRole('figure', { name: 'Speed over time' })).toBeVisible();
    expect(screen.getByRole('figure', { name: 'Altitude over time' })).toBeVisible();
    const [times, speeds] = speedPlot().data;
    expect(times.length).toBe(51);
    expect(times[0]).toBe(TRACK_START);
    // 5 m/s is 11.18 mph.
    expect([...(speeds ?? [])].every((v) => Math.abs((v ?? 0) - 11.1847) < 1e-3)).toBe(true);
    // 100 m to 200 m is 328 ft to 656 ft.
    const altitudes = altitudePlot().data[1] ?? [];
    expect(Math.round(altitudes[0] ?? 0)).toBe(328);
    expect(Math.round(altitudes[altitudes.length - 1] ?? 0)).toBe(656);
    expect(speedPlot().opts.axes?.[1]?.label).toBe('mph');
    expect(altitudePlot().opts.axes?.[1]?.label).toBe('ft');
    expect(
      screen.getByText("No heart rate was recorded with this activity's positions."),
    ).toBeVisible();
  });

  it('charts the heart rate in bpm when the activity has some, synced with the replay like the others', () => {
    // 120 bpm rising by 1 a fix; fixes 10–19 recorded none.
    const { moveReplay } = renderData(TRACK_START + 120_000, DEFAULT_UNITS, (i) =>
      i >= 10 && i < 20 ? null : 120 + i,
    );
    expect(screen.getByRole('figure', { name: 'Heart rate over time' })).toBeVisible();
    expect(screen.queryByText("No heart rate was recorded with this activity's positions.")).toBe(
      null,
    );
    const [times, bpm] = heartRatePlot().data;
    expect(times.length).toBe(41);
    expect(times[10]).toBe(TRACK_START + 200_000);
    expect([...(bpm ?? [])].slice(8, 12)).toEqual([128, 129, 140, 141]);
    expect(heartRatePlot().opts.axes?.[1]?.label).toBe('bpm');
    expect(heartRatePlot().opts.series[1]?.label).toBe('Heart rate');
    expect(heartRatePlot().opts.cursor?.sync?.key).toBe(speedPlot().opts.cursor?.sync?.key);
    expect(marker(heartRatePlot())?.style.left).toBe('120px');
    moveReplay(TRACK_START + 300_000);
    expect(marker(heartRatePlot())?.style.left).toBe('300px');
  });

  it('marks the replay’s time on every chart and follows it', () => {
    const { moveReplay } = renderData(TRACK_START + 120_000);
    for (const plot of FakeUPlot.plots) {
      expect(marker(plot)?.hidden).toBe(false);
      expect(marker(plot)?.style.left).toBe('120px');
    }
    moveReplay(TRACK_START + 300_000);
    expect(FakeUPlot.plots).toHaveLength(2);
    expect(marker(speedPlot())?.style.left).toBe('300px');
    expect(screen.getByRole('slider', { name: 'Replay time' })).toHaveValue('300');
  });

  it('draws every chart over the track’s span, so the markers line up where a chart has no readings', () => {
    // Heart rate from fix 5 to fix 39 only (50 s to 390 s); speed covers the whole 500 s.
    const { moveReplay } = renderData(TRACK_START + 20_000, DEFAULT_UNITS, (i) =>
      i >= 5 && i < 40 ? 120 : null,
    );
    expect(heartRatePlot().scales.x).toEqual(speedPlot().scales.x);
    expect(marker(speedPlot())?.style.left).toBe('20px');
    expect(marker(heartRatePlot())?.hidden).toBe(false);
    expect(marker(heartRatePlot())?.style.left).toBe('20px');
    moveReplay(TRACK_START + 500_000);
    expect(marker(speedPlot())?.style.left).toBe('500px');
    expect(marker(heartRatePlot())?.style.left).toBe('500px');
  });

  it('shows no marker before the replay has a time', () => {
    renderData(null);
    expect(marker(speedPlot())?.hidden).toBe(true);
  });

  it('seeks the replay where the chart is clicked, and with the time slider', () => {
    const { onSeek } = renderData(null);
    speedPlot().cursor.left = 250;
    fireEvent.click(speedPlot().over);
    expect(onSeek).toHaveBeenLastCalledWith(TRACK_START + 250_000);
    // Off the plot (uPlot parks the cursor at -10): nothing to seek.
    altitudePlot().cursor.left = -10;
    fireEvent.click(altitudePlot().over);
    expect(onSeek).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByRole('slider', { name: 'Replay time' }), {
      target: { value: '42' },
    });
    expect(onSeek).toHaveBeenLastCalledWith(TRACK_START + 42_000);
  });
});
