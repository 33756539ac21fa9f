import { useTranslation } from 'react-i18next';
import type { Device } from '../../../api/entities/device';
import { formatDeviceDate } from '../deviceDate';
import { deviceTypeKey } from '../deviceTypes';

/**
 * A device's facts (policy §3 "Device"): type name, IMEI, and the registration and subscription end
 * dates when the server gives them.
 */
export function DeviceDetails({ device }: { readonly device: Device }) {
  const { t, i18n } = useTranslation();
  const registered = device.RegisteredTimestamp ?? null;
  const subscriptionEnds = device.SubscriptionExpiryTimestamp ?? null;
  return (
    <dl className="ll-device-details">
      <dt>{t('Devices.Fields.Type')}</dt>
      <dd>{t(deviceTypeKey(device.DeviceType))}</dd>
      <dt>{t('Devices.Fields.Imei')}</dt>
      <dd>{device.Imei}</dd>
      {registered !== null ? (
        <>
          <dt>{t('Devices.Fields.Registered')}</dt>
          <dd>{formatDeviceDate(registered, i18n.language)}</dd>
        </>
      ) : null}
      {subscriptionEnds !== null ? (
        <>
          <dt>{t('Devices.Fields.SubscriptionEnds')}</dt>
          <dd>{formatDeviceDate(subscriptionEnds, i18n.language)}</dd>
        </>
      ) : null}
    </dl>
  );
}
