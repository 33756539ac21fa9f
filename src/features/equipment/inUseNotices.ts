import type { Equipment } from '../../api/entities/equipment';
import type { EquipmentInput } from '../../api/entities/equipmentInput';
import { SINGLE_IN_USE_EQUIPMENT_TYPES } from '../../api/entities/equipment';
import type { ActivityType } from '../../api/enums';
import type { InUseNoticeCode } from '../../api/rules/equipmentInUse';

/**
 * An item that a save set not in use for an activity type without the member asking for it (app §8
 * "Equipment notices"; policy §4 "the excess or earlier item is automatically set to not in use").
 * `item` is the item as it is after the save.
 */
export interface LostInUse {
  readonly notice: InUseNoticeCode;
  readonly activityType: ActivityType;
  readonly item: Equipment;
}

const isSingleInUse = (item: Pick<Equipment, 'EquipmentType'>): boolean =>
  SINGLE_IN_USE_EQUIPMENT_TYPES.includes(item.EquipmentType);

/** The activity types an item as sent is in use for (in use only counts for a linked type). */
const requestedInUse = (item: EquipmentInput): ActivityType[] => [
  ...new Set(item.ActivitiesInUse.filter((type) => item.Activities.includes(type))),
];

/**
 * Compares the member's equipment before a save with the server's list after it (app §7 POST
 * equipment / equipments) and tells which items lost an in-use flag the member did not remove:
 * - what each item was expected to be in use for is the item as `requested` (matched by
 *   `WearerEquipmentID`), else as it was `before`; items that did not exist before are skipped;
 * - every expected activity type missing from the item's `ActivitiesInUse` after the save is a loss;
 * - the notice is `InUseOnlyOneVehicle` when the item is a VESSEL or VEHICLE and another requested
 *   VESSEL or VEHICLE is in use for that activity type (app §5 "Only one vessel or vehicle may be in
 *   use per activity"), else `InUseLimitExceeded` (the limit of 10 per activity).
 * Pure; the order follows `after`, then the item's activity types.
 */
export function lostInUse(
  before: readonly Equipment[],
  after: readonly Equipment[],
  requested: readonly EquipmentInput[],
): LostInUse[] {
  const requestedById = new Map(
    requested.flatMap((item) =>
      item.WearerEquipmentID === undefined ? [] : [[item.WearerEquipmentID, item] as const],
    ),
  );
  const beforeById = new Map(before.map((item) => [item.WearerEquipmentID, item]));
  const losses: LostInUse[] = [];
  for (const item of after) {
    const asRequested = requestedById.get(item.WearerEquipmentID);
    const asBefore = beforeById.get(item.WearerEquipmentID);
    const expected = asRequested
      ? requestedInUse(asRequested)
      : [...new Set(asBefore?.ActivitiesInUse ?? [])];
    for (const activityType of expected) {
      if (item.ActivitiesInUse.includes(activityType)) continue;
      const vehicleWon =
        isSingleInUse(item) &&
        requested.some(
          (other) =>
            other.WearerEquipmentID !== item.WearerEquipmentID &&
            isSingleInUse(other) &&
            requestedInUse(other).includes(activityType),
        );
      losses.push({
        notice: vehicleWon ? 'InUseOnlyOneVehicle' : 'InUseLimitExceeded',
        activityType,
        item,
      });
    }
  }
  return losses;
}
