import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JourneySpan } from '../../../store/activities/journeySlice';
import { spanDates, spanOfDates } from '../journeySpan';

/**
 * The journey's start and end dates (policy §3 "Journey: start date, end date"; issue 7 item 4): two
 * calendar days of `timeZone`, both included. A valid choice goes to `onChange` at once as a
 * {@link JourneySpan} (epoch ms, whole days); an end before the start is said and not sent.
 */
export function JourneyDates({
  span,
  timeZone,
  onChange,
}: {
  span: JourneySpan | null;
  /** The zone whose calendar days the dates are (the screen's formatter's); the browser's if absent. */
  timeZone?: string;
  onChange: (span: JourneySpan) => void;
}) {
  const { t } = useTranslation();
  // What the member typed while it is not a journey yet; otherwise the fields show `span`.
  const [draft, setDraft] = useState<{ start: string; end: string } | null>(null);
  const shown = draft ?? (span ? spanDates(span, timeZone) : { start: '', end: '' });
  const change = (next: { start: string; end: string }) => {
    const chosen = spanOfDates(next.start, next.end, timeZone);
    if (chosen) {
      setDraft(null);
      onChange(chosen);
    } else setDraft(next);
  };
  const backwards = draft !== null && draft.start !== '' && draft.end !== '';
  return (
    <fieldset className="ll-journey-dates">
      <legend>{t('Journey.Dates')}</legend>
      <label>
        {t('Journey.Start')}
        <input
          type="date"
          value={shown.start}
          onChange={(e) => {
            change({ ...shown, start: e.target.value });
          }}
        />
      </label>
      <label>
        {t('Journey.End')}
        <input
          type="date"
          value={shown.end}
          onChange={(e) => {
            change({ ...shown, end: e.target.value });
          }}
        />
      </label>
      {backwards ? <p role="alert">{t('Journey.EndBeforeStart')}</p> : null}
    </fieldset>
  );
}
