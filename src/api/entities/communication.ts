import { z } from 'zod';

/**
 * A member's communication preferences (app §3 "Communication options"; policy §3 "Communication
 * preferences"): watch broadcasts of emergency alerts to nearby users, watch notifications (nearby-user
 * alerts, shark, wave, weather alert, weather forecast, wind) and usage-summary emails. Every option
 * defaults to true when absent. The marketing opt-in is a timestamp on the wearer, not an option here.
 */
export const CommunicationOptions = z.object({
  BroadcastEmergencyAlertsNearbyUsers: z.boolean().default(true),
  EmailPersonalUsageSummary: z.boolean().default(true),
  EmailSafeTrxUsageSummary: z.boolean().default(true),
  NotifyNearbySafeTrxUserAlert: z.boolean().default(true),
  NotifySharkAlert: z.boolean().default(true),
  NotifyWave: z.boolean().default(true),
  NotifyWeatherAlert: z.boolean().default(true),
  NotifyWeatherForecast: z.boolean().default(true),
  NotifyWind: z.boolean().default(true),
});
export type CommunicationOptions = z.infer<typeof CommunicationOptions>;

/** The communication options of a new member: all true (app §3). */
export const DEFAULT_COMMUNICATION_OPTIONS: CommunicationOptions = CommunicationOptions.parse({});
