import i18next, { type TFunction } from 'i18next';
import daNotifications from '../../locales/da/Notifications.json';
import daTemplates from '../../locales/da/ReminderTemplates.json';
import daIdentityCodes from '../../locales/da/IdentityCodes.json';
import deNotifications from '../../locales/de/Notifications.json';
import deTemplates from '../../locales/de/ReminderTemplates.json';
import deIdentityCodes from '../../locales/de/IdentityCodes.json';
import enNotifications from '../../locales/en/Notifications.json';
import enTemplates from '../../locales/en/ReminderTemplates.json';
import enIdentityCodes from '../../locales/en/IdentityCodes.json';
import esNotifications from '../../locales/es/Notifications.json';
import esTemplates from '../../locales/es/ReminderTemplates.json';
import esIdentityCodes from '../../locales/es/IdentityCodes.json';
import etNotifications from '../../locales/et/Notifications.json';
import etTemplates from '../../locales/et/ReminderTemplates.json';
import etIdentityCodes from '../../locales/et/IdentityCodes.json';
import fiNotifications from '../../locales/fi/Notifications.json';
import fiTemplates from '../../locales/fi/ReminderTemplates.json';
import fiIdentityCodes from '../../locales/fi/IdentityCodes.json';
import frNotifications from '../../locales/fr/Notifications.json';
import frTemplates from '../../locales/fr/ReminderTemplates.json';
import frIdentityCodes from '../../locales/fr/IdentityCodes.json';
import gaNotifications from '../../locales/ga/Notifications.json';
import gaTemplates from '../../locales/ga/ReminderTemplates.json';
import gaIdentityCodes from '../../locales/ga/IdentityCodes.json';
import htNotifications from '../../locales/ht/Notifications.json';
import htTemplates from '../../locales/ht/ReminderTemplates.json';
import htIdentityCodes from '../../locales/ht/IdentityCodes.json';
import itNotifications from '../../locales/it/Notifications.json';
import itTemplates from '../../locales/it/ReminderTemplates.json';
import itIdentityCodes from '../../locales/it/IdentityCodes.json';
import jaNotifications from '../../locales/ja/Notifications.json';
import jaTemplates from '../../locales/ja/ReminderTemplates.json';
import jaIdentityCodes from '../../locales/ja/IdentityCodes.json';
import ltNotifications from '../../locales/lt/Notifications.json';
import ltTemplates from '../../locales/lt/ReminderTemplates.json';
import ltIdentityCodes from '../../locales/lt/IdentityCodes.json';
import lvNotifications from '../../locales/lv/Notifications.json';
import lvTemplates from '../../locales/lv/ReminderTemplates.json';
import lvIdentityCodes from '../../locales/lv/IdentityCodes.json';
import nlNotifications from '../../locales/nl/Notifications.json';
import nlTemplates from '../../locales/nl/ReminderTemplates.json';
import nlIdentityCodes from '../../locales/nl/IdentityCodes.json';
import noNotifications from '../../locales/no/Notifications.json';
import noTemplates from '../../locales/no/ReminderTemplates.json';
import noIdentityCodes from '../../locales/no/IdentityCodes.json';
import ptNotifications from '../../locales/pt/Notifications.json';
import ptTemplates from '../../locales/pt/ReminderTemplates.json';
import ptIdentityCodes from '../../locales/pt/IdentityCodes.json';
import svNotifications from '../../locales/sv/Notifications.json';
import svTemplates from '../../locales/sv/ReminderTemplates.json';
import svIdentityCodes from '../../locales/sv/IdentityCodes.json';
import uaNotifications from '../../locales/ua/Notifications.json';
import uaTemplates from '../../locales/ua/ReminderTemplates.json';
import uaIdentityCodes from '../../locales/ua/IdentityCodes.json';

