import * as z from 'zod/mini';

/**
 * A member's communication preferences (app §3 "Communication options"; policy §3 "Communication
 * preferences"): watch broadcasts of emergency alerts to nearby users, watch notifications (nearby-user
 * alerts, shark, wave, weather alert, weather forecast, wind) and usage-summary emails. Every option
 * defaults to true when absent. The marketing opt-in is a timestamp on the wearer, not an option here.
 */
export const CommunicationOptions = z.object({
  BroadcastEmergencyAlertsNearbyUsers: z._default(z.boolean(), true),
  EmailPersonalUsageSummary: z._default(z.boolean(), true),
  EmailSafeTrxUsageSummary: z._default(z.boolean(), true),
  NotifyNearbySafeTrxUserAlert: z._default(z.boolean(), true),
  NotifySharkAlert: z._default(z.boolean(), true),
  NotifyWave: z._default(z.boolean(), true),
  NotifyWeatherAlert: z._default(z.boolean(), true),
  NotifyWeatherForecast: z._default(z.boolean(), true),
  NotifyWind: z._default(z.boolean(), true),
});
export type CommunicationOptions = z.infer<typeof CommunicationOptions>;

/** The communication options of a new member: all true (app §3). */
export const DEFAULT_COMMUNICATION_OPTIONS: CommunicationOptions = CommunicationOptions.parse({});
