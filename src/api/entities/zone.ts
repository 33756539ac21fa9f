import { z } from 'zod';
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
  ZoneBase.extend({
    ZoneType: z.literal('CIRCLE'),
    Center: Coordinate,
    RadiusMeters: z.number().positive(),
  }),
  ZoneBase.extend({
    ZoneType: z.literal('POLYGON'),
    Points: z.array(Coordinate).min(3),
  }),
  ZoneBase.extend({
    ZoneType: z.literal('BEACON'),
    BeaconId: z.string().min(1),
    Center: Coordinate.nullable(),
  }),
]);
export type Zone = z.infer<typeof Zone>;
