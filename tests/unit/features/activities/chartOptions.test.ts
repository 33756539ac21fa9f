import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import {
  CHART_PALETTES,
  timeChartOptions,
  type TimeChartSpec,
} from '../../../../src/features/activities/data/chartOptions';

const spec: TimeChartSpec = {
  width: 640,
  label: 'Speed',
  timeLabel: 'Zeit',
  unitLabel: 'km/h',
  formatTick: (v) => v.toFixed(1),
  formatValue: (v) => `${v.toFixed(1)} km/h`,
  formatTimeTick: (ms) => `t${ms}`,
  formatCursorTime: (ms) => `at ${ms}`,
  noValue: '–',
  syncKey: 'activity-7',
  palette: CHART_PALETTES.dark,
  stroke: CHART_PALETTES.dark.speed,
};

// The formatters only read their value arguments, never the chart.
const chart = undefined as unknown as uPlot;

describe('timeChartOptions (issue 7 item 3: Data tab charts)', () => {
  const options = timeChartOptions(spec);

  it('plots epoch ms on a time scale, does not zoom on drag and syncs hover cursors', () => {
    expect(options).toMatchObject({
      width: 640,
      ms: 1,
      scales: { x: { time: true } },
      cursor: { drag: { x: false, y: false }, sync: { key: 'activity-7' } },
    });
    expect(options.series[0]).toMatchObject({ label: 'Zeit' });
    expect(options.series[1]).toMatchObject({ label: 'Speed', stroke: CHART_PALETTES.dark.speed });
    expect(options.axes?.[1]).toMatchObject({ label: 'km/h', stroke: CHART_PALETTES.dark.text });
  });

  it('labels the axes and the legend with the caller’s formatters', () => {
    const [timeAxis, valueAxis] = options.axes ?? [];
    const ticks = (axis: uPlot.Axis | undefined, values: number[]) =>
      typeof axis?.values === 'function' ? axis.values(chart, values, 0, 0, 0) : null;
    expect(ticks(timeAxis, [1000, 2000])).toEqual(['t1000', 't2000']);
    expect(ticks(valueAxis, [0, 2.5])).toEqual(['0.0', '2.5']);
    const legend = (series: uPlot.Series | undefined, value: number | null) =>
      typeof series?.value === 'function' ? series.value(chart, value as number, 1, 0) : null;
    expect(legend(options.series[0], 5000)).toBe('at 5000');
    expect(legend(options.series[1], 12.34)).toBe('12.3 km/h');
    // uPlot hands null where the cursor is on no reading.
    expect(legend(options.series[1], null)).toBe('–');
    expect(legend(options.series[0], null)).toBe('–');
  });
});
