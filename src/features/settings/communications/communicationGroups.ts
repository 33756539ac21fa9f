import * as z from 'zod/mini';
import {
  CommunicationOptions,
  DEFAULT_COMMUNICATION_OPTIONS,
} from '../../../api/entities/communication';
import type { Wearer } from '../../../api/entities/member';

/** One switch of the page: a communication option, or `MarketingEmails` (the opt-in time). */
export type CommunicationSwitch = keyof CommunicationOptions | 'MarketingEmails';

/**
 * The switches grouped as policy §3 "Communication preferences" lists them: watch broadcasts of
 * emergency alerts to nearby users; watch notifications (nearby-user alerts, shark, wave, weather
 * alert, weather forecast, wind); e-mails (marketing, personal usage summary, product usage summary).
 * Labels are `Settings.Communications.Options.<switch>`, group titles `…Groups.<group>`.
 */
export const COMMUNICATION_GROUPS: readonly {
  readonly group: 'WatchBroadcasts' | 'WatchNotifications' | 'Emails';
  readonly switches: readonly CommunicationSwitch[];
}[] = [
  { group: 'WatchBroadcasts', switches: ['BroadcastEmergencyAlertsNearbyUsers'] },
  {
    group: 'WatchNotifications',
    switches: [
      'NotifyNearbySafeTrxUserAlert',
      'NotifySharkAlert',
      'NotifyWave',
      'NotifyWeatherAlert',
      'NotifyWeatherForecast',
      'NotifyWind',
    ],
  },
  {
    group: 'Emails',
    switches: ['MarketingEmails', 'EmailPersonalUsageSummary', 'EmailSafeTrxUsageSummary'],
  },
];

/** The page's form: the nine options (spec §3) and the marketing e-mail switch. */
export const CommunicationsForm = z.extend(CommunicationOptions, { MarketingEmails: z.boolean() });
export type CommunicationsFormValues = z.output<typeof CommunicationsForm>;

/** The form's starting values: the wearer's options (absent ones true, spec §3) and opt-in state. */
export function communicationsDefaults(wearer: Wearer): CommunicationsFormValues {
  return {
    ...DEFAULT_COMMUNICATION_OPTIONS,
    ...wearer.CommunicationOptions,
    MarketingEmails: wearer.MarketingOptInTimestamp !== null,
  };
}
