/** What a field shows under its control, keyed by the field's `useId()`. */
export interface FieldNotesProps {
  readonly id: string;
  /** Help shown under the field. */
  readonly hint?: string | undefined;
  /** A translated error message; announced (role alert). */
  readonly error?: string | undefined;
}

/**
 * The control's `aria-describedby` for the notes {@link FieldNotes} renders: the error's id, then the
 * hint's; undefined when there is neither.
 */
export function fieldNotesDescribedBy({ id, hint, error }: FieldNotesProps): string | undefined {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.join(' ') || undefined;
}

/** A field's hint and error under its control, with the ids {@link fieldNotesDescribedBy} names. */
export function FieldNotes({ id, hint, error }: FieldNotesProps) {
  return (
    <>
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
    </>
  );
}
