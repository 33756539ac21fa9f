import { useTranslation } from 'react-i18next';
import type { EmergencyInfo } from '../../../api/entities/member';

const FIELDS = ['BloodGroup', 'GpDetails', 'Conditions', 'Medications', 'Notes'] as const;

/** Whether `info` holds anything to show. */
export function hasEmergencyInfo(info: EmergencyInfo | null | undefined): info is EmergencyInfo {
  return FIELDS.some((field) => Boolean(info?.[field]));
}

/**
 * The wearer's extra emergency information (policy §2 "Personal Details … extra emergency info", §3
 * "Member" medical labels: blood group, GP details, conditions, medications, notes), read-only: the
 * wearer record carries it but member-wearer-update has no field to change it (spec §7).
 */
export function EmergencyInfoSummary({ info }: { readonly info: EmergencyInfo }) {
  const { t } = useTranslation();
  return (
    <section className="ll-settings-section" aria-labelledby="emergency-info-title">
      <h2 id="emergency-info-title">{t('Settings.EmergencyInfo.Title')}</h2>
      <p className="ll-muted">{t('Settings.EmergencyInfo.Intro')}</p>
      <dl className="ll-settings-list">
        {FIELDS.filter((field) => info[field]).map((field) => (
          <div key={field}>
            <dt>{t(`Settings.EmergencyInfo.${field}`)}</dt>
            <dd>{info[field]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
