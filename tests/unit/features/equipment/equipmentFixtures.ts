import type { Equipment } from '../../../../src/api/entities/equipment';
import type { EquipmentInput } from '../../../../src/api/entities/equipmentInput';
import type { ActivityType, EquipmentType } from '../../../../src/api/enums';

/** An equipment item as the server answers it. */
export function item(
  id: number,
  name: string,
  type: EquipmentType,
  activities: ActivityType[],
  inUse: ActivityType[] = [],
  extra: Partial<Equipment> = {},
): Equipment {
  return {
    WearerEquipmentID: id,
    EquipmentName: name,
    EquipmentType: type,
    Activities: activities,
    ActivitiesInUse: inUse,
    Brand: null,
    Model: null,
    Colour: null,
    VesselType: null,
    OtherDetails: null,
    ...extra,
  };
}

/** `count` life jackets linked to and in use for `type`, ids from `firstId`. */
export function jackets(count: number, type: ActivityType, firstId = 100): Equipment[] {
  return Array.from({ length: count }, (_, i) =>
    item(firstId + i, `Jacket ${i + 1}`, 'LIFE_JACKET', [type], [type]),
  );
}

/** `saved` as a request for a new item: without its id. */
export function asNew(saved: Equipment): EquipmentInput {
  const request: EquipmentInput = { ...saved };
  delete request.WearerEquipmentID;
  return request;
}
