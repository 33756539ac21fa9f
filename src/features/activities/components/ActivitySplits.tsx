import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SplitsSettings } from '../../../api/entities/splits';
import { SplitType } from '../../../api/enums';
import { activitySplitsSaveRequested } from '../../../store/activities/activityEditActions';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectTrackColumns } from '../../../store/locationHistory/locationHistorySelectors';
import type { Formatter, Measure } from '../../../ui/format';
import { SelectField } from '../../../ui/forms/SelectField';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { useFieldError } from '../../../ui/forms/useFieldError';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { splitRows } from '../splits/splitRows';
import { SplitsForm, splitsFormDefaults } from '../splits/splitsForm';
import './activitySplits.css';

/**
 * The activity's Splits tab (issue 7 item 3; policy §2 "Splits columns", §3 split types): a form
 * choosing DISTANCE_KM or TIME_MINUTES and its length, validated by the contract's rules (app §5:
 * distance 0.1–100 km, time 1–60 minutes, required, numeric; translated messages) and saved through
 * the store's `activitySplitsSaveRequested` (member-wearer-activity-splits; a local update at once,
 * a reload 6 s later, undone with a notice on failure). Under it, the table of the saved settings'
 * splits computed from the track: split index, distance, elevation, average heart rate and average
 * speed in the member's units.
 */
export function ActivitySplits({
  activityId,
  saved,
  format,
  text,
}: {
  activityId: number;
  saved: SplitsSettings | null;
  format: Formatter;
  text: (measure: Measure) => string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fieldError = useFieldError();
  const columns = useAppSelector((state) => selectTrackColumns(state, activityId));
  const form = useForm({
    resolver: zodFormResolver(SplitsForm),
    defaultValues: splitsFormDefaults(saved),
  });
  const type = useWatch({ control: form.control, name: 'SplitType' });
  const rows = useMemo(() => (saved ? splitRows(columns, saved) : []), [columns, saved]);
  const none = t('Activities.Splits.NoValue');
  const or = (value: number | null, show: (value: number) => string) =>
    value === null ? none : show(value);

  return (
    <section className="ll-splits" aria-label={t('Activities.Splits.Title')}>
      <form
        className="ll-splits-form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((settings) => {
            dispatch(
              activitySplitsSaveRequested({ ActivityId: activityId, SplitsSettings: settings }),
            );
          })(event)
        }
      >
        <SelectField
          label={t('Activities.Splits.Type')}
          options={SplitType.options.map((value) => ({
            value,
            label: t(`Activities.Splits.Types.${value}`),
          }))}
          {...form.register('SplitType')}
        />
        {type === 'DISTANCE_KM' ? (
          <TextField
            key="Distance"
            label={t('Activities.Splits.Distance')}
            inputMode="decimal"
            {...form.register('Distance')}
            error={fieldError(form.formState.errors.Distance)}
          />
        ) : (
          <TextField
            key="Time"
            label={t('Activities.Splits.Time')}
            inputMode="decimal"
            {...form.register('Time')}
            error={fieldError(form.formState.errors.Time)}
          />
        )}
        <SubmitButton busy={false}>{t('Activities.Splits.Save')}</SubmitButton>
      </form>
      {saved === null ? (
        <p className="ll-muted">{t('Activities.Splits.NotSet')}</p>
      ) : (
        <table className="ll-splits-table">
          <caption>
            {saved.SplitType === 'DISTANCE_KM'
              ? t('Activities.Splits.EveryDistance', { distance: saved.Distance })
              : t('Activities.Splits.EveryTime', { count: saved.Time })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('Activities.Splits.Columns.Index')}</th>
              <th scope="col">{t('Activities.Splits.Columns.Distance')}</th>
              <th scope="col">{t('Activities.Splits.Columns.Elevation')}</th>
              <th scope="col">{t('Activities.Splits.Columns.HeartRate')}</th>
              <th scope="col">{t('Activities.Splits.Columns.Speed')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.index}>
                <th scope="row">{row.index}</th>
                <td>{text(format.distance(row.distanceM))}</td>
                <td>{or(row.elevationM, (m) => text(format.altitude(m)))}</td>
                <td>{or(row.heartRateAvgBpm, (bpm) => text(format.heartRate(bpm)))}</td>
                <td>{or(row.speedAvgMps, (mps) => text(format.speed(mps)))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
