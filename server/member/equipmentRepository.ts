import type { Selectable, Transaction } from 'kysely';
import type { Equipment } from '../../src/api/entities/equipment';
import type { EquipmentInput } from '../../src/api/entities/equipmentInput';
import type { ActivityType, EquipmentType, VesselType } from '../../src/api/enums';
import { applyEquipmentInUse } from '../../src/api/rules/equipmentInUse';
import type { Db } from '../db/database';
import type { Database, EquipmentTable } from '../db/schema';

/** A `WearerEquipmentID` in the request that is not one of this member's items. */
export class EquipmentNotFoundError extends Error {
  override readonly name = 'EquipmentNotFoundError';
  constructor(readonly equipmentId: number) {
    super(`No equipment ${equipmentId}`);
  }
}

/**
 * The answer of `POST equipment-delete` (spec §7, §8): `Success` false when the id is not one of the
 * member's items (nothing deleted); else the deleted id and the activity types it was in use for.
 */
export interface EquipmentDeleteResult {
  readonly Success: boolean;
  readonly ModelID?: number;
  readonly TypesUpdated?: ActivityType[];
}

function toEquipment(row: Selectable<EquipmentTable>): Equipment {
  return {
    WearerEquipmentID: row.wearer_equipment_id,
    EquipmentName: row.equipment_name,
    EquipmentType: row.equipment_type as EquipmentType,
    Activities: row.activities as ActivityType[],
    ActivitiesInUse: row.activities_in_use as ActivityType[],
    Brand: row.brand,
    Model: row.model,
    Colour: row.colour,
    VesselType: row.vessel_type as VesselType | null,
    OtherDetails: row.other_details,
  };
}

/** Empty or blank optional text is stored as null. */
const text = (value: string | null | undefined): string | null => value?.trim() || null;

/**
 * The columns of a saved item. A `VesselType` is kept only for a VESSEL and cleared for any other type
 * (app §3 "Vessel types"; a form switching the type away from VESSEL may still carry the old value).
 */
function columnsOf(item: EquipmentInput) {
  return {
    equipment_name: item.EquipmentName.trim(),
    equipment_type: item.EquipmentType,
    vessel_type: item.EquipmentType === 'VESSEL' ? (item.VesselType ?? null) : null,
    brand: text(item.Brand),
    model: text(item.Model),
    colour: text(item.Colour),
    other_details: text(item.OtherDetails),
    activities: item.Activities,
    activities_in_use: item.ActivitiesInUse,
  };
}

/** The member's equipment in creation order (spec §7 GET equipment). */
export async function listEquipment(
  db: Db | Transaction<Database>,
  memberId: number,
): Promise<Equipment[]> {
  const rows = await db
    .selectFrom('equipment')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('wearer_equipment_id')
    .execute();
  return rows.map(toEquipment);
}

/**
 * Serialises the member's equipment writes: locks the member row (so a concurrent insert waits too)
 * and the member's equipment rows, and answers the list in creation order.
 */
async function lockEquipment(trx: Transaction<Database>, memberId: number): Promise<Equipment[]> {
  await trx
    .selectFrom('members')
    .select('member_id')
    .where('member_id', '=', memberId)
    .forUpdate()
    .execute();
  const rows = await trx
    .selectFrom('equipment')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('wearer_equipment_id')
    .forUpdate()
    .execute();
  return rows.map(toEquipment);
}

/**
 * Saves one item into the locked `list` under the in-use rules (src/api/rules/equipmentInUse.ts):
 * writes the saved item and every other item the rules set not in use. Answers the new list and the
 * stored item. Throws {@link EquipmentNotFoundError} for an id not in `list`.
 */
async function saveInto(
  trx: Transaction<Database>,
  memberId: number,
  list: Equipment[],
  input: EquipmentInput,
): Promise<{ list: Equipment[]; saved: Equipment }> {
  const id = input.WearerEquipmentID;
  if (id !== undefined && !list.some((item) => item.WearerEquipmentID === id)) {
    throw new EquipmentNotFoundError(id);
  }
  const outcome = applyEquipmentInUse<EquipmentInput>(list, input);
  for (const other of outcome.changed) {
    await trx
      .updateTable('equipment')
      .set({ activities_in_use: other.ActivitiesInUse })
      .where('wearer_equipment_id', '=', other.WearerEquipmentID as number)
      .where('member_id', '=', memberId)
      .execute();
  }
  const values = columnsOf(outcome.saved);
  const row =
    id === undefined
      ? await trx
          .insertInto('equipment')
          .values({ member_id: memberId, ...values })
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .updateTable('equipment')
          .set(values)
          .where('wearer_equipment_id', '=', id)
          .where('member_id', '=', memberId)
          .returningAll()
          .executeTakeFirstOrThrow();
  const saved = toEquipment(row);
  const next = outcome.equipment.map((item) =>
    item === outcome.saved ? saved : (item as Equipment),
  );
  return { list: next, saved };
}

/**
 * Creates (no `WearerEquipmentID`) or updates one of the member's items in one transaction (spec §7
 * POST equipment), applying the in-use rules of app §5 / policy §4 to the member's locked list, so the
 * stored state never breaks them. Answers the stored item. Another member's or an unknown id throws
 * {@link EquipmentNotFoundError} and nothing is written.
 */
export async function saveEquipment(
  db: Db,
  memberId: number,
  input: EquipmentInput,
): Promise<Equipment> {
  return db.transaction().execute(async (trx) => {
    const list = await lockEquipment(trx, memberId);
    return (await saveInto(trx, memberId, list, input)).saved;
  });
}

/**
 * Saves many items in one transaction (spec §7 POST equipments), one after the other in the request's
 * order, each under the in-use rules (so a later item wins over an earlier one). Every listed id must
 * be the member's, checked before anything is written: otherwise {@link EquipmentNotFoundError} and
 * nothing is written. Items not listed are kept. Answers the member's whole list.
 */
export async function saveEquipments(
  db: Db,
  memberId: number,
  inputs: readonly EquipmentInput[],
): Promise<Equipment[]> {
  return db.transaction().execute(async (trx) => {
    let list = await lockEquipment(trx, memberId);
    const owned = new Set(list.map((item) => item.WearerEquipmentID));
    const foreign = inputs.find(
      (input) => input.WearerEquipmentID !== undefined && !owned.has(input.WearerEquipmentID),
    );
    if (foreign?.WearerEquipmentID !== undefined) {
      throw new EquipmentNotFoundError(foreign.WearerEquipmentID);
    }
    for (const input of inputs) {
      list = (await saveInto(trx, memberId, list, input)).list;
    }
    return listEquipment(trx, memberId);
  });
}

/**
 * Deletes one of the member's items (spec §7 POST equipment-delete). Deleting never breaks the in-use
 * rules, so nothing else changes; `TypesUpdated` lists the activity types the item was in use for.
 * Another member's or an unknown id answers `Success: false` and deletes nothing (spec §8).
 */
export async function deleteEquipment(
  db: Db,
  memberId: number,
  equipmentId: number,
): Promise<EquipmentDeleteResult> {
  return db.transaction().execute(async (trx) => {
    await lockEquipment(trx, memberId);
    const row = await trx
      .deleteFrom('equipment')
      .where('wearer_equipment_id', '=', equipmentId)
      .where('member_id', '=', memberId)
      .returning(['wearer_equipment_id', 'activities_in_use'])
      .executeTakeFirst();
    if (!row) return { Success: false };
    return {
      Success: true,
      ModelID: row.wearer_equipment_id,
      TypesUpdated: row.activities_in_use as ActivityType[],
    };
  });
}
