import * as z from 'zod/mini';
import { defineCall } from '../call';
import { ActivityType } from '../enums';
import { Equipment, EquipmentInput, Id } from '../entities';
import { uniqueIds } from '../validation';
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
 * Saves one item (new when it has no id); answers it. The server enforces the in-use rules of app §5
 * by setting the earlier item not in use (policy §4).
 */
export const saveEquipment = defineCall({
  name: 'save-equipment',
  api: 'member-integration',
  method: 'POST',
  path: '/equipment',
  request: EquipmentInput,
  response: Equipment,
});

/** Saves many items at once (the Quick Update tab); answers the wearer's whole equipment list. */
export const saveEquipments = defineCall({
  name: 'equipments',
  api: 'member-integration',
  method: 'POST',
  path: '/equipments',
  request: z.object({
    Equipment: z.array(EquipmentInput).check(z.superRefine(uniqueIds('WearerEquipmentID'))),
  }),
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

/** The equipment calls by name. */
export const equipmentCalls = {
  'get-equipment': getEquipment,
  'save-equipment': saveEquipment,
  equipments: saveEquipments,
  'equipment-delete': deleteEquipment,
} as const;
