import { useId, type InputHTMLAttributes, type Ref } from 'react';

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
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="ll-contact-check">
      <label className="ll-check">
        <input
          {...input}
          type="checkbox"
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {label}
      </label>
      {hint ? (
        <small id={`${id}-hint`} className="ll-muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="ll-field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
