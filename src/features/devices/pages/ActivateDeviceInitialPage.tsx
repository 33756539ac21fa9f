import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectAllDevices, selectDevicesReceived } from '../../../store/entities/devicesSlice';
import { useAppSelector } from '../../../store/hooks';
import { ButtonLink } from '../../../ui/layout/ButtonLink';
import { ActivationPanel } from '../components/ActivationPanel';
import { DeviceDetails } from '../components/DeviceDetails';
import { DevicesLoadStatus } from '../components/DevicesLoadStatus';
import { DEVICES_PATH } from '../devicePaths';
import '../devices.css';

/**
 * /member/activate-device-initial (app §2 "shows the current device if any"): the member's current
 * device with a link to manage the devices, or, with none, the activation form (then the devices list).
 */
export function ActivateDeviceInitialPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const devices = useAppSelector(selectAllDevices);
  const received = useAppSelector(selectDevicesReceived);
  const onActivated = useCallback(() => {
    void navigate(DEVICES_PATH);
  }, [navigate]);
  const current = devices[0];

  let body;
  if (!received) body = <DevicesLoadStatus />;
  else if (current) {
    body = (
      <article className="ll-device-card" aria-labelledby="current-device-title">
        <h2 id="current-device-title">{t('Devices.Activation.CurrentDevice')}</h2>
        <p>{current.DeviceNickname || t('Devices.List.Unnamed')}</p>
        <DeviceDetails device={current} />
        <ButtonLink to={DEVICES_PATH}>{t('Devices.Activation.ManageDevices')}</ButtonLink>
      </article>
    );
  } else {
    body = (
      <>
        <p>{t('Devices.Activation.Intro')}</p>
        <ActivationPanel onActivated={onActivated} />
      </>
    );
  }
  return (
    <section className="ll-form-page" aria-labelledby="activate-initial-title">
      <h1 id="activate-initial-title">{t('Titles.ActivateDeviceInitial')}</h1>
      {body}
    </section>
  );
}
