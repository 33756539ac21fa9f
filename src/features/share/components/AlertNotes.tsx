import { useTranslation } from 'react-i18next';
import type { AlertNote } from '../../../api/entities/alert';
import type { Formatter } from '../../../ui/format';

/**
 * An alert's notes, each with who wrote it and when (issue 8 item 4 "each action appears with who did
 * it"): under an open alert's actions, and under a closed one in the earlier alerts, so a guardian's
 * note ("Called her brother, he is on his way") is not lost when the alert is resolved. Nothing
 * without notes.
 */
export function AlertNotes({
  notes,
  format,
}: {
  readonly notes: readonly AlertNote[];
  readonly format: Formatter;
}) {
  const { t } = useTranslation();
  if (notes.length === 0) return null;
  return (
    <>
      <h3>{t('Share.AlertActions.Notes')}</h3>
      <ul className="ll-entry-list ll-share-notes">
        {notes.map((n) => (
          <li key={n.AlertNoteID}>
            <p>{n.NoteText}</p>
            <p className="ll-muted">
              {t('Share.AlertActions.NoteBy', {
                name: n.AuthorName,
                time: format.dateTime(n.Timestamp),
              })}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
