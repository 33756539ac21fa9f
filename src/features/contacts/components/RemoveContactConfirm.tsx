import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation before a contact leaves the editor's list (saved with the list): a non-modal alert
 * dialog in the contact's card, focus on Cancel.
 */
export function RemoveContactConfirm({
  name,
  onConfirm,
  onCancel,
}: {
  /** The contact's display name. */
  readonly name: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="ll-contact-confirm" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{t('Contacts.Remove.Question', { name })}</p>
      <div className="ll-actions">
        <button type="button" className="ll-button" onClick={onCancel} autoFocus>
          {t('Contacts.Actions.Cancel')}
        </button>
        <button type="button" className="ll-button ll-button-danger" onClick={onConfirm}>
          {t('Contacts.Actions.ConfirmRemove')}
        </button>
      </div>
    </div>
  );
}
