import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveActivityTypes } from '../../../api/calls/memberIntegrationWearer';
import type { ActivityType } from '../../../api/enums';
import { FAVOURITES_MAX } from '../../../api/validation';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { SaveErrorMessage } from '../components/SaveErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';
import { activityTypesSaveRequested, selectActivityTypesSave } from '../settingsSlice';
import { offeredActivityTypes } from './activityTypeChoices';

export interface FavouritesFormProps {
  /** The wearer's favourites when the form opened. */
  readonly initial: readonly ActivityType[];
  /** Where to go after saving (the next registration step), or null to stay. */
  readonly next: string | null;
  /** Text of the save button. */
  readonly submitLabel: string;
}

/**
 * The favourites grid (policy §2 "My Activity Types", §5 at least 1 and at most 9): one check box per
 * offered type with its translated name. With 9 ticked the others are disabled and the reason
 * (`Validations.FavouritesMax`) is shown; saving none shows `Validations.FavouritesMin` and sends
 * nothing. The rules are the contract's (`activity-types` request schema).
 */
export function FavouritesForm({ initial, next, submitLabel }: FavouritesFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const save = useAppSelector(selectActivityTypesSave);
  const fieldError = useFieldError();
  const ids = { count: useId(), limit: useId() };
  const form = useForm({
    resolver: zodFormResolver(saveActivityTypes.request),
    defaultValues: { ActivityTypes: [...initial] },
  });
  const selected = useWatch({ control: form.control, name: 'ActivityTypes' });
  const label = (type: ActivityType): string => t(`Settings.ActivityTypes.${type}`);
  // From the favourites at opening: a type unticked during the visit stays in the grid.
  const offered = offeredActivityTypes(initial, label);
  const full = selected.length >= FAVOURITES_MAX;
  const toggle = (type: ActivityType, on: boolean): void => {
    const value = on ? [...selected, type] : selected.filter((item) => item !== type);
    form.setValue('ActivityTypes', value, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const error = fieldError(form.formState.errors.ActivityTypes);

  return (
    <form
      className="ll-form ll-settings-form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          dispatch(activityTypesSaveRequested({ types: values.ActivityTypes, next }));
        })(event)
      }
    >
      <fieldset className="ll-favourites" aria-describedby={ids.count}>
        <legend>{t('Settings.Favourites.Legend')}</legend>
        <p id={ids.count} className="ll-muted" aria-live="polite">
          {t('Settings.Favourites.Count', { count: selected.length, max: FAVOURITES_MAX })}
        </p>
        <ul className="ll-favourites-grid">
          {offered.map((type) => {
            const checked = selected.includes(type);
            const disabled = full && !checked;
            return (
              <li key={type}>
                <label className="ll-check">
                  <input
                    type="checkbox"
                    name="ActivityTypes"
                    value={type}
                    checked={checked}
                    disabled={disabled}
                    aria-describedby={disabled ? ids.limit : undefined}
                    onChange={(event) => {
                      toggle(type, event.target.checked);
                    }}
                  />
                  {label(type)}
                </label>
              </li>
            );
          })}
        </ul>
        {full ? (
          <p id={ids.limit} className="ll-muted" role="status">
            {t('Validations.FavouritesMax', { max: FAVOURITES_MAX })}
          </p>
        ) : null}
        {error ? (
          <small className="ll-field-error" role="alert">
            {error}
          </small>
        ) : null}
      </fieldset>
      <p className="ll-muted">{t('Settings.Favourites.WatchUpdate')}</p>
      {save.error ? <SaveErrorMessage error={save.error} /> : null}
      <SubmitButton busy={save.status === 'pending'}>{submitLabel}</SubmitButton>
    </form>
  );
}
