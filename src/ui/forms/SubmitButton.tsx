import type { ReactNode } from 'react';

/** The primary button of a form; disabled and marked busy while the form is submitting. */
export function SubmitButton({
  busy,
  children,
}: {
  readonly busy: boolean;
  readonly children: ReactNode;
}) {
  return (
    <button type="submit" className="ll-button ll-button-primary" disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}
