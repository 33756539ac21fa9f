import * as z from 'zod/mini';
import { defineCall } from '../call';
import { ActivityType } from '../enums';
import { Equipment, Id } from '../entities';
import { NoRequest } from './common';

/* Equipment calls of the member-integration API (app §7). */

/** The wearer's equipment, wrapped as `Equipment`. */
export const getEquipment = defineCall({
  name: 'get-equipment',
  api: 'member-integration',
  method: 'GET',
  path: '/equipment',
  request: NoRequest,
  response: z.object({ Equipment: z.array(Equipment) }),
});

/**
 * Deletes an item. `Success` false is the failure (app §8). `ModelID` is the deleted item's id;
 * `TypesUpdated` the activity types whose in-use equipment changed (types chosen; the spec names the
 * fields only).
 */
export const deleteEquipment = defineCall({
  name: 'equipment-delete',
  api: 'member-integration',
  method: 'POST',
  path: '/equipment-delete',
  request: z.object({ EquipmentId: Id }),
  response: z.object({
    Success: z.boolean(),
    ModelID: z.optional(z.nullable(Id)),
    TypesUpdated: z.optional(z.array(ActivityType)),
  }),
});
