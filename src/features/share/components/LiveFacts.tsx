import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeartRateReading } from '../../../store/locationHistory/locationHistorySelectors';
import type { Formatter, Measure } from '../../../ui/format';
import { DataAgeLine } from './DataAgeLine';

/** What the live panel shows of the wearer now; null fields are not known. */
export interface LiveFactsProps {
  /** The recent gaps between the wearer's fixes, ms, for the expected next report. */
  readonly recentIntervalsMs: readonly number[];
  /** An incident replay's moment (epoch ms, server clock); undefined for the live view. */
  readonly replayAtMs?: number | undefined;
  /** Speed of the newest fix, m/s. */
  readonly speedMps: number | null;
  /** Heading, degrees clockwise from north. */
  readonly headingDeg: number | null;
  /** Device battery, %. */
  readonly battery: number | null;
  /** Distance of the activity so far, m. */
  readonly distanceM: number | null;
  /**
   * The newest heart rate reading (bpm, at its device time); null when the device measured none, and
   * then the fact is not shown (a phone app never measures it).
   */
  readonly heartRate: HeartRateReading | null;
  /** Device time of the newest fix, epoch ms; a heart rate older than the fix says when it was read. */
  readonly lastFixTime: number | null;
  readonly format: Formatter;
  readonly text: (m: Measure) => string;
}

/**
 * A heart rate read this long before the newest fix (ms) shows its time: the device stopped sending
 * it, and the guardian must not take an old pulse for the current one.
 */
export const HEART_RATE_STALE_MS = 60_000;

/**
 * The wearer's live facts (issue 8 item 2): first and plainest, how old the newest fix is and when the
 * next report is due — live, late (a report missed) or stale (the map shows where the wearer WAS) —
 * then speed, heading, battery, distance and, when the device measures it, the heart rate (with its
 * time once it is {@link HEART_RATE_STALE_MS} older than the newest fix). The age line
 * ({@link DataAgeLine}) ticks on its own; the facts re-render only when they change.
 */
export const LiveFacts = memo(function LiveFacts({
  recentIntervalsMs,
  replayAtMs,
  speedMps,
  headingDeg,
  battery,
  distanceM,
  heartRate,
  lastFixTime,
  format,
  text,
}: LiveFactsProps) {
  const { t } = useTranslation();
  return (
    <section className="ll-share-facts" aria-label={t('Share.LiveFacts')}>
      <DataAgeLine
        lastFixTime={lastFixTime}
        recentIntervalsMs={recentIntervalsMs}
        replayAtMs={replayAtMs}
        format={format}
      />
      <dl className="ll-share-fact-list">
        <div>
          <dt>{t('Share.Speed')}</dt>
          <dd>{speedMps === null ? '–' : text(format.speed(speedMps))}</dd>
        </div>
        <div>
          <dt>{t('Share.Heading')}</dt>
          <dd>
            {headingDeg === null ? '–' : t('Share.Degrees', { value: Math.round(headingDeg) })}
          </dd>
        </div>
        <div>
          <dt>{t('Share.Battery')}</dt>
          <dd>{battery === null ? '–' : t('Share.Percent', { value: Math.round(battery) })}</dd>
        </div>
        <div>
          <dt>{t('Share.Distance')}</dt>
          <dd>{distanceM === null ? '–' : text(format.distance(distanceM))}</dd>
        </div>
        {heartRate === null ? null : (
          <div>
            <dt>{t('Share.HeartRate')}</dt>
            <dd>
              {lastFixTime !== null && lastFixTime - heartRate.Time > HEART_RATE_STALE_MS
                ? t('Share.HeartRateAt', {
                    value: text(format.heartRate(heartRate.bpm)),
                    time: format.time(heartRate.Time, { seconds: true }),
                  })
                : text(format.heartRate(heartRate.bpm))}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
});
