import * as z from 'zod/mini';
import { SplitsDistance, SplitsTime } from '../validation';

/**
 * How an activity's Splits tab divides it (app §7 member-wearer-activity-splits; policy §3 "Split
 * types"), by `SplitType`:
 * - DISTANCE_KM: every `Distance` kilometres, 0.1 to 100 (app §5 "Splits distance");
 * - TIME_MINUTES: every `Time` minutes, 1 to 60 (app §5 "Splits time").
 * The value fields accept a number or a numeric string from a form (`'0,5'` too) and parse to a number.
 */
export const SplitsSettings = z.discriminatedUnion('SplitType', [
  z.object({ SplitType: z.literal('DISTANCE_KM'), Distance: SplitsDistance }),
  z.object({ SplitType: z.literal('TIME_MINUTES'), Time: SplitsTime }),
]);
export type SplitsSettings = z.output<typeof SplitsSettings>;
export type SplitsSettingsInput = z.input<typeof SplitsSettings>;
