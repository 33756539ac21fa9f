export interface SelectOption<V extends string> {
  readonly value: V;
  readonly label: string;
}

export interface SelectControlProps<V extends string> {
  /** Accessible name of the control. */
  readonly label: string;
  readonly value: V;
  readonly options: readonly SelectOption<V>[];
  readonly onChange: (value: V) => void;
}

/** A labelled native select (language, theme). */
export function SelectControl<V extends string>({
  label,
  value,
  options,
  onChange,
}: SelectControlProps<V>) {
  return (
    <select
      className="ll-select"
      aria-label={label}
      value={value}
      onChange={(event) => {
        const next = options.find((o) => o.value === event.target.value);
        if (next) onChange(next.value);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
