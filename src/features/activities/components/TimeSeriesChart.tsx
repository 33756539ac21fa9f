import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_HEIGHT_PX, timeChartOptions, type TimeChartSpec } from '../data/chartOptions';
import type { ChartSeries } from '../data/chartSeries';
import './activityData.css';

/** Width a chart takes before its container has been laid out (and in a DOM without layout), px. */
const FALLBACK_WIDTH_PX = 640;

/**
 * Moves the replay marker to `timeMs` on the chart's time scale; hidden without a time, and when the
 * time is outside the scale (a chart spans its own readings: an altitude series that ends before the
 * track would otherwise get its marker drawn past the plot's edge).
 */
function placeMarker(chart: uPlot, marker: HTMLElement, timeMs: number | null): void {
  const { min, max } = chart.scales.x ?? {};
  const inRange =
    timeMs !== null &&
    typeof min === 'number' &&
    typeof max === 'number' &&
    timeMs >= min &&
    timeMs <= max;
  const left = inRange ? chart.valToPos(timeMs, 'x') : Number.NaN;
  marker.hidden = !Number.isFinite(left);
  if (!marker.hidden) marker.style.left = `${String(left)}px`;
}

/**
 * One uPlot time chart of the Data tab (issue 7 item 3), in the lazily loaded data chunk: `series`
 * (epoch ms → value in the member's unit) drawn as `spec` says over the time axis `timeRange`
 * ([first, last] epoch ms: the track's span, the same for every chart of the tab, so their times line
 * up even where a quantity has no readings), a marker at the replay's time (`cursorTimeMs`, epoch ms;
 * none when null), and a press and release on the plot seeks the replay there (`onSeek(epoch ms)`).
 * The chart is built once per `spec` (memoize it) and takes new data with `setData`, so a live
 * track's new points do not rebuild it; its width follows its container.
 */
export function TimeSeriesChart({
  title,
  series,
  spec,
  timeRange,
  cursorTimeMs,
  onSeek,
}: {
  title: string;
  series: ChartSeries;
  spec: Omit<TimeChartSpec, 'width'>;
  timeRange: readonly [number, number];
  cursorTimeMs: number | null;
  onSeek: (timeMs: number) => void;
}) {
  const captionId = useId();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<{ plot: uPlot; marker: HTMLElement } | null>(null);
  const latestSeries = useRef(series);
  const range = useRef(timeRange);
  const cursor = useRef(cursorTimeMs);
  const seek = useRef(onSeek);
  useEffect(() => {
    seek.current = onSeek;
  }, [onSeek]);

  const [rangeStart, rangeEnd] = timeRange;
  useEffect(() => {
    latestSeries.current = series;
    range.current = [rangeStart, rangeEnd];
    // setData scales the axes again, reading the range below.
    chart.current?.plot.setData([series.x, series.y]);
  }, [series, rangeStart, rangeEnd]);

  useEffect(() => {
    cursor.current = cursorTimeMs;
    if (chart.current) placeMarker(chart.current.plot, chart.current.marker, cursorTimeMs);
  }, [cursorTimeMs]);

  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const marker = document.createElement('div');
    marker.className = 'll-chart-replay';
    const keepMarker = (self: uPlot) => {
      placeMarker(self, marker, cursor.current);
    };
    const options = timeChartOptions({ ...spec, width: root.clientWidth || FALLBACK_WIDTH_PX });
    const plot = new uPlot(
      {
        ...options,
        scales: {
          ...options.scales,
          // The track's span, not the readings' (a zero span gets a millisecond to draw in).
          x: {
            time: true,
            range: () => [range.current[0], Math.max(range.current[1], range.current[0] + 1)],
          },
        },
        hooks: { setScale: [keepMarker], setSize: [keepMarker] },
      },
      [latestSeries.current.x, latestSeries.current.y],
      root,
    );
    plot.over.appendChild(marker);
    placeMarker(plot, marker, cursor.current);
    plot.over.addEventListener('click', () => {
      const left = plot.cursor.left ?? -1;
      if (left >= 0) seek.current(plot.posToVal(left, 'x'));
    });
    chart.current = { plot, marker };
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            if (root.clientWidth > 0) {
              plot.setSize({ width: root.clientWidth, height: CHART_HEIGHT_PX });
            }
          });
    resize?.observe(root);
    return () => {
      resize?.disconnect();
      chart.current = null;
      plot.destroy();
    };
  }, [spec]);

  return (
    <figure className="ll-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>{title}</figcaption>
      <div ref={host} className="ll-chart-plot" />
    </figure>
  );
}
