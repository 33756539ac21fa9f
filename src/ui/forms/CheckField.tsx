import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { FieldNotes, fieldNotesDescribedBy } from './FieldNotes';

/** A checkbox's label, hint, error and the usual input attributes (`type` is always checkbox). */
export interface CheckFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
> {
  readonly label: string;
  /** A translated error message; marks the checkbox invalid and is announced. */
  readonly error?: string | undefined;
  /** Help shown under the checkbox. */
  readonly hint?: string | undefined;
  readonly ref?: Ref<HTMLInputElement>;
}

/** A labelled checkbox with its hint and error wired for assistive technology. */
export function CheckField({ label, error, hint, ref, ...input }: CheckFieldProps) {
  const id = useId();
  return (
    <div className="ll-check-field">
      <label className="ll-check">
        <input
          {...input}
          type="checkbox"
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldNotesDescribedBy({ id, hint, error })}
        />
        {label}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
