import * as z from 'zod/mini';
import { defineCall } from '../call';
import { EmergencyContact } from '../entities';
import { NoRequest } from './common';

/* Emergency contacts of the member-integration API (app §7). */

/** The wearer's emergency contacts, wrapped as `EmergencyContacts`. */
export const getEmergencyContacts = defineCall({
  name: 'get-emergency-contacts',
  api: 'member-integration',
  method: 'GET',
  path: '/emergency-contacts',
  request: NoRequest,
  response: z.object({ EmergencyContacts: z.array(EmergencyContact) }),
});
