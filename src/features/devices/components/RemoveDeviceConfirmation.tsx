import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../api/entities/device';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { deviceRemovalRequested, selectDeviceEdits } from '../deviceEditsSlice';

/**
 * Asks before removing a device, explaining policy §4 "Device rules": the device is released for
 * another user up to 30 minutes after it is next turned on, and the subscription does not transfer.
 * Focus starts on "Keep device" (the safe answer). A failure (app §8 UNKNOWN) shows here.
 */
export function RemoveDeviceConfirmation({
  device,
  name,
  onCancel,
}: {
  readonly device: Device;
  /** The device's display name. */
  readonly name: string;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const edits = useAppSelector(selectDeviceEdits);
  const titleId = useId();
  const textId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keepRef.current?.focus();
  }, []);
  const mine = edits.deviceId === device.DeviceID && edits.operation === 'remove';
  const busy = edits.status === 'pending';
  return (
    <div
      className="ll-confirm"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <h3 id={titleId}>{t('Devices.Remove.Title', { name })}</h3>
      <div id={textId}>
        <p>{t('Devices.Remove.Release')}</p>
        <p>{t('Devices.Remove.Subscription')}</p>
      </div>
      {mine && edits.status === 'failed' && edits.errorKey ? (
        <FormMessage tone="error">{t(edits.errorKey)}</FormMessage>
      ) : null}
      <div className="ll-actions">
        <button
          type="button"
          className="ll-button ll-button-danger"
          disabled={busy}
          aria-busy={mine && busy}
          onClick={() => dispatch(deviceRemovalRequested({ DeviceID: device.DeviceID }))}
        >
          {t('Devices.Remove.Confirm')}
        </button>
        <button ref={keepRef} type="button" className="ll-button" onClick={onCancel}>
          {t('Devices.Remove.Cancel')}
        </button>
      </div>
    </div>
  );
}
