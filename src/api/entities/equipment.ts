import * as z from 'zod/mini';
import { ActivityType, EquipmentType, VesselType } from '../enums';
import { Id } from './common';

/** Most equipment items in use per activity type (app §5 "the in-use limit per activity is 10"). */
export const EQUIPMENT_IN_USE_LIMIT_PER_ACTIVITY = 10;

/** Equipment types of which only one item may be in use per activity type (app §5, policy §4). */
export const SINGLE_IN_USE_EQUIPMENT_TYPES: readonly EquipmentType[] = ['VESSEL', 'VEHICLE'];

/**
 * An item of the wearer's equipment (app §3 "Equipment"; policy §3 "Equipment").
 * - `Activities`: the activity types it is linked to; `ActivitiesInUse`: those of them it is in use for.
 * - Policy fields, optional (null when not given): `Brand`, `Model`, `Colour`, `VesselType` (for a
 *   VESSEL), `OtherDetails`.
 */
export const Equipment = z.object({
  WearerEquipmentID: Id,
  EquipmentName: z.string(),
  EquipmentType: EquipmentType,
  Activities: z.array(ActivityType),
  ActivitiesInUse: z.array(ActivityType),
  Brand: z.optional(z.nullable(z.string())),
  Model: z.optional(z.nullable(z.string())),
  Colour: z.optional(z.nullable(z.string())),
  VesselType: z.optional(z.nullable(VesselType)),
  OtherDetails: z.optional(z.nullable(z.string())),
});
export type Equipment = z.infer<typeof Equipment>;
