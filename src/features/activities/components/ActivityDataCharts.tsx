import { TimeScrubber } from '../../../ui/time/TimeScrubber';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Units } from '../../../api/entities/client';
import { useAppSelector } from '../../../store/hooks';
import { selectTrackColumns } from '../../../store/locationHistory/locationHistorySelectors';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { formatNumber, measureText, type Formatter } from '../../../ui/format';
import { useColorScheme } from '../../../ui/theme/useColorScheme';
import { CHART_PALETTES, type TimeChartSpec } from '../data/chartOptions';
import { activityChartData, type ChartUnit } from '../data/chartSeries';
import { TimeSeriesChart } from './TimeSeriesChart';

/**
 * The activity's Data tab (issue 7 item 3; lazily loaded with uPlot): speed, altitude and — when the
 * activity's points have any — heart rate (bpm) over time in the member's units, each chart marking
 * the replay's time (`replayTimeMs`, epoch ms, as the Map tab left it; none when null). A press on a
 * chart or the time slider seeks the replay (`onSeek(epoch ms)`), which the Map tab then continues
 * from. Without heart rate the tab says so (docs/activities.md "Data").
 */
export default function ActivityDataCharts({
  activityId,
  units,
  format,
  replayTimeMs,
  onSeek,
}: {
  activityId: number;
  units: Units;
  format: Formatter;
  replayTimeMs: number | null;
  onSeek: (timeMs: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const columns = useAppSelector((state) => selectTrackColumns(state, activityId));
  const palette = CHART_PALETTES[useColorScheme(useAppSelector(selectThemePreference))];
  const data = useMemo(() => activityChartData(columns, units), [columns, units]);

  // One spec per quantity, stable while units, language and theme are: a chart rebuilds only then.
  const specs = useMemo(() => {
    const specOf = (label: string, shown: ChartUnit, stroke: string) => {
      const number = (value: number) => formatNumber(value, shown.decimals, locale);
      const spec: Omit<TimeChartSpec, 'width'> = {
        label,
        timeLabel: t('Activities.Data.Time'),
        unitLabel: t(shown.unit),
        formatTick: number,
        formatValue: (value) => measureText({ value: number(value), unit: shown.unit }, t),
        formatTimeTick: (epochMs) => format.time(epochMs),
        formatCursorTime: (epochMs) => format.time(epochMs, { seconds: true }),
        noValue: t('Activities.Data.NoValue'),
        syncKey: `activity-data-${String(activityId)}`,
        palette,
        stroke,
      };
      return spec;
    };
    return {
      speed: specOf(t('Activities.Data.Speed'), data.units.speed, palette.speed),
      altitude: specOf(t('Activities.Data.Altitude'), data.units.altitude, palette.altitude),
      heartRate: specOf(t('Activities.Data.HeartRate'), data.units.heartRate, palette.heartRate),
    };
  }, [activityId, data.units, format, locale, palette, t]);

  const startMs = columns.time[0] ?? 0;
  const endMs = columns.time[columns.length - 1] ?? startMs;
  const timeMs = Math.min(endMs, Math.max(startMs, replayTimeMs ?? startMs));
  const timeRange = [startMs, endMs] as const;
  if (!data.speed && !data.altitude && !data.heartRate) {
    return <p className="ll-muted">{t('Activities.Data.NoData')}</p>;
  }
  return (
    <div className="ll-activity-data">
      {data.speed ? (
        <TimeSeriesChart
          title={t('Activities.Data.SpeedOverTime')}
          series={data.speed}
          spec={specs.speed}
          timeRange={timeRange}
          cursorTimeMs={replayTimeMs}
          onSeek={onSeek}
        />
      ) : null}
      {data.altitude ? (
        <TimeSeriesChart
          title={t('Activities.Data.AltitudeOverTime')}
          series={data.altitude}
          spec={specs.altitude}
          timeRange={timeRange}
          cursorTimeMs={replayTimeMs}
          onSeek={onSeek}
        />
      ) : (
        <p className="ll-muted">{t('Activities.Data.NoAltitude')}</p>
      )}
      {data.heartRate ? (
        <TimeSeriesChart
          title={t('Activities.Data.HeartRateOverTime')}
          series={data.heartRate}
          spec={specs.heartRate}
          timeRange={timeRange}
          cursorTimeMs={replayTimeMs}
          onSeek={onSeek}
        />
      ) : (
        <p className="ll-muted">{t('Activities.Data.NoHeartRate')}</p>
      )}
      <div className="ll-chart-scrub">
        <TimeScrubber
          label={t('Activities.Data.ReplayTime')}
          valueText={format.time(timeMs, { seconds: true })}
          startMs={startMs}
          endMs={endMs}
          timeMs={timeMs}
          onSeek={onSeek}
        />
        <output>{format.time(timeMs, { seconds: true })}</output>
      </div>
    </div>
  );
}
