import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActivityType } from '../../../api/enums';
import { TrimRange } from '../../../api/validation/trim';
import {
  activityDeleteRequested,
  activityEditRequested,
  activityTrimRequested,
} from '../../../store/activities/activityEditActions';
import { useAppDispatch } from '../../../store/hooks';
import type { Formatter } from '../../../ui/format';

/** What the actions need of the activity: its id, type and time span (epoch ms; end null while open). */
export interface EditableActivity {
  readonly ActivityId: number;
  readonly ActivityType: ActivityType;
  readonly TimestampStart: number;
  readonly TimestampEnd: number | null;
}

/** The span a trim being drafted would keep, epoch ms. */
export interface TrimDraft {
  readonly startMs: number;
  readonly endMs: number;
}

/** Minutes to cut off each end, and the span (epoch ms) they were typed against. */
interface TrimCuts {
  readonly forStart: number;
  readonly forEnd: number | null;
  readonly startMin: number;
  readonly endMin: number;
}

/**
 * Change the type, trim, delete (issue 7 item 3; spec §4 "edit, trim and splits update locally and
 * reload about 6 s later, delete reloads after 1 s"): each dispatches the store's command, whose epic
 * updates the store at once and reloads; a failure puts the old values back and shows a translated
 * notice. Trim takes minutes from the start and before the end, validated by the contract's TrimRange
 * (at least 1 minute left, inside the activity). Delete asks for confirmation: it cannot be undone.
 * An open activity cannot be trimmed (it says so when `trimming`). `onTrimDraft` hears the span a
 * valid trim being drafted would keep (null when nothing is cut or the cut is invalid), for the map's
 * preview. `trimming` (the trim route, /member/activity/trim/{ActivityId}) puts the focus in the trim's
 * first field; `onTrimmed` hears that a trim was sent. The minutes typed stay with the span they were
 * typed against, so a refused trim (the span back as it was) shows them again.
 */
export function ActivityActions({
  activity,
  format,
  onTrimDraft,
  trimming = false,
  onTrimmed,
}: {
  activity: EditableActivity;
  format: Formatter;
  onTrimDraft?: (draft: TrimDraft | null) => void;
  trimming?: boolean;
  onTrimmed?: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [type, setType] = useState<ActivityType>(activity.ActivityType);
  const [cuts, setCuts] = useState<TrimCuts | null>(null);
  const [confirming, setConfirming] = useState(false);
  const end = activity.TimestampEnd;
  // The cuts hold for the span they were typed against. A sent trim moves the span (the store's
  // optimistic update), which empties the fields; a refused one moves it back, and the minutes the
  // member typed are there again to retry.
  const current = cuts !== null && cuts.forStart === activity.TimestampStart && cuts.forEnd === end;
  const cutStartMin = current ? cuts.startMin : 0;
  const cutEndMin = current ? cuts.endMin : 0;
  const setCut = (edge: 'startMin' | 'endMin', minutes: number): void => {
    setCuts({
      forStart: activity.TimestampStart,
      forEnd: end,
      startMin: cutStartMin,
      endMin: cutEndMin,
      [edge]: Math.max(0, minutes),
    });
  };
  const newStart = activity.TimestampStart + cutStartMin * 60_000;
  const newEnd = end === null ? null : end - cutEndMin * 60_000;
  const trim =
    end === null || newEnd === null
      ? null
      : TrimRange(activity.TimestampStart, end).safeParse({
          NewActivityStart: newStart,
          NewActivityEnd: newEnd,
        });
  const trimError = trim && !trim.success ? trim.error.issues[0]?.message : null;
  const cutting = cutStartMin > 0 || cutEndMin > 0;
  const draftStart = cutting && trim?.success ? newStart : null;
  const draftEnd = cutting && trim?.success ? newEnd : null;
  useEffect(() => {
    onTrimDraft?.(
      draftStart === null || draftEnd === null ? null : { startMs: draftStart, endMs: draftEnd },
    );
  }, [onTrimDraft, draftStart, draftEnd]);
  useEffect(() => () => onTrimDraft?.(null), [onTrimDraft]);

  return (
    <section className="ll-activity-actions" aria-label={t('Activities.Actions.Title')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(
            activityEditRequested({ ActivityId: activity.ActivityId, NewActivityType: type }),
          );
        }}
      >
        <label>
          {t('Activities.Actions.Type')}
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value as ActivityType);
            }}
          >
            {ActivityType.options.map((option) => (
              <option key={option} value={option}>
                {t(`Activities.Type.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="ll-button" disabled={type === activity.ActivityType}>
          {t('Activities.Actions.SaveType')}
        </button>
      </form>
      {end !== null && newEnd !== null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (trim?.success) {
              dispatch(
                activityTrimRequested({
                  ActivityId: activity.ActivityId,
                  NewActivityStart: newStart,
                  NewActivityEnd: newEnd,
                }),
              );
              onTrimmed?.();
            }
          }}
        >
          <label>
            {t('Activities.Actions.CutStart')}
            <input
              // The trim route opens on this field (a screen of its own: focus is expected there).
              autoFocus={trimming}
              type="number"
              min={0}
              value={cutStartMin}
              onChange={(e) => {
                setCut('startMin', Number(e.target.value));
              }}
            />
          </label>
          <label>
            {t('Activities.Actions.CutEnd')}
            <input
              type="number"
              min={0}
              value={cutEndMin}
              onChange={(e) => {
                setCut('endMin', Number(e.target.value));
              }}
            />
          </label>
          <output>
            {t('Activities.Actions.TrimmedTo', {
              start: format.time(newStart),
              end: format.time(newEnd),
              duration: format.duration(Math.max(0, newEnd - newStart)),
            })}
          </output>
          {trimError ? <p role="alert">{t(trimError, { minutes: 1 })}</p> : null}
          <button
            type="submit"
            className="ll-button"
            disabled={!trim?.success || (cutStartMin === 0 && cutEndMin === 0)}
          >
            {t('Activities.Actions.Trim')}
          </button>
        </form>
      ) : trimming ? (
        <p role="status">{t('Activities.Actions.TrimOpen')}</p>
      ) : null}
      {confirming ? (
        <div role="alertdialog" aria-label={t('Activities.Actions.ConfirmDelete')}>
          <p>{t('Activities.Actions.ConfirmDelete')}</p>
          <button
            type="button"
            className="ll-button ll-button-primary"
            onClick={() => {
              dispatch(activityDeleteRequested({ ActivityId: activity.ActivityId }));
              void navigate('/member/activities');
            }}
          >
            {t('Activities.Actions.DeleteForGood')}
          </button>
          <button
            type="button"
            className="ll-button"
            onClick={() => {
              setConfirming(false);
            }}
          >
            {t('Activities.Actions.Cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="ll-button"
          onClick={() => {
            setConfirming(true);
          }}
        >
          {t('Activities.Actions.Delete')}
        </button>
      )}
    </section>
  );
}
