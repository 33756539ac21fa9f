import { useEffect, useId, useRef } from 'react';
import './actionBanner.css';

export interface ActionBannerProps {
  /** The text, which also names the dialog; changes are announced politely (aria-live). */
  readonly message: string;
  /** The label of the one action button. */
  readonly actionLabel: string;
  readonly onAction: () => void;
}

/**
 * A prominent banner pinned to the bottom of the viewport that asks for one action (role
 * `alertdialog`, not modal): the inactivity logout warning. On mount it moves focus to its button so
 * Enter or Space answers it, without scrolling (a scroll would count as user activity); on unmount it
 * gives focus back to where it was.
 */
export function ActionBanner({ message, actionLabel, onAction }: ActionBannerProps) {
  const messageId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement;
    buttonRef.current?.focus({ preventScroll: true });
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) {
        previous.focus({ preventScroll: true });
      }
    };
  }, []);

  return (
    <div
      className="ll-action-banner"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={messageId}
    >
      <p id={messageId} className="ll-action-banner-message" aria-live="polite" aria-atomic="true">
        {message}
      </p>
      <button
        ref={buttonRef}
        type="button"
        className="ll-button ll-button-primary"
        onClick={onAction}
      >
        {actionLabel}
      </button>
    </div>
  );
}