/*
 * The words the server itself writes in a member's "language for messages and e-mails"
 * (members.language_code, spec §3 LanguageCode), through i18next like every text the app shows.
 * Sections only the server reads (no page loads them: src/app/localeChunks.ts):
 * - `Notifications`: the alert messages to emergency contacts (server/alerts/alertNotifications.ts);
 * - `ReminderTemplates`: the names and texts of the built-in reminder templates
 *   (server/member/reminderTemplates.ts);
 * - `IdentityCodes`: the e-mails and texts carrying the identity service's codes
 *   (server/identity/delivery.ts).
 * Every language of spec §9 has each section; a key a language lacks reads English.
 */

/** The sections of locales/ that the server translates with. */
export type ServerSection = 'Notifications' | 'ReminderTemplates' | 'IdentityCodes';

const texts = i18next.createInstance();
void texts.init({
  resources: {
    da: {
      Notifications: daNotifications,
      ReminderTemplates: daTemplates,
      IdentityCodes: daIdentityCodes,
    },
    de: {
      Notifications: deNotifications,
      ReminderTemplates: deTemplates,
      IdentityCodes: deIdentityCodes,
    },
    en: {
      Notifications: enNotifications,
      ReminderTemplates: enTemplates,
      IdentityCodes: enIdentityCodes,
    },
    es: {
      Notifications: esNotifications,
      ReminderTemplates: esTemplates,
      IdentityCodes: esIdentityCodes,
    },
    et: {
      Notifications: etNotifications,
      ReminderTemplates: etTemplates,
      IdentityCodes: etIdentityCodes,
    },
    fi: {
      Notifications: fiNotifications,
      ReminderTemplates: fiTemplates,
      IdentityCodes: fiIdentityCodes,
    },
    fr: {
      Notifications: frNotifications,
      ReminderTemplates: frTemplates,
      IdentityCodes: frIdentityCodes,
    },
    ga: {
      Notifications: gaNotifications,
      ReminderTemplates: gaTemplates,
      IdentityCodes: gaIdentityCodes,
    },
    ht: {
      Notifications: htNotifications,
      ReminderTemplates: htTemplates,
      IdentityCodes: htIdentityCodes,
    },
    it: {
      Notifications: itNotifications,
      ReminderTemplates: itTemplates,
      IdentityCodes: itIdentityCodes,
    },
    ja: {
      Notifications: jaNotifications,
      ReminderTemplates: jaTemplates,
      IdentityCodes: jaIdentityCodes,
    },
    lt: {
      Notifications: ltNotifications,
      ReminderTemplates: ltTemplates,
      IdentityCodes: ltIdentityCodes,
    },
    lv: {
      Notifications: lvNotifications,
      ReminderTemplates: lvTemplates,
      IdentityCodes: lvIdentityCodes,
    },
    nl: {
      Notifications: nlNotifications,
      ReminderTemplates: nlTemplates,
      IdentityCodes: nlIdentityCodes,
    },
    no: {
      Notifications: noNotifications,
      ReminderTemplates: noTemplates,
      IdentityCodes: noIdentityCodes,
    },
    pt: {
      Notifications: ptNotifications,
      ReminderTemplates: ptTemplates,
      IdentityCodes: ptIdentityCodes,
    },
    sv: {
      Notifications: svNotifications,
      ReminderTemplates: svTemplates,
      IdentityCodes: svIdentityCodes,
    },
    ua: {
      Notifications: uaNotifications,
      ReminderTemplates: uaTemplates,
      IdentityCodes: uaIdentityCodes,
    },
  },
  ns: ['Notifications', 'ReminderTemplates', 'IdentityCodes'],
  defaultNS: 'Notifications',
  fallbackLng: 'en',
  // Plain text (e-mail, SMS, a call's script, a watch's screen), not HTML.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * The texts of `section` in `language` (an ISO 639-1 code such as 'de'; null or an unknown one:
 * English), e.g. `serverTexts('de', 'Notifications')('Greeting', { name })`.
 */
export function serverTexts<S extends ServerSection>(
  language: string | null,
  section: S,
): TFunction<S> {
  return texts.getFixedT(language ?? 'en', section);
}
