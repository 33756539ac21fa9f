import type { Device } from '../../api/entities/device';
import type { Equipment } from '../../api/entities/equipment';
import type { Wearer } from '../../api/entities/member';

/** Something the member has not set up yet, and where to do it. */
export interface DashboardPrompt {
  /** Translation key under `Dashboard.Prompts.` (title and text: `<Key>.Title`, `<Key>.Text`). */
  readonly key: 'ActivateDevice' | 'AddEquipment' | 'ChooseActivityTypes' | 'PersonalDetails';
  readonly path: string;
}

/** What the prompts look at; a collection not yet received is null (no prompt for it yet). */
export interface DashboardPromptInput {
  readonly devices: readonly Device[] | null;
  readonly equipment: readonly Equipment[] | null;
  readonly wearer: Wearer | null;
}

/**
 * The dashboard's prompts for what is missing (spec application-behaviour §4 sign-up order; policy §2
 * "Dashboard, with prompts"), most important first: a device (a wearer is only tracked with one), the
 * favourite activity types (policy §5: at least one), equipment (what rescuers should look for) and the
 * date of birth of the personal details. Contacts need no prompt: the login gate requires them.
 */
export function dashboardPrompts(input: DashboardPromptInput): DashboardPrompt[] {
  const prompts: DashboardPrompt[] = [];
  if (input.devices?.length === 0) {
    prompts.push({ key: 'ActivateDevice', path: '/member/activate-device' });
  }
  if (input.wearer && input.wearer.ActivityTypes.length === 0) {
    prompts.push({ key: 'ChooseActivityTypes', path: '/member/activity-types' });
  }
  if (input.equipment?.length === 0) {
    prompts.push({ key: 'AddEquipment', path: '/member/equipment' });
  }
  if (input.wearer && !input.wearer.DateOfBirth) {
    prompts.push({ key: 'PersonalDetails', path: '/member/personal-details' });
  }
  return prompts;
}
