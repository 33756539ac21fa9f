import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldNotes, fieldNotesDescribedBy } from './FieldNotes';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  readonly label: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  /** Text of the empty first option, when the field starts unselected. */
  readonly placeholder?: string;
  readonly error?: string | undefined;
  readonly ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select with its error. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  ref,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className="ll-field">
      <label htmlFor={id}>{label}</label>
      <select
        {...select}
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldNotesDescribedBy({ id, error })}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
    </div>
  );
}
