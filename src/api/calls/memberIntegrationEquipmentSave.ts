import * as z from 'zod/mini';
import { defineCall } from '../call';
import { Equipment, EquipmentInput } from '../entities';
import { uniqueIds } from '../validation';
import { deleteEquipment, getEquipment } from './memberIntegrationEquipment';

/*
 * Saving equipment (app §7), apart from loading and deleting it (memberIntegrationEquipment.ts), so
 * that the equipment loaded at start does not bring the saving rules into the login route's
 * JavaScript (docs/decisions.md "Saving rules apart from loading").
 */

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

/** The equipment calls by name. */
export const equipmentCalls = {
  'get-equipment': getEquipment,
  'save-equipment': saveEquipment,
  equipments: saveEquipments,
  'equipment-delete': deleteEquipment,
} as const;
