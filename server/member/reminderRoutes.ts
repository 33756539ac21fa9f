import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import {
  deleteWearerReminder,
  loadWearerReminders,
  saveWearerReminder,
} from '../../src/api/calls/memberIntegrationReminders';
import type { ChangeType, EntityChanges } from '../../src/api/socket';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { memberOf, requireMemberToken } from './memberAuth';
import * as repository from './reminderRepository';
import { reminderTemplates } from './reminderTemplates';

/**
 * Maps the repository's refusals: another wearer or another's reminder → 404 NOT_FOUND (no
 * ownership oracle); an unknown template or one reminder too many → 400 REQUEST_INVALID on the field
 * (`Validations.InvalidValues`), nothing written. Rethrows the rest.
 */
function refusal(error: unknown, reply: FastifyReply): FastifyReply {
  if (error instanceof repository.ReminderNotFoundError) {
    return sendApiError(reply, 404, 'NOT_FOUND', error.message);
  }
  if (error instanceof repository.ReminderRefusedError) {
    return sendApiError(reply, 400, 'REQUEST_INVALID', `Invalid request: ${error.message}`, [
      { Path: error.path, Message: 'Validations.InvalidValues' },
    ]);
  }
  throw error;
}

/**
 * The wearer's reminders (spec app §7): `GET load-wearer-reminders/{WearerID}` → `{ WearerReminders,
 * ReminderTemplates }` (the templates in the member's language), `POST save-wearer-reminder` → the
 * stored reminder, `POST delete-wearer-reminder/{WearerReminderID}/{WearerID}` (empty body) →
 * `{ Success }`. Each is the calling member's own wearer only. A committed save or delete tells the
 * member's sockets (EntityChanges `WearerReminder`, spec §4 "Reminders … refresh on change events");
 * a failure to publish is logged and changes nothing of the answer. Registered after the realtime
 * plugin (server/app.ts).
 */
export const reminderRoutes: FastifyPluginCallback<{
  db: Db;
  memberTokens: MemberTokenService;
  /** The clock the change events are stamped with, epoch ms; `Date.now` by default. */
  now?: () => number;
}> = (app, { db, memberTokens, now = Date.now }, done) => {
  const authorised = { preHandler: requireMemberToken(memberTokens) };
  const publish = (
    request: FastifyRequest,
    reminderId: number,
    wearerId: number,
    kind: ChangeType,
  ): void => {
    const changes: EntityChanges = [
      {
        EntityType: 'WearerReminder',
        EntityId: reminderId,
        ChangeType: kind,
        Timestamp: now(),
        WearerID: wearerId,
      },
    ];
    try {
      app.realtime.publishEntityChanges(memberOf(request).memberId, changes);
    } catch (error) {
      request.log.error({ err: error }, 'reminders: publishing to sockets failed');
    }
  };
  contractRoute(
    app,
    loadWearerReminders,
    async (input, request, reply) => {
      try {
        const { reminders, language } = await repository.listReminders(
          db,
          memberOf(request),
          input.WearerID,
        );
        return { WearerReminders: reminders, ReminderTemplates: reminderTemplates(language) };
      } catch (error) {
        return refusal(error, reply);
      }
    },
    authorised,
  );
  contractRoute(
    app,
    saveWearerReminder,
    async (input, request, reply) => {
      try {
        const { reminder, created } = await repository.saveReminder(db, memberOf(request), input);
        publish(
          request,
          reminder.WearerReminderID,
          reminder.WearerID,
          created ? 'created' : 'updated',
        );
        return reminder;
      } catch (error) {
        return refusal(error, reply);
      }
    },
    authorised,
  );
  contractRoute(
    app,
    deleteWearerReminder,
    async (input, request, reply) => {
      try {
        const deleted = await repository.deleteReminder(
          db,
          memberOf(request),
          input.WearerReminderID,
          input.WearerID,
        );
        if (deleted) publish(request, input.WearerReminderID, input.WearerID, 'deleted');
        return { Success: deleted };
      } catch (error) {
        return refusal(error, reply);
      }
    },
    authorised,
  );
  done();
};
