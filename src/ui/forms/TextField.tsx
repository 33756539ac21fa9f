import { useId, type InputHTMLAttributes, type Ref } from 'react';

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
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="ll-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
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
