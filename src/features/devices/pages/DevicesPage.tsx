import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectAllDevices, selectDevicesReceived } from '../../../store/entities/devicesSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectMember } from '../../../store/session/sessionSlice';
import { ButtonLink } from '../../../ui/layout/ButtonLink';
import { deviceEditReset } from '../deviceEditsSlice';
import { DeviceCard } from '../components/DeviceCard';
import { DevicesLoadStatus } from '../components/DevicesLoadStatus';
import { ACTIVATE_DEVICE_PATH } from '../devicePaths';
import '../devices.css';

/**
 * /member/devices (app §2; policy §2 "Devices list (nickname edit, remove …)"): every device of the
 * member with its nickname edit and removal, the phone tracker setup of SMARTPHONE_APP devices, and a
 * link to activate another device; with no device, an empty state linking to the activation.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const devices = useAppSelector(selectAllDevices);
  const received = useAppSelector(selectDevicesReceived);
  const domainUrl = useAppSelector(selectMember)?.DomainUrl ?? null;
  useEffect(() => {
    dispatch(deviceEditReset());
  }, [dispatch]);

  return (
    <section className="ll-devices" aria-labelledby="devices-title">
      <h1 id="devices-title">{t('Titles.Devices')}</h1>
      {!received ? <DevicesLoadStatus /> : null}
      {received && devices.length === 0 ? (
        <div className="ll-empty">
          <p>{t('Devices.List.Empty')}</p>
          <ButtonLink to={ACTIVATE_DEVICE_PATH} variant="primary">
            {t('Devices.List.ActivateFirst')}
          </ButtonLink>
        </div>
      ) : null}
      {received && devices.length > 0 ? (
        <>
          <ul className="ll-device-list">
            {devices.map((device) => (
              <li key={device.DeviceID}>
                <DeviceCard device={device} domainUrl={domainUrl} />
              </li>
            ))}
          </ul>
          <ButtonLink to={ACTIVATE_DEVICE_PATH}>{t('Devices.List.ActivateAnother')}</ButtonLink>
        </>
      ) : null}
    </section>
  );
}
