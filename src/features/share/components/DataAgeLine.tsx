import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { dataAge } from '../../../store/realtime/dataFreshness';
import type { Formatter } from '../../../ui/format';
import { useServerClockOffset } from '../../../ui/time/serverClock';
import { useNow } from '../../../ui/time/useNow';

/** Props of {@link DataAgeLine}. */
export interface DataAgeLineProps {
  /** Device time of the wearer's newest fix, epoch ms on the server's clock; null without one. */
  readonly lastFixTime: number | null;
  /** The recent gaps between the wearer's fixes, ms (the store's live wearer), newest last. */
  readonly recentIntervalsMs: readonly number[];
  /**
   * An incident replay's moment, epoch ms on the server's clock: ages are read against it and the
   * line does not tick. Undefined for the live view.
   */
  readonly replayAtMs?: number | undefined;
  readonly format: Formatter;
}

/** Whole seconds of a duration in ms, for "12 s ago" texts (never negative). */
const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/**
 * How old the wearer's newest fix is and when the next report is due (issue 8 item 2; freshness rules
 * in src/store/realtime/dataFreshness.ts): live, late (a report missed) or stale (the map shows where
 * the wearer WAS). A polite live region. It re-reads the clock every second on its own (on the
 * server's clock, docs/decisions.md "Whose clock"), so the ticking re-renders this line only, not the
 * whole share page (docs/share-viewing.md "Map").
 */
export const DataAgeLine = memo(function DataAgeLine({
  lastFixTime,
  recentIntervalsMs,
  replayAtMs,
  format,
}: DataAgeLineProps) {
  const { t } = useTranslation();
  const wallClock = useNow(1_000) + useServerClockOffset();
  const now = replayAtMs ?? wallClock;
  const age = dataAge(lastFixTime, recentIntervalsMs, now);
  const ageText =
    age.ageMs === null
      ? t('Share.Age.None')
      : age.ageMs < 60_000
        ? t('Share.Age.Seconds', { count: seconds(age.ageMs) })
        : t('Share.Age.Duration', { duration: format.duration(age.ageMs) });
  const nextIn = age.nextReportAt === null ? null : age.nextReportAt - now;
  return (
    <p className={`ll-share-age ll-share-age-${age.freshness}`} aria-live="polite">
      <strong>{t(`Share.Freshness.${age.freshness}`)}</strong> {ageText}
      {nextIn !== null ? (
        <span className="ll-muted">
          {' · '}
          {nextIn > 0
            ? t('Share.NextReportIn', { count: seconds(nextIn) })
            : t('Share.NextReportOverdue', { count: seconds(-nextIn) })}
        </span>
      ) : null}
    </p>
  );
});
