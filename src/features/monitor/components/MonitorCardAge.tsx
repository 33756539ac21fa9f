import type { TFunction } from 'i18next';
import { memo, useMemo } from 'react';
import { AGE_JUST_NOW_MS, dataAge } from '../../../store/realtime/dataFreshness';
import type { Formatter } from '../../../ui/format';
import { useServerClockOffset } from '../../../ui/time/serverClock';
import { phaseOf, usePhasedNow } from '../../../ui/time/usePhasedNow';
import { repeatedPattern, repeatedText } from '../repeatedTexts';

/** How often a card's data age is counted again, ms. */
const AGE_TICK_MS = 1_000;
/** Up to this age a fix's time is shown without its date, ms. */
const TIME_ONLY_MS = 12 * 3_600_000;

/** Props of {@link MonitorCardAge}. */
export interface MonitorCardAgeProps {
  /** The card's share token: it sets the phase of this card's clock. */
  readonly ShareToken: string;
  /** Device time of the newest fix, epoch ms; null without one. */
  readonly lastFixTime: number | null;
  /** When that fix reached this device (its clock, epoch ms); null when it came with the share's load. */
  readonly receivedAt: number | null;
  /** The recent gaps between fixes, ms (the reporting interval the freshness is judged by). */
  readonly recentIntervalsMs: readonly number[];
  readonly format: Formatter;
  /** The card's `t` (passed, not hooked: this renders about twice a second per card). */
  readonly t: TFunction;
  /** Whether the card is in or near the view: out of sight, the age stands still. */
  readonly inView: boolean;
}

/**
 * A monitor card's data age in words ("Live:" / "Late:" / "Not live:" and how long ago, "just now"
 * under {@link AGE_JUST_NOW_MS}: the share view's rule from src/store/realtime/dataFreshness.ts) with
 * the last fix time. It counts on its own
 * clock, once a second at a phase set by the token, so a monitor of 100 cards re-renders one or two
 * ages per frame rather than all of them in one frame each second; each new fix restarts that clock,
 * so a wearer reporting once a second costs one render a second, not two (docs/monitor.md "Cost per
 * frame"). The age shown is at most a second and a quarter old (usePhasedNow's RESTART_SLACK_MS).
 */
export const MonitorCardAge = memo(function MonitorCardAge({
  ShareToken,
  lastFixTime,
  receivedAt,
  recentIntervalsMs,
  format,
  t,
  inView,
}: MonitorCardAgeProps) {
  // On the server's clock, like the fix's device time. A fix's arrival restarts the card's clock (the
  // age is measured as it arrives): a wearer reporting every second re-renders its age once a second,
  // with the fix, not a second time.
  const now =
    usePhasedNow(AGE_TICK_MS, phaseOf(ShareToken, AGE_TICK_MS), inView, receivedAt) +
    useServerClockOffset();
  const age = dataAge(lastFixTime, recentIntervalsMs, now);
  // Changes with a fix, not with the clock. A fix of the last 12 hours shows its time of day only
  // (the date is plain from the clock, and formatting it costs as much again on every fix).
  const recent = age.ageMs !== null && age.ageMs < TIME_ONLY_MS;
  const lastFix = useMemo(() => {
    if (lastFixTime === null) return null;
    const time = recent
      ? format.time(lastFixTime, { seconds: true })
      : format.dateTime(lastFixTime, { seconds: true });
    // The pattern is translated once per language: a fix costs no i18next interpolation.
    return repeatedPattern(t, 'Monitor.LastFix', { time });
  }, [t, format, lastFixTime, recent]);
  return (
    <p className={`ll-monitor-age ll-monitor-age-text-${age.freshness}`}>
      <strong>{repeatedText(t, `Share.Freshness.${age.freshness}`)}</strong>{' '}
      {age.ageMs === null
        ? ''
        : age.ageMs < AGE_JUST_NOW_MS
          ? repeatedText(t, 'Share.Age.JustNow')
          : age.ageMs < 60_000
            ? repeatedText(t, 'Share.Age.Seconds', Math.round(age.ageMs / 1000))
            : t('Share.Age.Duration', { duration: format.duration(age.ageMs) })}
      {lastFix === null ? null : (
        <span className="ll-muted">
          {' · '}
          {lastFix}
        </span>
      )}
    </p>
  );
});
