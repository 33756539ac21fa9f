import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGE_JUST_NOW_MS,
  dataAge,
  isAgeQuiet,
  nextAgeReadAt,
} from '../../../store/realtime/dataFreshness';
import type { Formatter } from '../../../ui/format';
import { useServerClockOffset } from '../../../ui/time/serverClock';
import { useWallClock } from '../../../ui/time/useWallClock';

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
 * the wearer WAS). A polite live region. It re-reads the clock on its own (on the server's clock,
 * docs/decisions.md "Whose clock"), so the ticking re-renders this line only, not the whole share page
 * (docs/share-viewing.md "Map"): every second while it counts, and not at all while it is quiet — a
 * wearer reporting every few seconds reads "just now, reporting every N s" until a report is missed
 * (`nextAgeReadAt`; docs/share-viewing.md "Data age").
 */
export const DataAgeLine = memo(function DataAgeLine({
  lastFixTime,
  recentIntervalsMs,
  replayAtMs,
  format,
}: DataAgeLineProps) {
  const { t } = useTranslation();
  const offsetMs = useServerClockOffset();
  const wallClock =
    useWallClock((localNow) => {
      if (replayAtMs !== undefined) return null;
      const serverNow = localNow + offsetMs;
      const readAt = nextAgeReadAt(
        lastFixTime,
        dataAge(lastFixTime, recentIntervalsMs, serverNow),
        serverNow,
      );
      return readAt === null ? null : readAt - offsetMs;
    }) + offsetMs;
  const now = replayAtMs ?? wallClock;
  const age = dataAge(lastFixTime, recentIntervalsMs, now);
  const ageText =
    age.ageMs === null
      ? t('Share.Age.None')
      : age.ageMs < AGE_JUST_NOW_MS
        ? t('Share.Age.JustNow')
        : age.ageMs < 60_000
          ? t('Share.Age.Seconds', { count: seconds(age.ageMs) })
          : t('Share.Age.Duration', { duration: format.duration(age.ageMs) });
  const nextIn = age.nextReportAt === null ? null : age.nextReportAt - now;
  const reportText =
    nextIn === null
      ? null
      : isAgeQuiet(age)
        ? t('Share.ReportsEvery', { count: Math.max(1, seconds(age.intervalMs)) })
        : nextIn > 0
          ? t('Share.NextReportIn', { count: seconds(nextIn) })
          : t('Share.NextReportOverdue', { count: seconds(-nextIn) });
  return (
    <p className={`ll-share-age ll-share-age-${age.freshness}`} aria-live="polite">
      <strong>{t(`Share.Freshness.${age.freshness}`)}</strong> {ageText}
      {reportText !== null ? (
        <span className="ll-muted">
          {' · '}
          {reportText}
        </span>
      ) : null}
    </p>
  );
});
