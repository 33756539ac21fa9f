import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteEquipmentProps {
  /** The item's name, shown in the confirmation. */
  readonly name: string;
  readonly busy: boolean;
  readonly onConfirm: () => void;
}

/** Delete, with a confirmation first (the delete cannot be undone). */
export function DeleteEquipment({ name, busy, onConfirm }: DeleteEquipmentProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <div className="ll-actions">
        <button
          type="button"
          className="ll-button"
          onClick={() => {
            setConfirming(true);
          }}
        >
          {t('Equipment.Item.Delete')}
        </button>
      </div>
    );
  }
  return (
    <div
      className="ll-equipment-confirm ll-actions"
      role="alertdialog"
      aria-labelledby="equipment-delete-question"
    >
      <p id="equipment-delete-question">{t('Equipment.Item.DeleteConfirm', { name })}</p>
      <button
        type="button"
        className="ll-button ll-button-primary"
        disabled={busy}
        aria-busy={busy}
        onClick={onConfirm}
      >
        {busy ? t('Equipment.Item.Deleting') : t('Equipment.Item.DeleteYes')}
      </button>
      <button
        type="button"
        className="ll-button"
        disabled={busy}
        // The safe choice takes the focus when the question appears.
        autoFocus
        onClick={() => {
          setConfirming(false);
        }}
      >
        {t('Equipment.Item.DeleteNo')}
      </button>
    </div>
  );
}
