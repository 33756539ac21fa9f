import type { ReactNode } from 'react';

export interface StatusScreenProps {
  readonly title: string;
  readonly message?: string;
  /** Buttons or links offered to leave the screen. */
  readonly actions?: ReactNode;
  /** `alert` for failures that a screen reader should announce at once. */
  readonly role?: 'alert' | 'status';
}

/** A centred full-page message: page not found, network error, share not found. */
export function StatusScreen({ title, message, actions, role = 'status' }: StatusScreenProps) {
  return (
    <section
      className="ll-status"
      role={role}
      aria-live={role === 'alert' ? 'assertive' : 'polite'}
    >
      <h1>{title}</h1>
      {message ? <p className="ll-muted">{message}</p> : null}
      {actions ? <div className="ll-actions">{actions}</div> : null}
    </section>
  );
}
