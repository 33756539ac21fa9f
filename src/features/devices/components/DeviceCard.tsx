import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../api/entities/device';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { deviceEditReset, selectDeviceEdits } from '../deviceEditsSlice';
import { DeviceDetails } from './DeviceDetails';
import { NicknameEditor } from './NicknameEditor';
import { PhoneTrackerSetup } from './PhoneTrackerSetup';
import { RemoveDeviceConfirmation } from './RemoveDeviceConfirmation';

export interface DeviceCardProps {
  readonly device: Device;
  /** The member's DomainUrl, for the phone tracker setup of a SMARTPHONE_APP device. */
  readonly domainUrl: string | null;
}

/**
 * One device of the list (policy §2 "Devices list (nickname edit, remove …)"): its name and facts, the
 * nickname edit, the removal with its confirmation, and for a SMARTPHONE_APP device with an ingest key
 * the phone tracker setup. One change at a time across the list: the buttons wait while one is sent.
 */
export function DeviceCard({ device, domainUrl }: DeviceCardProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const edits = useAppSelector(selectDeviceEdits);
  const [mode, setMode] = useState<'view' | 'edit' | 'confirmRemove'>('view');
  const titleId = useId();
  const name = device.DeviceNickname || t('Devices.List.Unnamed');
  const saved =
    edits.deviceId === device.DeviceID && edits.operation === 'save' && edits.status === 'done';
  // A saved nickname closes the editor (state adjusted while rendering, not in an effect).
  if (saved && mode === 'edit') setMode('view');
  const open = (next: 'view' | 'edit' | 'confirmRemove'): void => {
    dispatch(deviceEditReset());
    setMode(next);
  };
  const close = (): void => {
    open('view');
  };

  return (
    <article className="ll-device-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{name}</h2>
      <DeviceDetails device={device} />
      {mode === 'edit' ? <NicknameEditor device={device} onCancel={close} /> : null}
      {mode === 'confirmRemove' ? (
        <RemoveDeviceConfirmation device={device} name={name} onCancel={close} />
      ) : null}
      {mode === 'view' ? (
        <div className="ll-actions">
          <button
            type="button"
            className="ll-button"
            disabled={edits.status === 'pending'}
            onClick={() => {
              open('edit');
            }}
          >
            {t('Devices.List.EditNickname')}
          </button>
          <button
            type="button"
            className="ll-button"
            disabled={edits.status === 'pending'}
            onClick={() => {
              open('confirmRemove');
            }}
          >
            {t('Devices.List.Remove')}
          </button>
        </div>
      ) : null}
      {device.DeviceType === 'SMARTPHONE_APP' && device.IngestKey && domainUrl ? (
        <PhoneTrackerSetup ingestKey={device.IngestKey} domainUrl={domainUrl} />
      ) : null}
    </article>
  );
}
