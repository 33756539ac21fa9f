import type { ActivityType } from '../../api/enums';
import type { RegistrationStep } from '../../store/registration/registrationSteps';

/**
 * Where the equipment screens are shown: the member area (`/member/equipment…`, spec §2 member
 * routes) or the sign-up order (`/auth/registration-equipment…`, spec §2 "Need login").
 */
export type EquipmentMode = 'member' | 'registration';

/** The equipment step of the sign-up order (spec §4 "Sign-up order"). */
export const REGISTRATION_EQUIPMENT_STEP: RegistrationStep = '/auth/registration-equipment';

/** The routes of the equipment screens of one {@link EquipmentMode}. */
export interface EquipmentPaths {
  /** The list with its tabs. */
  readonly list: string;
  /** The item editor; `'new'` creates an item. */
  readonly item: (id: number | 'new') => string;
  /** The items linked to one activity type. */
  readonly activityType: (type: ActivityType) => string;
}

const MEMBER_PATHS: EquipmentPaths = {
  list: '/member/equipment',
  item: (id) => `/member/equipment/${id}`,
  activityType: (type) => `/member/equipment-activity-type/${type}`,
};

const REGISTRATION_PATHS: EquipmentPaths = {
  list: REGISTRATION_EQUIPMENT_STEP,
  item: (id) => `/auth/registration-equipment/${id}`,
  activityType: (type) => `/auth/registration-equipment-activity-type/${type}`,
};

/** The equipment routes of `mode` (spec §2). */
export function equipmentPaths(mode: EquipmentMode): EquipmentPaths {
  return mode === 'member' ? MEMBER_PATHS : REGISTRATION_PATHS;
}
