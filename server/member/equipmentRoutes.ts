import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { deleteEquipment, getEquipment } from '../../src/api/calls/memberIntegrationEquipment';
import { saveEquipment, saveEquipments } from '../../src/api/calls/memberIntegrationEquipmentSave';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import * as repository from './equipmentRepository';
import { memberOf, requireMemberToken } from './memberAuth';

/** Answers 404 NOT_FOUND for an id that is not the member's (no ownership oracle); rethrows the rest. */
function notFound(error: unknown, reply: FastifyReply): FastifyReply {
  if (error instanceof repository.EquipmentNotFoundError) {
    return sendApiError(reply, 404, 'NOT_FOUND', 'No such equipment');
  }
  throw error;
}

/**
 * The member's equipment (spec §7): `GET equipment`, `POST equipment`, `POST equipments` and
 * `POST equipment-delete`, each scoped to the calling member. Inputs are validated by the contract
 * (`EquipmentInput`: name required and up to 30 characters, known types) before anything is written;
 * saves apply the in-use rules of app §5 / policy §4 in their transaction.
 */
export const equipmentRoutes: FastifyPluginCallback<{
  db: Db;
  memberTokens: MemberTokenService;
}> = (app, { db, memberTokens }, done) => {
  const authorised = { preHandler: requireMemberToken(memberTokens) };
  contractRoute(
    app,
    getEquipment,
    async (_input, request) => ({
      Equipment: await repository.listEquipment(db, memberOf(request).memberId),
    }),
    authorised,
  );
  contractRoute(
    app,
    saveEquipment,
    async (input, request, reply) => {
      try {
        return await repository.saveEquipment(db, memberOf(request).memberId, input);
      } catch (error) {
        return notFound(error, reply);
      }
    },
    authorised,
  );
  contractRoute(
    app,
    saveEquipments,
    async (input, request, reply) => {
      try {
        return {
          Equipment: await repository.saveEquipments(
            db,
            memberOf(request).memberId,
            input.Equipment,
          ),
        };
      } catch (error) {
        return notFound(error, reply);
      }
    },
    authorised,
  );
  contractRoute(
    app,
    deleteEquipment,
    async (input, request) =>
      repository.deleteEquipment(db, memberOf(request).memberId, input.EquipmentId),
    authorised,
  );
  done();
};
