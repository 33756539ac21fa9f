import { useTranslation } from 'react-i18next';
import type { Device } from '../../../api/entities/device';
import { useAppSelector } from '../../../store/hooks';
import { selectEffectiveUnits } from '../../../store/units/effectiveUnits';
import { useFormatter } from '../../../ui/format';
import { deviceTypeKey } from '../deviceTypes';

/**
 * A device's facts (policy §3 "Device"): type name, IMEI, and the registration and subscription end
 * dates when the server gives them, in the member's date format and time zone like every other date.
 */
export function DeviceDetails({ device }: { readonly device: Device }) {
  const { t } = useTranslation();
  const { format } = useFormatter(useAppSelector(selectEffectiveUnits));
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
          <dd>{format.date(registered)}</dd>
        </>
      ) : null}
      {subscriptionEnds !== null ? (
        <>
          <dt>{t('Devices.Fields.SubscriptionEnds')}</dt>
          <dd>{format.date(subscriptionEnds)}</dd>
        </>
      ) : null}
    </dl>
  );
}
