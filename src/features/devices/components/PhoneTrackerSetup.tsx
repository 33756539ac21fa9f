import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackerServerUrl } from '../phoneTracker';
import { CopyButton } from './CopyButton';

export interface PhoneTrackerSetupProps {
  /** The SMARTPHONE_APP device's ingest key (a secret, only ever sent to its owner). */
  readonly ingestKey: string;
  /** The member's DomainUrl (app §3 Member). */
  readonly domainUrl: string;
}

/**
 * How to turn a phone into this SMARTPHONE_APP device (policy §3 "smartphone apps"): a tracker app
 * speaking the OsmAnd protocol (e.g. Traccar Client) with the server URL `<DomainUrl>/ingest/osmand`
 * and the ingest key as its device identifier. The key is hidden until asked for, and said to be secret.
 */
export function PhoneTrackerSetup({ ingestKey, domainUrl }: PhoneTrackerSetupProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const serverUrl = trackerServerUrl(domainUrl);
  return (
    <section className="ll-tracker-setup" aria-label={t('Devices.Tracker.Title')}>
      <h3>{t('Devices.Tracker.Title')}</h3>
      <p>{t('Devices.Tracker.Instructions')}</p>
      <dl className="ll-device-details">
        <dt>{t('Devices.Tracker.ServerUrl')}</dt>
        <dd>
          <code>{serverUrl}</code>{' '}
          <CopyButton text={serverUrl} label={t('Devices.Tracker.CopyServerUrl')} />
        </dd>
        <dt>{t('Devices.Tracker.DeviceIdentifier')}</dt>
        <dd>
          {shown ? (
            <code>{ingestKey}</code>
          ) : (
            <span className="ll-muted">{t('Devices.Tracker.Hidden')}</span>
          )}{' '}
          <button
            type="button"
            className="ll-link-button"
            onClick={() => {
              setShown(!shown);
            }}
          >
            {shown ? t('Devices.Tracker.Hide') : t('Devices.Tracker.Show')}
          </button>{' '}
          <CopyButton text={ingestKey} label={t('Devices.Tracker.CopyKey')} />
        </dd>
      </dl>
      <p className="ll-muted">{t('Devices.Tracker.Secret')}</p>
    </section>
  );
}
