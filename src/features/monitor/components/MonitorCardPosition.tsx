import type { TFunction } from 'i18next';
import { memo } from 'react';
import type { Formatter } from '../../../ui/format';
import { MEASURE_KEY, type Measure } from '../../../ui/format/measure';
import { repeatedPattern, repeatedText } from '../repeatedTexts';

/** Props of {@link MonitorCardPosition}. */
export interface MonitorCardPositionProps {
  /** The newest fix, degrees; null before the first. */
  readonly lat: number | null;
  readonly lon: number | null;
  readonly format: Formatter;
  /** The card's `t` (passed, not hooked: this renders on every fix). */
  readonly t: TFunction;
}

/**
 * A monitor card's last position in the viewer's location format (app §3 LocationFormat; the contract
 * bounds lat/lon), or "No position yet". Memoized with plain props: it changes with a fix, not with
 * the clock's tick of the card's data age.
 */
export const MonitorCardPosition = memo(function MonitorCardPosition({
  lat,
  lon,
  format,
  t,
}: MonitorCardPositionProps) {
  if (lat === null || lon === null) return <p className="ll-muted">{t('Monitor.NoPosition')}</p>;
  const position = format.location(lat, lon);
  // measureText's pattern, its translations made once per language (this renders on every fix).
  const text = (m: Measure) =>
    repeatedPattern(t, MEASURE_KEY, { value: m.value, unit: repeatedText(t, m.unit) });
  return (
    <p className="ll-muted">
      {repeatedPattern(t, 'Monitor.Position', {
        lat: text(position.latitude),
        lon: text(position.longitude),
      })}
    </p>
  );
});
