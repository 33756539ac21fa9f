import type { ReactNode } from 'react';

export interface FormMessageProps {
  readonly tone: 'error' | 'success' | 'info';
  readonly children: ReactNode;
  /** Links or buttons offered with the message (e.g. "Forgot password?"). */
  readonly actions?: ReactNode;
}

/** A message above or below a form: errors are alerts, other tones polite status updates. */
export function FormMessage({ tone, children, actions }: FormMessageProps) {
  return (
    <div className={`ll-message ll-message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div>{children}</div>
      {actions ? <div className="ll-message-actions">{actions}</div> : null}
    </div>
  );
}
