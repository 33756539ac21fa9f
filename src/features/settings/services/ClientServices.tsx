import { useTranslation } from 'react-i18next';
import { supportUrlFor, type Client } from '../../../api/entities/client';
import type { LanguageCode } from '../../../api/enums';

/**
 * The client's services (policy §2 "client services"; spec §3 Client): who provides the service and
 * how to reach its support — the e-mail, and the support site with `{{locale}}` replaced for the UI
 * `language` (spec §9: nl, de, fr, otherwise en). Either line is left out when the client has none.
 */
export function ClientServices({
  client,
  language,
}: {
  readonly client: Client;
  readonly language: LanguageCode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('Settings.Services.Client.Provider', { client: client.ClientName })}</p>
      {client.SupportEmail ? (
        <p>
          {t('Settings.Services.Client.SupportEmail')}{' '}
          <a href={`mailto:${client.SupportEmail}`}>{client.SupportEmail}</a>
        </p>
      ) : null}
      {client.SupportUrl ? (
        <p>
          <a href={supportUrlFor(client.SupportUrl, language)} target="_blank" rel="noreferrer">
            {t('Settings.Services.Client.SupportSite')}
          </a>
        </p>
      ) : null}
    </>
  );
}
