import { memo, useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  ALERT_PAUSE_MAX_MINUTES,
  ALERT_TEXT_MAX_LENGTH,
  alertAddNote,
  alertResolvePause,
} from '../../../api/calls/shareViewing';
import { isAlertOpen, type Alert } from '../../../api/entities/alert';
import { sanitiseNoteText } from '../../../api/validation/note';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  pauseMinutesUntil,
  selectShareNote,
  selectShareResolve,
  selectShareViewer,
  shareAlertNoteRequested,
  shareAlertResolveRequested,
  type ShareActionStatus,
} from '../../../store/shares/shareActionsSlice';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { useFieldError } from '../../../ui/forms/useFieldError';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import type { Formatter } from '../../../ui/format';
import { localTimeIn } from '../../../ui/time/calendarIn';
import { useServerClockOffset } from '../../../ui/time/serverClock';
import './shareActions.css';
import { AlertNotes } from './AlertNotes';

/** The pause choices of a resolve (policy §4: a chosen period, or until a stated end time). */
const PAUSE_CHOICES = ['0', '30', '60', '120', 'until'] as const;
const PAUSE_LABELS: Record<(typeof PAUSE_CHOICES)[number], string> = {
  '0': 'Share.AlertActions.PauseNone',
  '30': 'Share.AlertActions.Pause30',
  '60': 'Share.AlertActions.Pause60',
  '120': 'Share.AlertActions.Pause120',
  until: 'Share.AlertActions.PauseUntil',
};

/** The note form: the contract's NoteText (1–500 characters of note text, app §5). */
const NoteForm = z.object({ text: alertAddNote.request.shape.NoteText });
/** The resolve form: the contract's ResolveText, the pause choice and its end time (datetime-local). */
const ResolveForm = z.object({
  text: alertResolvePause.request.shape.ResolveText,
  pause: z.enum(PAUSE_CHOICES),
  until: z.string(),
});

/**
 * What a share viewer can do about the alerts of a shared activity (issue 8 item 4; spec app §6, §7
 * alert-add-note and alert-resolve-pause; policy §4 "Alerts"), one block per alert:
 * - an open alert: its notes, a form to add a note, and a form to resolve it with an explanation and
 *   an optional pause of all the wearer's alerts (30 min, 1 h, 2 h, or until a time, sent in minutes);
 * - an alert this viewer tried to act on after it closed: 'The alert is no longer active';
 * - an alert this viewer resolved: that it was resolved.
 * Invalid characters are removed as they are typed (policy §5); what was typed stays after a failure.
 * Acting needs the guardian's name ({@link GuardianName}).
 */
export const AlertActions = memo(function AlertActions({
  shareToken,
  alerts,
  format,
}: {
  shareToken: string;
  alerts: readonly Alert[];
  format: Formatter;
}) {
  return (
    <>
      {alerts.map((alert) => (
        <AlertActionsOf key={alert.AlertID} shareToken={shareToken} alert={alert} format={format} />
      ))}
    </>
  );
});

/** Removes invalid characters from `field` as it is typed; `onRemoved` hears that some were. */
function sanitisingField<F extends { text: string }>(
  form: UseFormReturn<F, unknown, F>,
  onRemoved: () => void,
) {
  const { setValue } = form as unknown as UseFormReturn<
    { text: string },
    unknown,
    { text: string }
  >;
  return {
    onChange: (event: { target: { value: string } }) => {
      const typed = event.target.value;
      const clean = sanitiseNoteText(typed);
      if (clean !== typed) {
        setValue('text', clean);
        onRemoved();
      }
    },
  };
}

/** Calls `clear` each time `status` counts one more success. */
function useClearOnSuccess(status: ShareActionStatus, clear: () => void) {
  const seen = useRef(status.doneCount);
  useEffect(() => {
    if (status.doneCount === seen.current) return;
    seen.current = status.doneCount;
    clear();
  }, [status.doneCount, clear]);
}

