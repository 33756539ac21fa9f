import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/hooks';

/**
 * "Save a record of this view" (issue 6 item 5): downloads the store's action log (redacted of
 * secrets, src/store/actionLog) as `lifeline-incident-{time}.json`, which /incident-replay loads to show
 * this screen again exactly as it was, moment by moment.
 */
export const IncidentRecordButton = memo(function IncidentRecordButton() {
  const { t } = useTranslation();
  const store = useAppStore();
  const save = () => {
    const text = store.actionLog.exportActionLog();
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `lifeline-incident-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    link.click();
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 0);
  };
  return (
    <button type="button" className="ll-button ll-share-record" onClick={save}>
      {t('Share.Incident.Save')}
    </button>
  );
});
