import type { ReactNode } from 'react';
import { RetryMessage } from './RetryMessage';

/** Where a load the gate waits for stands: its data is there, it failed, or it is still on the way. */
export type LoadGateStatus = 'ready' | 'failed' | 'loading';

export interface LoadGateProps {
  readonly status: LoadGateStatus;
  /** Translated texts: the loading line, the failure, and the retry button. */
  readonly labels: { readonly loading: string; readonly failed: string; readonly retry: string };
  readonly onRetry: () => void;
  /** Shown once `status` is 'ready'. */
  readonly children: ReactNode;
}

/**
 * Shows `children` once their data is ready; before that a loading status line, or the load failure
 * with a retry button.
 */
export function LoadGate({ status, labels, onRetry, children }: LoadGateProps) {
  if (status === 'ready') return children;
  if (status === 'failed') {
    return <RetryMessage message={labels.failed} retryLabel={labels.retry} onRetry={onRetry} />;
  }
  return (
    <p className="ll-muted" role="status">
      {labels.loading}
    </p>
  );
}
