import { JOURNEY_COMPLETE_TIMELINE_DAY_INDEX } from '../../api/entities/journey';
import './journey.css';

/** One day the picker offers: its journey day index (0 = the journey's first day) and its label. */
export interface DayChoice {
  readonly index: number;
  readonly label: string;
}

/**
 * A journey's day picker (spec app §4 "A journey shows a selected day index, or the complete timeline
 * (marked 999)"; policy §2 "Journey with day picker"): one tab per offered day, then the complete
 * timeline, which reports {@link JOURNEY_COMPLETE_TIMELINE_DAY_INDEX}. `label` names the tab list;
 * `onSelect` hears the chosen index. Props in, callbacks out.
 */
export function JourneyDayPicker({
  days,
  completeLabel,
  selected,
  onSelect,
  label,
}: {
  days: readonly DayChoice[];
  completeLabel: string;
  selected: number;
  onSelect: (index: number) => void;
  label: string;
}) {
  const choices = [...days, { index: JOURNEY_COMPLETE_TIMELINE_DAY_INDEX, label: completeLabel }];
  return (
    <div role="tablist" className="ll-day-picker" aria-label={label}>
      {choices.map((choice) => (
        <button
          key={choice.index}
          type="button"
          role="tab"
          aria-selected={selected === choice.index}
          onClick={() => {
            onSelect(choice.index);
          }}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
