import type { FastifyPluginCallback } from 'fastify';
import { getEmergencyContacts } from '../../src/api/calls/memberIntegrationContacts';
import { saveEmergencyContacts } from '../../src/api/calls/memberIntegrationContactsSave';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { ContactNotFoundError, listContacts, replaceContacts } from './contactsRepository';
import { memberOf, requireMemberToken } from './memberAuth';

/**
 * `GET` and `POST emergency-contacts` (spec §7): the calling member's contacts only. The list is
 * validated by the contract (names, phones, the assistance and emergency choices, an e-mail for sharing
 * activities, the wearer's consent time for a contact sharing emergency alerts — policy §1) before
 * anything is written; a rejected list answers 400 `REQUEST_INVALID` with `Issues` whose `Message` is
 * the translation key (e.g. `body.EmergencyContacts.0.ConsentConfirmedTimestamp`,
 * `Contacts.ConsentRequired`).
 */
export const contactsRoutes: FastifyPluginCallback<{ db: Db; memberTokens: MemberTokenService }> = (
  app,
  { db, memberTokens },
  done,
) => {
  const authorised = { preHandler: requireMemberToken(memberTokens) };
  contractRoute(
    app,
    getEmergencyContacts,
    async (_input, request) => ({
      EmergencyContacts: await listContacts(db, memberOf(request).memberId),
    }),
    authorised,
  );
  contractRoute(
    app,
    saveEmergencyContacts,
    async (input, request, reply) => {
      try {
        return {
          EmergencyContacts: await replaceContacts(
            db,
            memberOf(request).memberId,
            input.EmergencyContacts,
          ),
        };
      } catch (error) {
        if (error instanceof ContactNotFoundError) {
          return sendApiError(reply, 404, 'NOT_FOUND', 'No such contact');
        }
        throw error;
      }
    },
    authorised,
  );
  done();
};
