import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../api/entities/device';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { deviceNicknameSaveRequested, selectDeviceEdits } from '../deviceEditsSlice';
import { NicknameForm, type NicknameFormInput } from '../deviceForms';
import { useFieldError } from '../../../ui/forms/useFieldError';

/**
 * The nickname edit of one device (policy §2 "Devices list (nickname edit …)"; app §5 "Device
 * nickname": letters, digits, spaces, underscore, ≤ 20). Saves through save-device; a failure shows
 * its message and keeps the text.
 */
export function NicknameEditor({
  device,
  onCancel,
}: {
  readonly device: Device;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const edits = useAppSelector(selectDeviceEdits);
  const fieldError = useFieldError();
  const form = useForm<NicknameFormInput>({
    resolver: zodFormResolver(NicknameForm),
    defaultValues: { DeviceNickname: device.DeviceNickname },
  });
  const mine = edits.deviceId === device.DeviceID && edits.operation === 'save';
  return (
    <form
      className="ll-form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          dispatch(
            deviceNicknameSaveRequested({
              DeviceID: device.DeviceID,
              nickname: values.DeviceNickname.trim(),
            }),
          );
        })(event)
      }
    >
      <TextField
        label={t('Devices.Fields.Nickname')}
        hint={t('Devices.Fields.NicknameHint')}
        autoComplete="off"
        {...form.register('DeviceNickname')}
        error={fieldError(form.formState.errors.DeviceNickname)}
      />
      {mine && edits.status === 'failed' && edits.errorKey ? (
        <FormMessage tone="error">{t(edits.errorKey)}</FormMessage>
      ) : null}
      <div className="ll-actions">
        <SubmitButton busy={edits.status === 'pending'}>{t('Devices.List.Save')}</SubmitButton>
        <button type="button" className="ll-button" onClick={onCancel}>
          {t('Devices.List.Cancel')}
        </button>
      </div>
    </form>
  );
}
