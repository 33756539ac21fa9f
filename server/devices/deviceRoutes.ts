import type { FastifyPluginCallback } from 'fastify';
import {
  activateDevice,
  getDevices,
  removeDevice,
  saveDevice,
} from '../../src/api/calls/memberIntegrationDevices';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { memberOf, requireMemberToken } from '../member/memberAuth';
import { activateDevice as activate } from './activation';
import {
  DeviceMismatchError,
  DeviceNotFoundError,
  listDevices,
  removeDevice as release,
  saveDeviceNickname,
} from './deviceRepository';

/**
 * The member's devices (spec §7 activate-device, remove-device, save-device, devices), each scoped to
 * the calling member (ARCHITECTURE.md §5 ownership):
 * - `GET devices` → `{ MemberDevices }`, the caller's own, `IngestKey` on SMARTPHONE_APP devices only;
 * - `POST activate-device` → 200 `{ AtlasDeviceID, DeviceID }` or 200 `{ Error: { ErrorCode, Message } }`
 *   with a policy §8 code (activation.ts);
 * - `POST remove-device` → `{ MemberDevices }` (the remaining ones);
 * - `POST save-device` → the saved device (nickname only).
 * A DeviceID that is unknown or another member's answers 404 NOT_FOUND 'No such device' (as contacts
 * do); a save-device body changing Imei, DeviceType or AtlasDeviceID answers 400 REQUEST_INVALID.
 * Invalid input is a 400 REQUEST_INVALID from the contract before anything is written.
 */
export const deviceRoutes: FastifyPluginCallback<{ db: Db; memberTokens: MemberTokenService }> = (
  app,
  { db, memberTokens },
  done,
) => {
  const authorised = { preHandler: requireMemberToken(memberTokens) };
  contractRoute(
    app,
    getDevices,
    async (_input, request) => ({
      MemberDevices: await listDevices(db, memberOf(request).memberId),
    }),
    authorised,
  );
  contractRoute(
    app,
    activateDevice,
    async (input, request) => activate(db, memberOf(request).memberId, input, Date.now()),
    authorised,
  );
  contractRoute(
    app,
    removeDevice,
    async (input, request, reply) => {
      try {
        return { MemberDevices: await release(db, memberOf(request).memberId, input.DeviceID) };
      } catch (error) {
        if (error instanceof DeviceNotFoundError) {
          return sendApiError(reply, 404, 'NOT_FOUND', 'No such device');
        }
        throw error;
      }
    },
    authorised,
  );
  contractRoute(
    app,
    saveDevice,
    async (input, request, reply) => {
      try {
        return await saveDeviceNickname(db, memberOf(request).memberId, input);
      } catch (error) {
        if (error instanceof DeviceNotFoundError) {
          return sendApiError(reply, 404, 'NOT_FOUND', 'No such device');
        }
        if (error instanceof DeviceMismatchError) {
          return sendApiError(
            reply,
            400,
            'REQUEST_INVALID',
            'Imei, DeviceType and AtlasDeviceID of a device cannot be changed',
          );
        }
        throw error;
      }
    },
    authorised,
  );
  done();
};
