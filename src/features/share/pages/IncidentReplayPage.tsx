import { configureStore } from '@reduxjs/toolkit';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import type { ActionLogExport } from '../../../store/actionLog/actionLog';
import { parseActionLog, replayActionLog } from '../../../store/actionLog/replay';
import { selectServerClockOffsetMs } from '../../../store/realtime/realtimeSlice';
import { rootReducer } from '../../../store/rootReducer';
import { selectAllSharedViews } from '../../../store/shares/sharedViewsSlice';
import { wearerNameOf } from '../components/SharedViewGate';
import { useShareFormat } from '../shareFormat';
import { SharedActivityView } from './SharedActivityPage';

/**
 * /incident-replay (issue 6 item 5; ARCHITECTURE.md §4 "an incident can be reviewed exactly as a
 * guardian saw it"): loads a record saved from a share view (the store's action log, as JSON), and
 * shows that view read-only as it was after any recorded moment — a slider steps through the actions,
 * each replayed through the real root reducer from the initial state (src/store/actionLog/replay.ts).
 * No epic runs and nothing is sent: the replayed store only answers the screen's selectors.
 */
export function IncidentReplayPage() {
  const { t } = useTranslation();
  const { format } = useShareFormat();
  const [log, setLog] = useState<ActionLogExport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);

  const load = async (file: File) => {
    try {
      const parsed = parseActionLog(await file.text());
      replayActionLog(parsed); // a log that does not start at the initial state fails here
      setLog(parsed);
      setStep(parsed.entries.length);
      setError(null);
    } catch {
      setLog(null);
      setError(t('Share.Incident.Invalid'));
    }
  };

  const replayed = useMemo(() => {
    if (!log) return null;
    const entries = log.entries.slice(0, step);
    const store = configureStore({
      reducer: rootReducer,
      preloadedState: replayActionLog(entries),
      middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }),
    });
    const view = selectAllSharedViews(store.getState()).find((v) => v.ActivityId !== null);
    const atMs = entries.at(-1)?.timeMs ?? log.exportedAtMs;
    // The log is timed on the recording device's clock; the view judges data age on the server's,
    // as it did live (docs/decisions.md "Whose clock").
    return { store, view, atMs, serverAtMs: atMs + selectServerClockOffsetMs(store.getState()) };
  }, [log, step]);

  return (
    <section className="ll-share" aria-labelledby="incident-title">
      <h1 id="incident-title">{t('Share.Incident.Title')}</h1>
      <label>
        {t('Share.Incident.Load')}
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void load(file);
          }}
        />
      </label>
      {error ? <p role="alert">{error}</p> : null}
      {log && replayed ? (
        <>
          <label className="ll-incident-step">
            {t('Share.Incident.Moment', {
              step,
              total: log.entries.length,
              time: format.dateTime(replayed.atMs, { seconds: true }),
            })}
            <input
              type="range"
              min={0}
              max={log.entries.length}
              value={step}
              onChange={(e) => {
                setStep(Number(e.target.value));
              }}
            />
          </label>
          {replayed.view?.ActivityId != null ? (
            <Provider store={replayed.store}>
              <SharedActivityView
                shareToken={replayed.view.ShareToken}
                activityId={replayed.view.ActivityId}
                wearerId={replayed.view.MemberDetails?.WearerID ?? null}
                wearerName={wearerNameOf(replayed.view)}
                replayAtMs={replayed.serverAtMs}
              />
            </Provider>
          ) : (
            <p className="ll-muted">{t('Share.Incident.NoView')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
