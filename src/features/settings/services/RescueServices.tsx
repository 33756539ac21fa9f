import { useTranslation } from 'react-i18next';
import { RESCUE_PARTNER_COUNTRIES, type CountryCode } from '../../../api/enums';

/**
 * Rescue services (policy §1 "Alert and rescue routing", vocabulary "Partner rescue organisations: DE,
 * DK, NL, NO"): the partner countries; inside a partner's coverage an alert also goes to the rescue
 * organisation; on-water alerts go to the home organisation when the account is registered in a
 * partner country; otherwise only the contacts are told. With the account's country known, one line
 * says which case applies to the member.
 */
export function RescueServices({
  accountCountry,
}: {
  readonly accountCountry: CountryCode | null;
}) {
  const { t } = useTranslation();
  const partners = RESCUE_PARTNER_COUNTRIES.map((code) => t(`Countries.${code}`)).join(', ');
  const country = accountCountry ? t(`Countries.${accountCountry}`) : null;
  const home = accountCountry !== null && RESCUE_PARTNER_COUNTRIES.includes(accountCountry);
  return (
    <section className="ll-settings-section" aria-labelledby="services-rescue-title">
      <h2 id="services-rescue-title">{t('Settings.Services.Rescue.Title')}</h2>
      <p>{t('Settings.Services.Rescue.Partners', { countries: partners })}</p>
      <ul>
        <li>{t('Settings.Services.Rescue.Coverage')}</li>
        <li>{t('Settings.Services.Rescue.OnWater')}</li>
        <li>{t('Settings.Services.Rescue.Otherwise')}</li>
      </ul>
      {country ? (
        <p>
          {t(home ? 'Settings.Services.Rescue.HomePartner' : 'Settings.Services.Rescue.HomeOther', {
            country,
          })}
        </p>
      ) : null}
      <p className="ll-muted">{t('Settings.Services.Rescue.Funding')}</p>
    </section>
  );
}
