import { TrackCache } from './trackCache';
import { acceptsBrotli, brotliTwinOf } from './trackCompression';
import { startTrackWarmer, type TrackWarmer } from './trackWarmer';
import type { FastifyPluginCallback } from 'fastify';
import {
  memberWearerActivities,
  memberWearerActivityDelete,
  memberWearerActivityDetail,
  memberWearerActivityEdit,
  memberWearerActivitySplits,
  memberWearerActivitySummaries,
  memberWearerActivityTrack,
  memberWearerActivityTrim,
  memberWearerHasHistoricActivity,
} from '../../src/api/calls/memberIntegrationActivities';
import { TRACK_BINARY_MEDIA_TYPE } from '../../src/api/trackBinary';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { memberOf, requireMemberToken } from '../member/memberAuth';
import * as repository from './activityRepository';
import { trimActivity } from './activityTrim';

/**
 * The failure fields of a business failure (application-behaviour §8 "Activity list, detail, delete,
 * edit, splits and trim: ErrorCode UNKNOWN with a false status"). One message for an unknown id and
 * another member's id, so the answer is no ownership oracle.
 */
const NO_SUCH_ACTIVITY = { ErrorCode: 'UNKNOWN', Error: 'No such activity' } as const;

/** The failure of a trim of an activity that has no end yet (still recording). */
const STILL_OPEN = { ErrorCode: 'UNKNOWN', Error: 'The activity is still open' } as const;

/**
 * The member's activities (application-behaviour §7), each call scoped to the calling member
 * (MemberIntegrationToken) and validated by the contract before anything is read or written (400
 * REQUEST_INVALID with `Issues`):
 * - `member-wearer-activities`: summaries overlapping exactly [TimeStart, TimeEnd], newest first;
 * - `member-wearer-activity-summaries`: the same, over the window widened to at least 30 days back from
 *   TimeEnd (§9), for the client's summary cache;
 * - `member-wearer-activity-detail`: the activity with its LocationHistory in [TimeStart, TimeEnd];
 *   an unknown or another member's id answers 404 `{ ErrorCode: 'UNKNOWN' }` (the response's
 *   `Activity` is required, so there is no false-status form);
 * - `member-wearer-activity-track`: the same points as columns (src/api/trackBinary.ts), 404 alike;
 *   closed activities' tracks answered from this process's TrackCache while their row is unchanged,
 *   a whole one brotli-encoded to a client that accepts it (trackCompression.ts);
 * - `-delete`, `-edit`, `-splits`, `-trim`: `DeleteStatus` / `EditStatus` / `UpdateSuccess` /
 *   `TrimStatus` true, or false with ErrorCode UNKNOWN when the id is unknown or another member's
 *   (and for trim, when the activity is still open); a trim bound outside the activity answers 400
 *   REQUEST_INVALID with `Validations.TrimOutOfRange` issues;
 * - `member-wearer-has-historic-activity`: whether the member has any activity.
 */
export const activityRoutes: FastifyPluginCallback<{
  db: Db;
  memberTokens: MemberTokenService;
  /** How often recently closed activities' tracks are built ahead (trackWarmer.ts), ms; off when absent. */
  trackWarmIntervalMs?: number;
}> = (app, { db, memberTokens, trackWarmIntervalMs }, done) => {
  const authorised = { preHandler: requireMemberToken(memberTokens) };
  // Closed activities' tracks, kept by this server process (trackCache.ts).
  const trackCache = new TrackCache();
  if (trackWarmIntervalMs !== undefined) {
    let warmer: TrackWarmer | undefined;
    app.addHook('onReady', (hookDone) => {
      warmer = startTrackWarmer(db, trackCache, trackWarmIntervalMs, (error) => {
        app.log.error({ err: error }, 'track warmer failed');
      });
      hookDone();
    });
    app.addHook('onClose', async () => {
      await warmer?.stop();
    });
  }
  const member = (request: Parameters<typeof memberOf>[0]) => memberOf(request).memberId;

  contractRoute(
    app,
    memberWearerActivities,
    async (input, request) => ({
      Activities: await repository.listActivities(db, member(request), input),
    }),
    authorised,
  );
  contractRoute(
    app,
    memberWearerActivitySummaries,
    async (input, request) => ({
      Activities: await repository.listActivities(
        db,
        member(request),
        repository.summaryWindow(input),
      ),
    }),
    authorised,
  );
  contractRoute(
    app,
    memberWearerActivityDetail,
    async (input, request, reply) => {
      const activity = await repository.activityDetail(db, member(request), input);
      if (!activity) {
        return sendApiError(reply, 404, NO_SUCH_ACTIVITY.ErrorCode, NO_SUCH_ACTIVITY.Error);
      }
      return { Activity: activity };
    },
    authorised,
  );
  contractRoute(
    app,
    memberWearerActivityTrack,
    async (input, request, reply) => {
      const track = await repository.activityTrack(db, member(request), input, trackCache);
      if (!track) {
        return sendApiError(reply, 404, NO_SUCH_ACTIVITY.ErrorCode, NO_SUCH_ACTIVITY.Error);
      }
      reply
        .type(TRACK_BINARY_MEDIA_TYPE)
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding');
      // A closed activity's whole track goes brotli-encoded (made once per version) where accepted.
      if (trackCache.holds(track) && acceptsBrotli(request.headers['accept-encoding'])) {
        return reply.header('content-encoding', 'br').send(await brotliTwinOf(track));
      }
      return reply.send(Buffer.from(track.buffer, track.byteOffset, track.byteLength));
    },
    authorised,
  );
  contractRoute(
    app,
    memberWearerActivityDelete,
    async (input, request) =>
      (await repository.deleteActivity(db, member(request), input.ActivityId))
        ? { DeleteStatus: true }
        : { DeleteStatus: false, ...NO_SUCH_ACTIVITY },
    authorised,
  );
  contractRoute(
    app,
    memberWearerActivityEdit,
    async (input, request) =>
      (await repository.editActivityType(
        db,
        member(request),
        input.ActivityId,
        input.NewActivityType,
      ))
        ? { EditStatus: true }
        : { EditStatus: false, ...NO_SUCH_ACTIVITY },
    authorised,
  );
  contractRoute(
    app,
    memberWearerActivitySplits,
    async (input, request) =>
      (await repository.saveSplitsSettings(
        db,
        member(request),
        input.ActivityId,
        input.SplitsSettings,
      ))
        ? { UpdateSuccess: true }
        : { UpdateSuccess: false, ...NO_SUCH_ACTIVITY },
    authorised,
  );
  contractRoute(
    app,
    memberWearerActivityTrim,
    async (input, request, reply) => {
      const outcome = await trimActivity(db, member(request), input);
      switch (outcome.kind) {
        case 'trimmed':
          return { TrimStatus: true };
        case 'not-found':
          return { TrimStatus: false, ...NO_SUCH_ACTIVITY };
        case 'open':
          return { TrimStatus: false, ...STILL_OPEN };
        case 'out-of-range':
          return sendApiError(
            reply,
            400,
            'REQUEST_INVALID',
            `Invalid request: ${outcome.issues[0]?.Path ?? 'body'}: Validations.TrimOutOfRange`,
            outcome.issues,
          );
      }
    },
    authorised,
  );
  contractRoute(
    app,
    memberWearerHasHistoricActivity,
    async (_input, request) => ({
      HasHistoricActivity: await repository.hasActivity(db, member(request)),
    }),
    authorised,
  );
  done();
};
