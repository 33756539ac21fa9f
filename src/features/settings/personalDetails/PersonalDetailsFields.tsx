import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Wearer } from '../../../api/entities/member';
import { LanguageCode, Sex, type DateFormat } from '../../../api/enums';
import { normalisePhone } from '../../../api/validation';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SelectField } from '../../../ui/forms/SelectField';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { SaveErrorMessage } from '../components/SaveErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';
import { personalDetailsSaveRequested, selectPersonalDetailsSave } from '../settingsSlice';
import {
  DATE_FORMAT_HINT_KEYS,
  PersonalDetailsForm,
  personalDetailsDefaults,
} from './personalDetailsForm';

export interface PersonalDetailsFieldsProps {
  readonly wearer: Wearer;
  /** The client's date display format (spec §3 Units). */
  readonly dateFormat: DateFormat;
  /** The phone the identity service holds (`+` and digits), the one verification is about. */
  readonly verifiedPhone: string | null;
}

/**
 * The personal-details form (spec §5 Name, Date, Minimum age, Phone; §7 member-wearer-update): first
 * and last name, date of birth typed in the client's date format (day-first or year-first accepted,
 * saved `YYYY/MM/DD`), sex, phone with its country code and language. When the typed phone differs
 * from the verified one, the page says it must be verified again after saving (spec §4).
 */
export function PersonalDetailsFields({
  wearer,
  dateFormat,
  verifiedPhone,
}: PersonalDetailsFieldsProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const save = useAppSelector(selectPersonalDetailsSave);
  const fieldError = useFieldError();
  const form = useForm({
    resolver: zodFormResolver(PersonalDetailsForm),
    defaultValues: personalDetailsDefaults(wearer, dateFormat),
  });
  const errors = form.formState.errors;
  const phone = useWatch({ control: form.control, name: 'phone' });
  const typedPhone = normalisePhone(phone);
  const phoneChanges = typedPhone !== '' && typedPhone !== (verifiedPhone ?? wearer.PhoneNumber);
  const epicDateError =
    save.error?.field === 'dateOfBirth' ? t(save.error.key, save.error.params ?? {}) : undefined;

  return (
    <form
      className="ll-form ll-settings-form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          dispatch(personalDetailsSaveRequested(values));
        })(event)
      }
    >
      <TextField
        label={t('Settings.PersonalDetails.NameFirst')}
        autoComplete="given-name"
        {...form.register('nameFirst')}
        error={fieldError(errors.nameFirst)}
      />
      <TextField
        label={t('Settings.PersonalDetails.NameLast')}
        autoComplete="family-name"
        {...form.register('nameLast')}
        error={fieldError(errors.nameLast)}
      />
      <TextField
        label={t('Settings.PersonalDetails.DateOfBirth')}
        autoComplete="bday"
        inputMode="numeric"
        placeholder={t(DATE_FORMAT_HINT_KEYS[dateFormat])}
        hint={t('Settings.PersonalDetails.DateOfBirthHint', {
          format: t(DATE_FORMAT_HINT_KEYS[dateFormat]),
        })}
        {...form.register('dateOfBirth')}
        error={fieldError(errors.dateOfBirth) ?? epicDateError}
      />
      <SelectField
        label={t('Settings.PersonalDetails.Sex')}
        options={Sex.options.map((value) => ({ value, label: t(`Settings.Sex.${value}`) }))}
        {...form.register('sex')}
        error={fieldError(errors.sex)}
      />
      <TextField
        label={t('Settings.PersonalDetails.Phone')}
        type="tel"
        autoComplete="tel"
        hint={t('Settings.PersonalDetails.PhoneHint')}
        {...form.register('phone')}
        error={fieldError(errors.phone)}
      />
      {phoneChanges ? (
        <FormMessage tone="info">{t('Settings.PersonalDetails.PhoneChangeNotice')}</FormMessage>
      ) : null}
      <SelectField
        label={t('Settings.PersonalDetails.Language')}
        options={LanguageCode.options.map((value) => ({
          value,
          label: t(`Settings.LanguageNames.${value}`),
        }))}
        {...form.register('language')}
        error={fieldError(errors.language)}
      />
      {save.error && !save.error.field ? <SaveErrorMessage error={save.error} /> : null}
      <SubmitButton busy={save.status === 'pending'}>{t('Settings.Save')}</SubmitButton>
    </form>
  );
}
