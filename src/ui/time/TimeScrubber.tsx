/** Props of {@link TimeScrubber}. Times are epoch ms. */
export interface TimeScrubberProps {
  /** The accessible name of the slider. */
  readonly label: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly timeMs: number;
  /** The time as read out (e.g. `09:14:05`). */
  readonly valueText: string;
  /** A new time chosen, epoch ms (whole seconds after `startMs`). */
  readonly onSeek: (timeMs: number) => void;
  readonly className?: string;
}

/**
 * A slider over a span of time in whole seconds (the replay's scrubber, the charts' cursor): its value
 * is the seconds after `startMs`, so a long track still moves in one-second steps.
 */
export function TimeScrubber({
  label,
  startMs,
  endMs,
  timeMs,
  valueText,
  onSeek,
  className,
}: TimeScrubberProps) {
  return (
    <input
      type="range"
      className={className}
      aria-label={label}
      aria-valuetext={valueText}
      min={0}
      max={Math.max(1, Math.round((endMs - startMs) / 1000))}
      step={1}
      value={Math.round((timeMs - startMs) / 1000)}
      onChange={(e) => {
        onSeek(startMs + Number(e.target.value) * 1000);
      }}
    />
  );
}
