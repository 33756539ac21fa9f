import { sql, type RawBuilder } from 'kysely';
import { ActivityEquipment } from '../../src/api/entities/activity';
import type { ActivityType } from '../../src/api/enums';

/*
 * The equipment an activity was done with (docs/activities.md "Equipment"; app §3 "Equipment", policy
 * §4 "Equipment in use"): when an activity is created, and when its type changes, its `equipment`
 * column takes the member's items then in use for its type. Later changes to the equipment leave past
 * activities as they were.
 */

/**
 * SQL for the items of member `memberId` in use for `activityType`, as a JSON array of
 * ActivityEquipment in item order (`[]` when none): the value of `activities.equipment`.
 */
export function equipmentInUse(memberId: number, activityType: ActivityType): RawBuilder<string> {
  return sql<string>`(
    select coalesce(
      jsonb_agg(
        jsonb_build_object(
          'WearerEquipmentID', e.wearer_equipment_id,
          'EquipmentName', e.equipment_name,
          'EquipmentType', e.equipment_type,
          'VesselType', e.vessel_type,
          'Brand', e.brand,
          'Model', e.model,
          'Colour', e.colour,
          'OtherDetails', e.other_details
        )
        order by e.wearer_equipment_id
      ),
      '[]'::jsonb
    )
    from equipment e
    where e.member_id = ${memberId} and ${activityType} = any(e.activities_in_use)
  )`;
}

/**
 * An `activities.equipment` value as the detail answers it: the items, or null when the activity's
 * equipment was not recorded (made before migration 0021). An item that no longer fits the
 * ActivityEquipment schema (a type renamed since it was stored) is left out rather than failing the
 * whole detail.
 */
export function toActivityEquipment(stored: unknown): ActivityEquipment[] | null {
  if (!Array.isArray(stored)) return null;
  return stored.flatMap((item: unknown) => {
    const parsed = ActivityEquipment.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
