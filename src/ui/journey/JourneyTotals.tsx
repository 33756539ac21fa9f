import type { Formatter, Measure } from '../format';
import type { DayTotals } from './journeyDays';
import './journey.css';

/** The translated labels of {@link JourneyTotals}. */
export interface JourneyTotalsLabels {
  /** The section's accessible name ("Figures of the day"). */
  readonly section: string;
  readonly activities: string;
  readonly distance: string;
  readonly time: string;
}

/**
 * A journey day's (or the whole journey's) figures (issue 7 item 4 "per-day statistics"): the number
 * of activities, the distance in the viewer's units and the moving time, through the one formatting
 * module (`format`, `text` from `useFormatter`). Props in, nothing out.
 */
export function JourneyTotals({
  totals,
  format,
  text,
  labels,
}: {
  totals: DayTotals;
  format: Formatter;
  text: (m: Measure) => string;
  labels: JourneyTotalsLabels;
}) {
  return (
    <section aria-label={labels.section}>
      <dl className="ll-journey-totals">
        <div>
          <dt>{labels.activities}</dt>
          <dd>{totals.count}</dd>
        </div>
        <div>
          <dt>{labels.distance}</dt>
          <dd>{text(format.distance(totals.distanceM))}</dd>
        </div>
        <div>
          <dt>{labels.time}</dt>
          <dd>{format.duration(totals.durationMs)}</dd>
        </div>
      </dl>
    </section>
  );
}
