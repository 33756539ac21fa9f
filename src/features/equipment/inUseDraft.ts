import type { Equipment } from '../../api/entities/equipment';
import type { EquipmentInput } from '../../api/entities/equipmentInput';
import type { ActivityType } from '../../api/enums';
import { applyEquipmentInUse, type InUseNoticeCode } from '../../api/rules/equipmentInUse';

/*
 * The in-use flags being edited on the Quick Update tab and the per-activity-type screen (policy §2
 * "Quick Update", §4 "Equipment in use"). The draft is always valid: setting an item in use applies
 * the same rule the server applies (src/api/rules/equipmentInUse.ts), so the member sees beforehand
 * which other item will be set not in use.
 */

/** An item the rule set not in use in the draft, and why; shown next to its in-use box. */
export interface AutoNotInUse {
  readonly id: number;
  readonly activityType: ActivityType;
  readonly notice: InUseNoticeCode;
}

/** The draft after one change, and the items the change set not in use. */
export interface InUseChange {
  readonly draft: Equipment[];
  readonly autoNotInUse: AutoNotInUse[];
}

/**
 * Sets item `id` in use (or not) for `activityType` in `draft` (the member's whole list as edited).
 * Setting in use applies the in-use rule (one VESSEL/VEHICLE per activity, at most 10 items) and
 * reports the other items it set not in use; an item not linked to `activityType`, or an unknown id,
 * changes nothing. Pure.
 */
export function setInUse(
  draft: readonly Equipment[],
  id: number,
  activityType: ActivityType,
  inUse: boolean,
): InUseChange {
  const item = draft.find((candidate) => candidate.WearerEquipmentID === id);
  if (!item?.Activities.includes(activityType)) return { draft: [...draft], autoNotInUse: [] };
  const others = item.ActivitiesInUse.filter((type) => type !== activityType);
  if (!inUse) {
    return {
      draft: draft.map((c) => (c === item ? { ...item, ActivitiesInUse: others } : c)),
      autoNotInUse: [],
    };
  }
  const outcome = applyEquipmentInUse(draft, {
    ...item,
    ActivitiesInUse: [...others, activityType],
  });
  return {
    draft: outcome.equipment,
    autoNotInUse: outcome.notices.map((n) => ({
      id: n.Item.WearerEquipmentID,
      activityType: n.ActivityType,
      notice: n.Notice,
    })),
  };
}

const sameSet = (a: readonly ActivityType[], b: readonly ActivityType[]): boolean =>
  a.length === b.length && a.every((type) => b.includes(type)) && b.every((t) => a.includes(t));

/** The items whose in-use flags differ between `saved` (the store) and `draft`. */
export function changedInUse(
  saved: readonly Equipment[],
  draft: readonly Equipment[],
): Equipment[] {
  const savedById = new Map(saved.map((item) => [item.WearerEquipmentID, item]));
  return draft.filter((item) => {
    const before = savedById.get(item.WearerEquipmentID);
    return before !== undefined && !sameSet(before.ActivitiesInUse, item.ActivitiesInUse);
  });
}

/**
 * The `POST equipments` request (app §7) that turns `saved` into `draft`. The server saves the items
 * one after the other under the in-use rules, so removals go first: every changed item that loses a
 * flag is sent with only the flags it keeps, then every changed item that gains one is sent as
 * drafted. No intermediate state then breaks a rule the valid draft keeps, and no item the member
 * left in use is set not in use on the way. Empty when nothing changed.
 */
export function inUseSaveRequest(
  saved: readonly Equipment[],
  draft: readonly Equipment[],
): EquipmentInput[] {
  const savedById = new Map(saved.map((item) => [item.WearerEquipmentID, item]));
  const changed = changedInUse(saved, draft);
  const removals: EquipmentInput[] = [];
  const additions: EquipmentInput[] = [];
  for (const item of changed) {
    const before = savedById.get(item.WearerEquipmentID)?.ActivitiesInUse ?? [];
    const kept = before.filter((type) => item.ActivitiesInUse.includes(type));
    if (kept.length < before.length) removals.push({ ...item, ActivitiesInUse: kept });
    if (item.ActivitiesInUse.some((type) => !before.includes(type))) additions.push(item);
  }
  return [...removals, ...additions];
}
