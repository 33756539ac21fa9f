import * as z from 'zod/mini';
import { Timestamp } from './common';

/**
 * One recorded position (app §3 "Activity detail" LocationHistory):
 * - `Time`: epoch ms of the fix (device time);
 * - `X`: longitude, WGS 84 degrees; `Y`: latitude, WGS 84 degrees;
 * - `Hacc`: horizontal accuracy radius in metres;
 * - `Alt`: altitude in metres above mean sea level;
 * - `Speed`: ground speed in m/s;
 * - `HeartRate`: the wearer's heart rate at the fix in beats per minute (whole beats, 1–300 as
 *   stored). A Lifeline extension of spec §3, which lists Time, X, Y, Hacc, Alt and Speed only: it
 *   feeds the Data tab's heart-rate chart and the Splits tab's average heart rate (issue 7; policy
 *   "Splits columns"). The server leaves it out when unknown; null is accepted as unknown too.
 * `Hacc`, `Alt` and `Speed` are null when the device did not report them.
 */
export const LocationPoint = z.object({
  Time: Timestamp,
  X: z.number().check(z.gte(-180), z.lte(180)),
  Y: z.number().check(z.gte(-90), z.lte(90)),
  Hacc: z.nullable(z.number().check(z.nonnegative())),
  Alt: z.nullable(z.number()),
  Speed: z.nullable(z.number().check(z.nonnegative())),
  HeartRate: z.nullish(z.number().check(z.positive(), z.lte(300))),
});
export type LocationPoint = z.infer<typeof LocationPoint>;
