import * as z from 'zod/mini';
import { ActivityType, EquipmentType, VesselType } from '../enums';
import {
  MAX_LENGTH_LONG,
  MAX_LENGTH_MEDIUM,
  maxLength,
  maxLengthCheck,
  requiredCheck,
  typeError,
} from '../validation';
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

/**
 * An item as the member saves it (`POST equipment`, `POST equipments`, app §7). A new item has no
 * `WearerEquipmentID`. Bounds chosen from app §5's length rules: name required and up to 30
 * characters, brand, model and colour up to 30, other details up to 50.
 */
export const EquipmentInput = z.extend(Equipment, {
  WearerEquipmentID: z.optional(Id),
  // Trimmed first: a name of spaces only is 'Required' (it is saved trimmed, so it would be empty).
  EquipmentName: z
    .string({ error: typeError })
    .check(z.trim(), requiredCheck, maxLengthCheck(MAX_LENGTH_MEDIUM)),
  Brand: z.optional(z.nullable(maxLength(MAX_LENGTH_MEDIUM))),
  Model: z.optional(z.nullable(maxLength(MAX_LENGTH_MEDIUM))),
  Colour: z.optional(z.nullable(maxLength(MAX_LENGTH_MEDIUM))),
  OtherDetails: z.optional(z.nullable(maxLength(MAX_LENGTH_LONG))),
});
export type EquipmentInput = z.input<typeof EquipmentInput>;
