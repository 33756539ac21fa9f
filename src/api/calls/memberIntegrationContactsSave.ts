import * as z from 'zod/mini';
import { defineCall } from '../call';
import { EmergencyContact, EmergencyContactList } from '../entities';
import { getEmergencyContacts } from './memberIntegrationContacts';

/*
 * Saving the emergency contacts (app §7), apart from loading them (memberIntegrationContacts.ts), so
 * that the contacts loaded at start do not bring the saving rules into the login route's JavaScript.
 */

/**
 * Replaces the whole contact list (app §7 "POST emergency-contacts (list of contacts)"): contacts
 * without an id are created, listed ones updated, unlisted ones removed. The list must have a contact
 * for assistance alerts and one for emergency alerts (app §5). Answers the saved list.
 */
export const saveEmergencyContacts = defineCall({
  name: 'save-emergency-contacts',
  api: 'member-integration',
  method: 'POST',
  path: '/emergency-contacts',
  request: z.object({ EmergencyContacts: EmergencyContactList }),
  response: z.object({ EmergencyContacts: z.array(EmergencyContact) }),
});

/** The contact calls by name. */
export const contactCalls = {
  'get-emergency-contacts': getEmergencyContacts,
  'save-emergency-contacts': saveEmergencyContacts,
} as const;