function AlertActionsOf({
  shareToken,
  alert,
  format,
}: {
  shareToken: string;
  alert: Alert;
  format: Formatter;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fieldError = useFieldError();
  const clockOffsetMs = useServerClockOffset();
  const viewer = useAppSelector(selectShareViewer);
  const note = useAppSelector((state) => selectShareNote(state, alert.AlertID));
  const resolve = useAppSelector((state) => selectShareResolve(state, alert.AlertID));
  const [noteRemoved, setNoteRemoved] = useState(false);
  const [resolveRemoved, setResolveRemoved] = useState(false);
  const noteForm = useForm({ resolver: zodFormResolver(NoteForm), defaultValues: { text: '' } });
  const resolveForm = useForm({
    resolver: zodFormResolver(ResolveForm),
    defaultValues: { text: '', pause: '0' as const, until: '' },
  });
  const pause = useWatch({ control: resolveForm.control, name: 'pause' });
  const { reset: resetNote } = noteForm;
  const { reset: resetResolve } = resolveForm;
  useClearOnSuccess(note, () => {
    resetNote({ text: '' });
    setNoteRemoved(false);
  });
  useClearOnSuccess(resolve, () => {
    resetResolve({ text: '', pause: '0', until: '' });
    setResolveRemoved(false);
  });

  const notActive = [note, resolve].some(
    (status) => status.phase === 'failed' && status.errorKey === 'Errors.AlertNotActive',
  );
  const open = isAlertOpen(alert);
  if (!open) {
    if (notActive) {
      return <FormMessage tone="error">{t('Errors.AlertNotActive')}</FormMessage>;
    }
    if (resolve.doneCount > 0) {
      return <FormMessage tone="success">{t('Share.AlertActions.Resolved')}</FormMessage>;
    }
    return null;
  }
  const titleId = `share-alert-actions-${alert.AlertID}`;
  const named = Boolean(viewer?.GuardianName);
  const failure = (status: ShareActionStatus) =>
    status.phase === 'failed' && status.errorKey ? (
      <FormMessage tone="error">{t(status.errorKey)}</FormMessage>
    ) : null;
  const serverIssue = (status: ShareActionStatus, field: string) => {
    const key = status.issues[field];
    return key ? t(key, { max: ALERT_TEXT_MAX_LENGTH }) : undefined;
  };

  return (
    <section className="ll-share-alert-actions" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('Share.AlertActions.Title')}</h2>
      <AlertNotes notes={alert.Notes} format={format} />
      {!named ? <p className="ll-muted">{t('Share.Messages.GuardianName.Needed')}</p> : null}
      {named ? (
        <form
          className="ll-form"
          noValidate
          onSubmit={(event) =>
            void noteForm.handleSubmit((values) => {
              dispatch(
                shareAlertNoteRequested({
                  ShareToken: shareToken,
                  AlertID: alert.AlertID,
                  NoteText: values.text,
                }),
              );
            })(event)
          }
        >
          <TextField
            label={t('Share.AlertActions.NoteText')}
            hint={t('Share.AlertActions.TextHint', { max: ALERT_TEXT_MAX_LENGTH })}
            maxLength={ALERT_TEXT_MAX_LENGTH}
            {...noteForm.register(
              'text',
              sanitisingField(noteForm, () => {
                setNoteRemoved(true);
              }),
            )}
            error={fieldError(noteForm.formState.errors.text) ?? serverIssue(note, 'NoteText')}
          />
          {noteRemoved ? (
            <p className="ll-muted">{t('Share.AlertActions.CharactersRemoved')}</p>
          ) : null}
          {note.doneCount > 0 && note.phase === 'idle' ? (
            <FormMessage tone="success">{t('Share.AlertActions.NoteAdded')}</FormMessage>
          ) : null}
          {failure(note)}
          <SubmitButton busy={note.phase === 'sending'}>
            {t('Share.AlertActions.AddNote')}
          </SubmitButton>
        </form>
      ) : null}
      {named ? (
        <form
          className="ll-form"
          noValidate
          aria-label={t('Share.AlertActions.ResolveTitle')}
          onSubmit={(event) =>
            void resolveForm.handleSubmit((values) => {
              let minutes = Number(values.pause);
              if (values.pause === 'until') {
                const until = pauseMinutesUntil(
                  localTimeIn(values.until, format.timeZone),
                  // The pause ends on the server's clock (docs/share-viewing.md "Pause").
                  Date.now() + clockOffsetMs,
                );
                if (until === null || until > ALERT_PAUSE_MAX_MINUTES) {
                  resolveForm.setError('until', {
                    type: 'range',
                    message: 'Share.AlertActions.PauseUntilInvalid',
                  });
                  return;
                }
                minutes = until;
              }
              dispatch(
                shareAlertResolveRequested({
                  ShareToken: shareToken,
                  AlertID: alert.AlertID,
                  ResolveText: values.text,
                  PauseMinutes: minutes,
                }),
              );
            })(event)
          }
        >
          <h3>{t('Share.AlertActions.ResolveTitle')}</h3>
          <TextField
            label={t('Share.AlertActions.ResolveText')}
            hint={t('Share.AlertActions.TextHint', { max: ALERT_TEXT_MAX_LENGTH })}
            maxLength={ALERT_TEXT_MAX_LENGTH}
            {...resolveForm.register(
              'text',
              sanitisingField(resolveForm, () => {
                setResolveRemoved(true);
              }),
            )}
            error={
              fieldError(resolveForm.formState.errors.text) ?? serverIssue(resolve, 'ResolveText')
            }
          />
          {resolveRemoved ? (
            <p className="ll-muted">{t('Share.AlertActions.CharactersRemoved')}</p>
          ) : null}
          <fieldset className="ll-share-pause">
            <legend>{t('Share.AlertActions.Pause')}</legend>
            {PAUSE_CHOICES.map((choice) => (
              <label key={choice} className="ll-check">
                <input type="radio" value={choice} {...resolveForm.register('pause')} />
                {t(PAUSE_LABELS[choice])}
              </label>
            ))}
            <p className="ll-muted">{t('Share.AlertActions.PauseNote')}</p>
          </fieldset>
          {pause === 'until' ? (
            <TextField
              label={t('Share.AlertActions.PauseUntilLabel', { zone: format.timeZone })}
              type="datetime-local"
              {...resolveForm.register('until')}
              error={fieldError(resolveForm.formState.errors.until)}
            />
          ) : null}
          {failure(resolve)}
          <SubmitButton busy={resolve.phase === 'sending'}>
            {t('Share.AlertActions.Resolve')}
          </SubmitButton>
        </form>
      ) : null}
    </section>
  );
}
