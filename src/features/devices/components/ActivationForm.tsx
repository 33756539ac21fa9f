import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { selectMemberClient } from '../../../store/client/clientSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SelectField } from '../../../ui/forms/SelectField';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import {
  deviceActivationRequested,
  deviceActivationReset,
  selectDeviceActivation,
} from '../activationSlice';
import {
  ActivationForm as ActivationFormSchema,
  type ActivationField,
  type ActivationFormInput,
  type ActivationFormValues,
} from '../deviceForms';
import { ACTIVATABLE_DEVICE_TYPES, deviceTypeKey } from '../deviceTypes';
import type { PendingActivation } from '../pendingActivation';
import { useFieldError } from '../../../ui/forms/useFieldError';

export interface ActivationFormProps {
  /** The IMEI and code the form starts with (from the path or a pending QR activation). */
  readonly initial: PendingActivation;
  /** Called once after this form's submit activated the device. */
  readonly onActivated: () => void;
  /** More buttons beside Activate (e.g. "Skip for now"). */
  readonly extraActions?: ReactNode;
}

/**
 * The device activation form (app §7 activate-device; §5 IMEI, nickname; policy §5 6-digit code): IMEI,
 * code, nickname and device type. Invalid input shows its message and nothing is sent. A failure shows
 * its translated text (policy §8; UNKNOWN with the client's support e-mail) and any field the server
 * rejected; the entries stay as typed.
 */
export function ActivationForm({ initial, onActivated, extraActions }: ActivationFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const activation = useAppSelector(selectDeviceActivation);
  const supportEmail = useAppSelector(selectMemberClient)?.SupportEmail ?? null;
  const fieldError = useFieldError();
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<ActivationFormInput, unknown, ActivationFormValues>({
    resolver: zodFormResolver(ActivationFormSchema),
    defaultValues: { Imei: initial.imei, Code: initial.code, DeviceNickname: '', DeviceType: '' },
  });

  useEffect(() => {
    dispatch(deviceActivationReset());
  }, [dispatch]);
  useEffect(() => {
    if (submitted && activation.status === 'succeeded') onActivated();
  }, [submitted, activation.status, onActivated]);

  const failure = submitted && activation.status === 'failed' ? activation.failure : null;
  const errorOf = (field: ActivationField): string | undefined => {
    const server = failure?.fieldErrors[field];
    return (
      fieldError(form.formState.errors[field]) ??
      (server ? t(server.key, server.params ?? {}) : undefined)
    );
  };
  const support =
    failure?.message.key === 'Devices.ActivationErrors.UNKNOWN' && supportEmail ? (
      <a href={`mailto:${supportEmail}`}>
        {t('Devices.Activation.ContactSupport', { email: supportEmail })}
      </a>
    ) : undefined;

  return (
    <form
      className="ll-form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          setSubmitted(true);
          dispatch(deviceActivationRequested(values));
        })(event)
      }
    >
      <TextField
        label={t('Devices.Fields.Imei')}
        hint={t('Devices.Fields.ImeiHint')}
        inputMode="numeric"
        autoComplete="off"
        {...form.register('Imei')}
        error={errorOf('Imei')}
      />
      <TextField
        label={t('Devices.Fields.Code')}
        hint={t('Devices.Fields.CodeHint')}
        inputMode="numeric"
        autoComplete="off"
        {...form.register('Code')}
        error={errorOf('Code')}
      />
      <TextField
        label={t('Devices.Fields.Nickname')}
        hint={t('Devices.Fields.NicknameHint')}
        autoComplete="off"
        {...form.register('DeviceNickname')}
        error={errorOf('DeviceNickname')}
      />
      <SelectField
        label={t('Devices.Fields.Type')}
        placeholder={t('Devices.Fields.TypePlaceholder')}
        options={ACTIVATABLE_DEVICE_TYPES.map((type) => ({
          value: type,
          label: t(deviceTypeKey(type)),
        }))}
        {...form.register('DeviceType')}
        error={errorOf('DeviceType')}
      />
      {failure ? (
        <FormMessage tone="error" actions={support}>
          {t(failure.message.key, failure.message.params ?? {})}
        </FormMessage>
      ) : null}
      <div className="ll-actions">
        <SubmitButton busy={activation.status === 'pending'}>
          {t('Devices.Activation.Submit')}
        </SubmitButton>
        {extraActions}
      </div>
    </form>
  );
}
