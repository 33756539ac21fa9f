import type { ActivityType, EquipmentType } from '../enums';
import {
  EQUIPMENT_IN_USE_LIMIT_PER_ACTIVITY,
  SINGLE_IN_USE_EQUIPMENT_TYPES,
} from '../entities/equipment';

/*
 * The "equipment in use" rules (application-behaviour §5 "Only one vessel or vehicle may be in use per
 * activity; the in-use limit per activity is 10"; policy-and-vocabulary §4 "Equipment in use": "When a
 * limit is exceeded, the excess or earlier item is automatically set to not in use"). One pure function
 * shared by the server, which applies it inside the saving transaction, and the client, which uses it to
 * show the same notices before or after a save (application-behaviour §8 "Equipment notices").
 */

/**
 * The fields of an equipment item the rules read: `Equipment` and `EquipmentInput` of
 * `src/api/entities/equipment.ts` both fit. `WearerEquipmentID` is absent for an item not saved yet.
 */
export interface InUseItem {
  readonly WearerEquipmentID?: number | undefined;
  readonly EquipmentType: EquipmentType;
  readonly Activities: readonly ActivityType[];
  readonly ActivitiesInUse: readonly ActivityType[];
}

/**
 * The equipment notices of application-behaviour §8:
 * - `InUseOnlyOneVehicle`: another VESSEL or VEHICLE was in use for the activity type;
 * - `InUseLimitExceeded`: the activity type already had the limit (10) of items in use.
 */
export type InUseNoticeCode = 'InUseOnlyOneVehicle' | 'InUseLimitExceeded';

/**
 * One consequence of a save: `Item` (as it is after the save) was set not in use for `ActivityType`
 * because of the rule `Notice`. One notice per item and activity type.
 */
export interface InUseNotice<T extends InUseItem> {
  readonly Notice: InUseNoticeCode;
  readonly ActivityType: ActivityType;
  readonly Item: T;
}

/**
 * The outcome of {@link applyEquipmentInUse}:
 * - `equipment`: the member's whole list after the save, in the given order; an updated item keeps its
 *   place, a new one is appended;
 * - `saved`: the saved item as stored (deduplicated `Activities`, `ActivitiesInUse` a subset of them);
 * - `changed`: the other items whose `ActivitiesInUse` the save reduced, each once, as they are after it;
 * - `notices`: why each of them changed.
 */
export interface InUseResult<T extends InUseItem> {
  readonly equipment: T[];
  readonly saved: T;
  readonly changed: T[];
  readonly notices: InUseNotice<T>[];
}

/** Options of {@link applyEquipmentInUse}. */
export interface InUseOptions {
  /**
   * Most items in use per activity type; default {@link EQUIPMENT_IN_USE_LIMIT_PER_ACTIVITY} (10,
   * application-behaviour §5; policy-and-vocabulary §4 calls it the configurable `{InUseLimit}`).
   */
  readonly limit?: number;
}

const isSingleInUseType = (type: EquipmentType): boolean =>
  SINGLE_IN_USE_EQUIPMENT_TYPES.includes(type);

const unique = <V>(values: readonly V[]): V[] => [...new Set(values)];

/**
 * Saves `saved` into `equipment` (the member's whole list) under the in-use rules and reports what else
 * had to change. Pure: the inputs are not modified.
 *
 * 1. `saved.Activities` loses duplicates and `saved.ActivitiesInUse` keeps only the types that are also
 *    in `Activities`, without duplicates (an item can only be in use for an activity it is linked to).
 * 2. It replaces the item with the same `WearerEquipmentID`, or is appended when it has none or the id
 *    is not in the list.
 * 3. Per activity type the saved item is in use for, the saved item always wins:
 *    - when it is a VESSEL or VEHICLE ({@link SINGLE_IN_USE_EQUIPMENT_TYPES}), every other VESSEL or
 *      VEHICLE in use for that type is set not in use for it → `InUseOnlyOneVehicle`;
 *    - then, while more than `limit` items are in use for that type, the earliest other item in use
 *      for it is set not in use for it → `InUseLimitExceeded`. "Earliest" is the item created first:
 *      the lowest `WearerEquipmentID` (ids are issued in creation order); an item without an id counts
 *      as the latest, and ties keep the list's order. The contract carries no "in use since" time, and
 *      the client must reach the same answer as the server from the same data.
 * Activity types the saved item is not in use for are not touched.
 */
export function applyEquipmentInUse<T extends InUseItem>(
  equipment: readonly T[],
  saved: T,
  options: InUseOptions = {},
): InUseResult<T> {
  const limit = options.limit ?? EQUIPMENT_IN_USE_LIMIT_PER_ACTIVITY;
  const activities = unique(saved.Activities);
  const normalised: T = {
    ...saved,
    Activities: activities,
    ActivitiesInUse: unique(saved.ActivitiesInUse).filter((type) => activities.includes(type)),
  };

  const index = normalised.WearerEquipmentID === undefined ? -1 : indexOfId(equipment, normalised);
  const list = [...equipment];
  const savedIndex = index === -1 ? list.push(normalised) - 1 : index;
  list[savedIndex] = normalised;

  const raised: { Notice: InUseNoticeCode; ActivityType: ActivityType; index: number }[] = [];
  const setNotInUse = (i: number, type: ActivityType, notice: InUseNoticeCode): void => {
    const item = list[i] as T;
    list[i] = { ...item, ActivitiesInUse: item.ActivitiesInUse.filter((t) => t !== type) };
    raised.push({ Notice: notice, ActivityType: type, index: i });
  };
  const othersInUse = (type: ActivityType): number[] =>
    list.flatMap((item, i) => (i !== savedIndex && item.ActivitiesInUse.includes(type) ? [i] : []));

  for (const type of normalised.ActivitiesInUse) {
    if (isSingleInUseType(normalised.EquipmentType)) {
      for (const i of othersInUse(type)) {
        if (isSingleInUseType((list[i] as T).EquipmentType)) {
          setNotInUse(i, type, 'InUseOnlyOneVehicle');
        }
      }
    }
    const others = othersInUse(type).sort((a, b) => compareCreation(list[a] as T, list[b] as T));
    const excess = others.length + 1 - limit;
    for (const i of others.slice(0, Math.max(0, excess))) {
      setNotInUse(i, type, 'InUseLimitExceeded');
    }
  }

  // Notices and `changed` carry each item as it ended up, after all its activity types were handled.
  const changedIndexes = [...new Set(raised.map((r) => r.index))].sort((a, b) => a - b);
  return {
    equipment: list,
    saved: normalised,
    changed: changedIndexes.map((i) => list[i] as T),
    notices: raised.map((r) => ({
      Notice: r.Notice,
      ActivityType: r.ActivityType,
      Item: list[r.index] as T,
    })),
  };
}

function indexOfId<T extends InUseItem>(equipment: readonly T[], item: T): number {
  return equipment.findIndex((other) => other.WearerEquipmentID === item.WearerEquipmentID);
}

// "Earliest" first: lower id (creation order) first, items without an id after all others; equal
// keys compare 0, so the stable sort keeps the list's order.
function compareCreation(a: InUseItem, b: InUseItem): number {
  const ia = a.WearerEquipmentID;
  const ib = b.WearerEquipmentID;
  if (ia === ib) return 0;
  if (ia === undefined) return 1;
  if (ib === undefined) return -1;
  return ia - ib;
}
