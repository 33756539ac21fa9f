export interface ToastItem {
  readonly id: string;
  readonly tone: 'success' | 'error' | 'info';
  /** The translated text. */
  readonly text: string;
}

export interface ToastsProps {
  readonly items: readonly ToastItem[];
  /** Label of each item's close button. */
  readonly closeLabel: string;
  readonly onClose: (id: string) => void;
}

/**
 * Notifications stacked at the top of the page: errors announced assertively, the rest politely.
 * Each can be closed; the store dismisses them by themselves after their duration.
 */
export function Toasts({ items, closeLabel, onClose }: ToastsProps) {
  return (
    <div className="ll-toasts" aria-live="polite">
      {items.map((item) => (
        <div
          key={item.id}
          className={`ll-message ll-message-${item.tone} ll-toast`}
          role={item.tone === 'error' ? 'alert' : 'status'}
        >
          <span>{item.text}</span>
          <button
            type="button"
            className="ll-link-button"
            aria-label={closeLabel}
            onClick={() => {
              onClose(item.id);
            }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
