import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { LanguageCode } from '../../../api/enums';
import {
  memberClientReloadRequested,
  selectMemberClient,
  selectMemberClientStatus,
} from '../../../store/client/clientSlice';
import { selectWearer } from '../../../store/entities/wearerSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { LoadGate } from '../../../ui/feedback/LoadGate';
import { safeReturnPath } from '../../../ui/routing/safeReturnPath';
import { ClientServices } from './ClientServices';
import { RescueServices } from './RescueServices';
import '../settings.css';

/**
 * Services provided (spec §2 /member/services-provided and /auth/services-provided; policy §2 "client
 * services, emergency contact, rescue services, product services"): what the service gives the member,
 * from translations and the member's client. In the member area it links to the emergency contacts;
 * in the auth area a `?returnTo=` route (checked by `safeReturnPath`) is offered to continue.
 */
export function ServicesProvidedPage({ area }: { readonly area: 'member' | 'auth' }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const client = useAppSelector(selectMemberClient);
  const clientStatus = useAppSelector(selectMemberClientStatus);
  const wearer = useAppSelector(selectWearer);
  const language = z.catch(LanguageCode, 'en').parse(i18n.resolvedLanguage ?? i18n.language);
  const returnTo = params.get('returnTo');
  useEffect(() => {
    dispatch(memberClientReloadRequested());
  }, [dispatch]);

  return (
    <section className="ll-form-page ll-settings" aria-labelledby="services-title">
      <h1 id="services-title">{t('Titles.ServicesProvided')}</h1>
      <p>{t('Settings.Services.Intro')}</p>

      <section className="ll-settings-section" aria-labelledby="services-client-title">
        <h2 id="services-client-title">{t('Settings.Services.Client.Title')}</h2>
        <LoadGate
          status={client ? 'ready' : clientStatus === 'failed' ? 'failed' : 'loading'}
          labels={{
            loading: t('Common.Loading'),
            failed: t('Settings.Errors.ClientLoadFailed'),
            retry: t('Settings.Retry'),
          }}
          onRetry={() => dispatch(memberClientReloadRequested())}
        >
          {client ? <ClientServices client={client} language={language} /> : null}
        </LoadGate>
      </section>

      <section className="ll-settings-section" aria-labelledby="services-contacts-title">
        <h2 id="services-contacts-title">{t('Settings.Services.Contacts.Title')}</h2>
        <p>{t('Settings.Services.Contacts.Alerts')}</p>
        <p>{t('Settings.Services.Contacts.Details')}</p>
        {area === 'member' ? (
          <p>
            <Link to="/member/contacts">{t('Settings.Services.Contacts.Manage')}</Link>
          </p>
        ) : null}
      </section>

      <RescueServices accountCountry={wearer?.CountryCode ?? null} />

      <section className="ll-settings-section" aria-labelledby="services-product-title">
        <h2 id="services-product-title">{t('Settings.Services.Product.Title')}</h2>
        <ul>
          <li>{t('Settings.Services.Product.Tracking')}</li>
          <li>{t('Settings.Services.Product.Sharing')}</li>
          <li>{t('Settings.Services.Product.Trial')}</li>
        </ul>
      </section>

      {area === 'auth' && returnTo ? (
        <p className="ll-actions">
          <Link className="ll-button ll-button-primary" to={safeReturnPath(returnTo)}>
            {t('Settings.Services.Continue')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
