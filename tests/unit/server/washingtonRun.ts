import path from 'node:path';
import { beforeAll, expect } from 'vitest';
import type { IngestEvent, IngestPoint } from '../../../src/api/ingest';
import { readTrackFile, type Track } from '../../../tools/tracks';
import type { TestDevice } from './deviceFixtures';
import {
  memberIntegrationToken,
  registerListeningTestServer,
  type ListeningTestServer,
} from './signedUpMember';

const TRACKS = path.resolve(import.meta.dirname, '../../fixtures/tracks');
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The real Washington run with heart rates (tests/fixtures/tracks/run-washington-dc-hr.gpx) and the
 * shift, ms, that moves it to end one to two days before now in whole days (the ingest refuses
 * device times in the future).
 * @throws Error when the fixture holds no track.
 */
export async function washingtonRun(): Promise<{ run: Track; shiftMs: number }> {
  const [run] = await readTrackFile(path.join(TRACKS, 'run-washington-dc-hr.gpx'));
  if (!run) throw new Error('no run track');
  const lastMs = run.points[run.points.length - 1]?.timeMs ?? 0;
  return { run, shiftMs: Math.floor((Date.now() - lastMs) / DAY_MS) * DAY_MS - DAY_MS };
}

/** A member signed up on `server` as `email`: its MemberIntegrationToken and member id. */
export async function signedUpMemberOn(
  server: ListeningTestServer,
  email: string,
): Promise<{ token: string; memberId: number }> {
  const token = await memberIntegrationToken(server.app, server.database.db, server.origin, email);
  const member = await server.database.db
    .selectFrom('members')
    .select('member_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { token, memberId: member.member_id };
}

/**
 * A member with the Washington run, set up for a test file: a listening test server of its own
 * ({@link registerListeningTestServer}), then, in `beforeAll`, the member signed up as `email` and
 * the run with its shift ({@link washingtonRun}). Read the fields in tests, not at the file's top
 * level: they are filled in `beforeAll`.
 */
export interface RunMember {
  readonly server: ListeningTestServer;
  /** The member's MemberIntegrationToken. */
  token: string;
  memberId: number;
  run: Track;
  /** Moves the run to end one to two days before now, ms. */
  shiftMs: number;
}

/** Registers a {@link RunMember} signed up as `email` (call at a test file's top level). */
export function registerRunMember(email: string): RunMember {
  const server = registerListeningTestServer();
  const member: RunMember = {
    server,
    token: '',
    memberId: 0,
    run: { name: '', sport: null, points: [] },
    shiftMs: 0,
  };
  beforeAll(async () => {
    Object.assign(member, await signedUpMemberOn(server, email), await washingtonRun());
  });
  return member;
}

/**
 * Posts `Points` and `Events` of `device` to `/ingest/batch` on `server`, expects 200 and answers
 * its counts.
 */
export async function postBatch(
  server: ListeningTestServer,
  device: TestDevice,
  Points: IngestPoint[],
  Events: IngestEvent[] = [],
): Promise<{ Accepted: number; Duplicates: number }> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/ingest/batch',
    payload: { IngestKey: device.key, Points, Events },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Accepted: number; Duplicates: number }>();
}

/**
 * Posts `payload` to the member-integration call `name` on `server` as the member of `token`,
 * expects 200 and answers the response (`.json()` for the body, `.rawPayload` for a binary one).
 */
export async function memberCall(
  server: ListeningTestServer,
  token: string,
  name: string,
  payload: object,
) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/member-integration/${name}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
