import { memo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonitorAddError } from '../../../store/monitor/monitorLink';

/** Props of {@link AddShareForm}. */
export interface AddShareFormProps {
  /** Why the last pasted link was refused, null when it was not. */
  readonly error: MonitorAddError | null;
  /** The operator submitted `link` (trimmed by the store's parser, not here). */
  readonly onAdd: (link: string) => void;
}

/**
 * The monitor's "add share link" form (issue 8 item 6): one text field for a share link or token; the
 * store says whether it was accepted (`error`, translated as `Monitor.AddError.{error}`). The field is
 * cleared on submit; a refused link's message stays until the next one. Memoized: the monitor page
 * renders on every frame of live telemetry.
 */
export const AddShareForm = memo(function AddShareForm({ error, onAdd }: AddShareFormProps) {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (link.trim() === '') return;
    onAdd(link);
    setLink('');
  };
  return (
    <form className="ll-monitor-add" onSubmit={submit}>
      <div className="ll-field ll-monitor-add-field">
        <label htmlFor="ll-monitor-link">{t('Monitor.AddLabel')}</label>
        <input
          id="ll-monitor-link"
          type="text"
          value={link}
          placeholder={t('Monitor.AddPlaceholder')}
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error ? 'll-monitor-add-error' : undefined}
          onChange={(event) => {
            setLink(event.target.value);
          }}
        />
      </div>
      <button type="submit" className="ll-button ll-button-primary">
        {t('Monitor.Add')}
      </button>
      {error ? (
        <p id="ll-monitor-add-error" className="ll-monitor-error" role="status">
          {t(`Monitor.AddError.${error}`)}
        </p>
      ) : null}
    </form>
  );
});
