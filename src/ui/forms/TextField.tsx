import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { FieldNotes, fieldNotesDescribedBy } from './FieldNotes';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  readonly label: string;
  /** A translated error message; marks the input invalid and is announced. */
  readonly error?: string | undefined;
  /** Help shown under the field. */
  readonly hint?: string;
  readonly ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its error and hint wired for assistive technology. */
export function TextField({ label, error, hint, ref, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="ll-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldNotesDescribedBy({ id, hint, error })}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
