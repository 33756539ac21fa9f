import { FormMessage } from '../forms/FormMessage';

export interface RetryMessageProps {
  /** What failed, translated; announced as an alert. */
  readonly message: string;
  /** The label of the retry button. */
  readonly retryLabel: string;
  readonly onRetry: () => void;
}

/** A failure message with one button that tries again. */
export function RetryMessage({ message, retryLabel, onRetry }: RetryMessageProps) {
  return (
    <FormMessage
      tone="error"
      actions={
        <button type="button" className="ll-link-button" onClick={onRetry}>
          {retryLabel}
        </button>
      }
    >
      {message}
    </FormMessage>
  );
}
