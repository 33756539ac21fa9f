import * as z from 'zod/mini';
import { ZoneKind } from '../enums';
import { Coordinate, Id } from './common';

const ZoneBase = z.object({
  ZoneID: Id,
  Name: z.string(),
  ZoneKind: ZoneKind,
});

/**
 * A zone (app §3 "Zones", policy §3): a SAFETY or DANGER area, shaped by its `ZoneType`:
 * - CIRCLE: `Center` (X lon, Y lat degrees) and `RadiusMeters` (m);
 * - POLYGON: `Points`, a closed ring of at least 3 coordinates;
 * - BEACON: a radio beacon `BeaconId`; `Center` is null for a beacon without GPS coordinates (policy §8).
 * Geometry fields are chosen; the spec names only the types and kinds.
 */
export const Zone = z.discriminatedUnion('ZoneType', [
  z.extend(ZoneBase, {
    ZoneType: z.literal('CIRCLE'),
    Center: Coordinate,
    RadiusMeters: z.number().check(z.positive()),
  }),
  z.extend(ZoneBase, {
    ZoneType: z.literal('POLYGON'),
    Points: z.array(Coordinate).check(z.minLength(3)),
  }),
  z.extend(ZoneBase, {
    ZoneType: z.literal('BEACON'),
    BeaconId: z.string().check(z.minLength(1)),
    Center: z.nullable(Coordinate),
  }),
]);
export type Zone = z.infer<typeof Zone>;
