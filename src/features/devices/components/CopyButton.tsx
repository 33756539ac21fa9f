import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A button copying `text` to the clipboard, then saying "Copied" (or, where the browser refuses, to
 * copy by hand). `label` names what is copied for assistive technology.
 */
export function CopyButton({ text, label }: { readonly text: string; readonly label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // no clipboard (insecure origin, permission refused): the text stays selectable
      setState('failed');
    }
  };
  return (
    <span className="ll-copy">
      <button type="button" className="ll-button" aria-label={label} onClick={() => void copy()}>
        {t('Devices.Tracker.Copy')}
      </button>
      <span role="status" className="ll-muted">
        {state === 'copied' ? t('Devices.Tracker.Copied') : null}
        {state === 'failed' ? t('Devices.Tracker.CopyFailed') : null}
      </span>
    </span>
  );
}
