import type { TFunction } from 'i18next';
import { serverTexts } from '../i18n/serverTexts';

/*
 * The words of the alert messages to emergency contacts (alertNotifications.ts) in the member's
 * "language for messages and e-mails" (members.language_code, spec §3 LanguageCode): section
 * `Notifications` of locales/ (server/i18n/serverTexts.ts). A language without it reads English.
 */

/**
 * The notification texts in `language` (an ISO 639-1 code such as 'de'; null or an unknown one:
 * English), keys of the `Notifications` section, e.g. `t('Greeting', { name })`.
 */
export function notificationTexts(language: string | null): TFunction<'Notifications'> {
  return serverTexts(language, 'Notifications');
}
