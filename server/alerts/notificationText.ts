import i18next, { type TFunction } from 'i18next';
import da from '../../locales/da/Notifications.json';
import de from '../../locales/de/Notifications.json';
import en from '../../locales/en/Notifications.json';
import nl from '../../locales/nl/Notifications.json';
import no from '../../locales/no/Notifications.json';

/*
 * The words of the alert messages to emergency contacts (alertNotifications.ts) in the member's
 * "language for messages and e-mails" (members.language_code, spec §3 LanguageCode), through
 * i18next like every text the app shows: section `Notifications` of locales/. A language without
 * the section reads English.
 */

const texts = i18next.createInstance();
void texts.init({
  resources: {
    en: { Notifications: en },
    de: { Notifications: de },
    da: { Notifications: da },
    nl: { Notifications: nl },
    no: { Notifications: no },
  },
  ns: ['Notifications'],
  defaultNS: 'Notifications',
  fallbackLng: 'en',
  // Plain text (e-mail, SMS, a call's script), not HTML.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * The notification texts in `language` (an ISO 639-1 code such as 'de'; null or an unknown one:
 * English), keys of the `Notifications` section, e.g. `t('Greeting', { name })`.
 */
export function notificationTexts(language: string | null): TFunction<'Notifications'> {
  return texts.getFixedT(language ?? 'en', 'Notifications');
}
