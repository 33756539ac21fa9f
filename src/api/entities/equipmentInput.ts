import * as z from 'zod/mini';
import {
  MAX_LENGTH_LONG,
  MAX_LENGTH_MEDIUM,
  maxLength,
  maxLengthCheck,
  requiredCheck,
  typeError,
} from '../validation';
import { Id } from './common';
import { Equipment } from './equipment';

/*
 * An equipment item as the member saves it (app §5, §7), apart from the item as it is read
 * (equipment.ts), so that what loads the equipment at start does not bring the rules of saving it
 * (issue 7: the login route's JavaScript; docs/decisions.md "Saving rules apart from loading").
 */

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
