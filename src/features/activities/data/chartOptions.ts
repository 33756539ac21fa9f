import type uPlot from 'uplot';

/** Colours of the charts per colour scheme (the theme's text and border colours, src/ui/theme). */
export interface ChartPalette {
  readonly text: string;
  readonly grid: string;
  readonly speed: string;
  readonly altitude: string;
  readonly heartRate: string;
}

/** The charts' colours in the light and dark scheme (contrast checked against the theme's surface). */
export const CHART_PALETTES: Readonly<Record<'light' | 'dark', ChartPalette>> = {
  light: {
    text: '#1c1d1f',
    grid: '#d9dbde',
    speed: '#c25e00',
    altitude: '#1a5fd1',
    heartRate: '#b3261e',
  },
  dark: {
    text: '#eceef0',
    grid: '#34373b',
    speed: '#ff9a3d',
    altitude: '#8ab4f8',
    heartRate: '#f2b8b5',
  },
};

/** Height of one chart's plot and axes, CSS px. */
export const CHART_HEIGHT_PX = 180;

/** What one time chart of the Data tab shows and how its numbers read. */
export interface TimeChartSpec {
  /** Plot and axes width, CSS px. */
  readonly width: number;
  /** The series' name in the legend, translated ("Speed"). */
  readonly label: string;
  /** The time series' name in the legend, translated ("Time"; uPlot's own is English). */
  readonly timeLabel: string;
  /** The unit's label, translated ("km/h"), on the value axis. */
  readonly unitLabel: string;
  /** Value → its text on the value axis ("12.5"). */
  readonly formatTick: (value: number) => string;
  /** Value → its text with the unit in the legend ("12.5 km/h"). */
  readonly formatValue: (value: number) => string;
  /** Epoch ms → time of day in the member's zone and clock (time axis ticks). */
  readonly formatTimeTick: (epochMs: number) => string;
  /** Epoch ms → time with seconds (the legend under the cursor). */
  readonly formatCursorTime: (epochMs: number) => string;
  /** Legend text where the cursor is on no reading, translated. */
  readonly noValue: string;
  /** Charts with the same key move their hover cursors together. */
  readonly syncKey: string;
  readonly palette: ChartPalette;
  /** The line's colour. */
  readonly stroke: string;
}

/**
 * uPlot options of one Data-tab chart (issue 7 item 3): x is time in epoch ms (`ms: 1`, a time
 * scale) labelled in the member's zone and clock; y the quantity in the member's unit, its text
 * from the caller (the formatting module's number text, the unit translated). Dragging does not zoom (a press and release seeks the replay instead); hover cursors
 * are synced across the tab's charts by `syncKey`. Pure.
 */
export function timeChartOptions(spec: TimeChartSpec): uPlot.Options {
  const axis = {
    stroke: spec.palette.text,
    grid: { stroke: spec.palette.grid, width: 1 },
    ticks: { stroke: spec.palette.grid, width: 1 },
  };
  return {
    width: spec.width,
    height: CHART_HEIGHT_PX,
    ms: 1,
    scales: { x: { time: true } },
    cursor: {
      drag: { x: false, y: false },
      sync: { key: spec.syncKey },
      points: { show: false },
    },
    series: [
      {
        label: spec.timeLabel,
        // uPlot passes null where the cursor is on no reading, whatever its types say.
        value: (_u, epochMs) =>
          Number.isFinite(epochMs) ? spec.formatCursorTime(epochMs) : spec.noValue,
      },
      {
        label: spec.label,
        stroke: spec.stroke,
        width: 1.5,
        points: { show: false },
        value: (_u, value) => (Number.isFinite(value) ? spec.formatValue(value) : spec.noValue),
      },
    ],
    axes: [
      { ...axis, values: (_u, ticks) => ticks.map((tick) => spec.formatTimeTick(tick)) },
      {
        ...axis,
        label: spec.unitLabel,
        size: 56,
        values: (_u, ticks) => ticks.map((tick) => spec.formatTick(tick)),
      },
    ],
  };
}
