import type { CallDef } from '../call';
import { activityCalls } from './memberIntegrationActivities';
import { authHostCalls } from './authHost';
import { centralCalls } from './central';
import { contactCalls } from './memberIntegrationContactsSave';
import { deviceCalls } from './memberIntegrationDevices';
import { equipmentCalls } from './memberIntegrationEquipmentSave';
import { paymentCalls } from './payments';
import { publicCalls } from './memberIntegrationPublic';
import { reminderCalls } from './memberIntegrationReminders';
import { scheduleCalls } from './memberIntegrationSchedules';
import { shareJourneyCalls } from './memberIntegrationShareJourney';
import { memberShareCalls } from './memberIntegrationShares';
import { shareViewingCalls } from './shareViewing';
import { subscriptionCalls } from './memberIntegrationSubscriptions';
import { wearerCalls } from './memberIntegrationWearer';

export * from './authHost';
export * from './central';
export * from './common';
export * from './memberIntegrationActivities';
export * from './memberIntegrationContacts';
export * from './memberIntegrationContactsSave';
export * from './memberIntegrationDevices';
export * from './memberIntegrationEquipment';
export * from './memberIntegrationEquipmentSave';
export * from './memberIntegrationPublic';
export * from './memberIntegrationReminders';
export * from './memberIntegrationSchedules';
export * from './memberIntegrationShareJourney';
export * from './memberIntegrationShares';
export * from './memberIntegrationSubscriptions';
export * from './memberIntegrationWearer';
export * from './payments';
export * from './shareViewing';

/** The groups of calls, one per area of spec application-behaviour §7. */
export const callGroups = {
  authHost: authHostCalls,
  devices: deviceCalls,
  deviceSchedules: scheduleCalls,
  contacts: contactCalls,
  equipment: equipmentCalls,
  subscriptions: subscriptionCalls,
  wearer: wearerCalls,
  activities: activityCalls,
  shareJourney: shareJourneyCalls,
  memberShares: memberShareCalls,
  reminders: reminderCalls,
  public: publicCalls,
  shareViewing: shareViewingCalls,
  payments: paymentCalls,
  central: centralCalls,
} as const;

/**
 * Every call of the contract, keyed by its `name` (spec application-behaviour §7). A call's name is
 * its path without the API prefix and placeholders, prefixed `get-`/`save-` where a GET and a POST
 * share a path (emergency-contacts, equipment), or a descriptive name for the central service's paths.
 * Servers register routes and mocks answer from this record.
 */
export const calls = {
  ...authHostCalls,
  ...deviceCalls,
  ...scheduleCalls,
  ...contactCalls,
  ...equipmentCalls,
  ...subscriptionCalls,
  ...wearerCalls,
  ...activityCalls,
  ...shareJourneyCalls,
  ...memberShareCalls,
  ...reminderCalls,
  ...publicCalls,
  ...shareViewingCalls,
  ...paymentCalls,
  ...centralCalls,
} as const satisfies Record<string, CallDef>;

/** The name of a call of the contract. */
export type CallName = keyof typeof calls;
