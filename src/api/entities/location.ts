import { z } from 'zod';
import { Timestamp } from './common';

/**
 * One recorded position (app §3 "Activity detail" LocationHistory):
 * - `Time`: epoch ms of the fix (device time);
 * - `X`: longitude, WGS 84 degrees; `Y`: latitude, WGS 84 degrees;
 * - `Hacc`: horizontal accuracy radius in metres;
 * - `Alt`: altitude in metres above mean sea level;
 * - `Speed`: ground speed in m/s.
 * `Hacc`, `Alt` and `Speed` are null when the device did not report them.
 */
export const LocationPoint = z.object({
  Time: Timestamp,
  X: z.number().min(-180).max(180),
  Y: z.number().min(-90).max(90),
  Hacc: z.number().nonnegative().nullable(),
  Alt: z.number().nullable(),
  Speed: z.number().nonnegative().nullable(),
});
export type LocationPoint = z.infer<typeof LocationPoint>;
