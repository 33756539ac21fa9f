import type { ActivityType, EquipmentType, VesselType } from '../../api/enums';

/*
 * Translation keys of the equipment vocabulary (app §3 "Equipment", "Activity types"; policy §3),
 * all in locales/en/Equipment.json.
 */

/** The key of an equipment type's name, e.g. `Equipment.Types.VESSEL`. */
export const equipmentTypeKey = (type: EquipmentType): string => `Equipment.Types.${type}`;

/** The key of a vessel type's name, e.g. `Equipment.VesselTypes.KAYAK`. */
export const vesselTypeKey = (type: VesselType): string => `Equipment.VesselTypes.${type}`;

/** The key of an activity type's name, e.g. `Equipment.ActivityTypes.SAILING`. */
export const activityTypeKey = (type: ActivityType): string => `Equipment.ActivityTypes.${type}`;
