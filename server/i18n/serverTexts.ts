import i18next, { type TFunction } from 'i18next';
import daNotifications from '../../locales/da/Notifications.json';
import deNotifications from '../../locales/de/Notifications.json';
import enNotifications from '../../locales/en/Notifications.json';
import nlNotifications from '../../locales/nl/Notifications.json';
import noNotifications from '../../locales/no/Notifications.json';
import daTemplates from '../../locales/da/ReminderTemplates.json';
import deTemplates from '../../locales/de/ReminderTemplates.json';
import enTemplates from '../../locales/en/ReminderTemplates.json';
import nlTemplates from '../../locales/nl/ReminderTemplates.json';
import noTemplates from '../../locales/no/ReminderTemplates.json';

/*
 * The words the server itself writes in a member's "language for messages and e-mails"
 * (members.language_code, spec §3 LanguageCode), through i18next like every text the app shows.
 * Sections only the server reads (no page loads them: src/app/localeChunks.ts):
 * - `Notifications`: the alert messages to emergency contacts (server/alerts/alertNotifications.ts);
 * - `ReminderTemplates`: the names and texts of the built-in reminder templates
 *   (server/member/reminderTemplates.ts).
 * A language without a section reads English.
 */

/** The sections of locales/ that the server translates with. */
export type ServerSection = 'Notifications' | 'ReminderTemplates';

const texts = i18next.createInstance();
void texts.init({
  resources: {
    en: { Notifications: enNotifications, ReminderTemplates: enTemplates },
    de: { Notifications: deNotifications, ReminderTemplates: deTemplates },
    da: { Notifications: daNotifications, ReminderTemplates: daTemplates },
    nl: { Notifications: nlNotifications, ReminderTemplates: nlTemplates },
    no: { Notifications: noNotifications, ReminderTemplates: noTemplates },
  },
  ns: ['Notifications', 'ReminderTemplates'],
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
