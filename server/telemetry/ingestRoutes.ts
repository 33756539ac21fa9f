import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { IngestBatchRequest, IngestBatchResponse } from '../../src/api/ingest';
import type { AlertEngineDeps } from '../alerts/alertEngine';
import type { Db } from '../db/database';
import { DEVICE_ROUTE } from '../http/security';
import { invalidDeviceRequest, unknownIngestKey } from './deviceAnswers';
import type { IngestInput } from './ingest';
import { createIngestGroupCommit, databaseIngestStore } from './ingestGroupCommit';
import { publishIngest } from './ingestPublication';
import { timeIssues, zodIssues, type Parsed } from './ingestValidation';
import { parseOsmAnd, type OsmAndParams, type OsmAndMessage } from './osmandRequest';
import { startSilenceSweep } from './silenceSweep';
import { parseTraccarJson } from './traccarJson';

/**
 * Largest `/ingest/batch` body, bytes: 4 MiB holds {@link IngestBatchRequest}'s 10 000 points with
 * every field (≈ 1.2 MB) with room to spare; anything larger is refused with 413 before it is parsed.
 */
export const INGEST_BATCH_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Options of {@link ingestRoutes}. */
export interface IngestRoutesOptions {
  readonly db: Db;
  /** Server clock, epoch ms (tests inject a fixed one); default `Date.now`. */
  readonly clock?: () => number;
  /**
   * Runs the silence sweep (silenceSweep.ts) every so many ms while the server is up; off when absent.
   */
  readonly silenceSweepIntervalMs?: number;
  /**
   * The alert engine's outside world (server/alerts/alertEngine.ts); when absent, ingest stores and
   * builds activities without evaluating alerts.
   */
  readonly alerts?: AlertEngineDeps;
}

/** Form and text bodies as OsmAnd parameters (a repeated name gives an array, as in a query). */
function formParams(body: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  const search = new URLSearchParams(body);
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    params[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return params;
}

/**
 * The OsmAnd message of a GET or POST: Traccar Client's JSON body (`json`), or the query plus form (or
 * text) body parameters (`params`, the query winning for a name in both).
 */
function osmAndMessage(
  request: FastifyRequest,
  nowMs: number,
): { readonly form: 'json' | 'params'; readonly message: Parsed<OsmAndMessage> } {
  const query = request.query as OsmAndParams;
  const body: unknown = request.body;
  const isForm = request.headers['content-type']?.includes('form-urlencoded') === true;
  if (body !== null && typeof body === 'object' && !isForm) {
    return { form: 'json', message: parseTraccarJson(body, nowMs) };
  }
  const bodyParams =
    typeof body === 'string' ? formParams(body) : isForm ? (body as OsmAndParams) : {};
  return { form: 'params', message: parseOsmAnd({ ...bodyParams, ...query }, 'query', nowMs) };
}

/**
 * Device ingest (issue 5 item 1; ARCHITECTURE.md §1, §5), each request stored and its activities built
 * in one transaction before the answer (server/telemetry/ingest.ts; concurrent requests of different
 * devices share a transaction: ingestGroupCommit.ts):
 * - `GET|POST /ingest/osmand`: the OsmAnd HTTP protocol as Traccar's OsmAnd decoder accepts it — query
 *   or form parameters (osmandRequest.ts) or Traccar Client's JSON body (traccarJson.ts) — so phone
 *   tracker apps (Traccar Client, GPSLogger, OsmAnd) act as SMARTPHONE_APP devices; `id` is the
 *   device's ingest key. Answers 200 with an empty body once committed.
 * - `POST /ingest/batch`: {@link IngestBatchRequest} (watches, the simulator) → 200
 *   {@link IngestBatchResponse} `{ Accepted, Duplicates }` once committed.
 * Failures, with nothing stored: 400 REQUEST_INVALID with every issue (a bad value, a time before
 * 2000-01-01 or over 5 minutes ahead, too many points) — the whole request is refused; 401 AUTH for a
 * missing, unknown or revoked key (one answer for all); 413 PAYLOAD_TOO_LARGE above the body limit
 * (the server's for OsmAnd, {@link INGEST_BATCH_BODY_LIMIT_BYTES} for batches). The key travels in the
 * query as `id` for OsmAnd: server/http/redact.ts keeps it out of the request log.
 * Once a request has committed, its new points and activity changes go to the member's sockets
 * (ingestPublication.ts) through `app.realtime` when the realtime plugin is registered, before the
 * answer; a publishing failure is logged and changes nothing of the answer.
 */
export const ingestRoutes: FastifyPluginCallback<IngestRoutesOptions> = (app, options, done) => {
  const { db } = options;
  const clock = options.clock ?? Date.now;
  // Concurrent requests share transactions (ingestGroupCommit.ts); each still answers after its commit.
  const groupCommit = createIngestGroupCommit(databaseIngestStore(db, options.alerts));
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, parsed) => {
      parsed(null, formParams(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );

  const osmand = async (request: FastifyRequest, reply: FastifyReply) => {
    const nowMs = clock();
    const { form, message } = osmAndMessage(request, nowMs);
    if (!message.ok) return invalidDeviceRequest(reply, message.issues);
    const { ingestKey, points, events } = message.value;
    if (ingestKey === null) return unknownIngestKey(reply);
    const timePath = form === 'json' ? 'body.location.timestamp' : 'query.timestamp';
    const problems = timeIssues(points, events, nowMs, {
      point: () => timePath,
      event: () => timePath,
    });
    if (problems.length > 0) return invalidDeviceRequest(reply, problems);
    return store(reply, ingestKey, message.value, nowMs, () => reply.code(200).send());
  };

  const store = async (
    reply: FastifyReply,
    ingestKey: string,
    input: IngestInput | OsmAndMessage,
    nowMs: number,
    answer: (accepted: number, duplicates: number) => FastifyReply,
  ) => {
    const outcome = await groupCommit.submit({ ingestKey, input, nowMs });
    if (outcome.kind === 'unknown-key') return unknownIngestKey(reply);
    // Committed: tell the member's sockets (none when the realtime plugin is not registered).
    const publisher = app.hasDecorator('realtime') ? app.realtime : undefined;
    await publishIngest(db, publisher, outcome.commit, reply.log);
    if (outcome.commit.alerts.some((alert) => alert.created)) options.alerts?.requestDelivery?.();
    return answer(outcome.accepted, outcome.duplicates);
  };

  app.get('/ingest/osmand', DEVICE_ROUTE, osmand);
  app.post('/ingest/osmand', DEVICE_ROUTE, osmand);
  app.post(
    '/ingest/batch',
    {
      ...DEVICE_ROUTE,
      bodyLimit: INGEST_BATCH_BODY_LIMIT_BYTES,
      schema: { response: { 200: IngestBatchResponse } },
    },
    async (request, reply) => {
      const nowMs = clock();
      const parsed = IngestBatchRequest.safeParse(request.body);
      if (!parsed.success) return invalidDeviceRequest(reply, zodIssues(parsed.error, 'body'));
      const { IngestKey, Points, Events } = parsed.data;
      const problems = timeIssues(Points, Events, nowMs, {
        point: (index) => `body.Points.${index}.Time`,
        event: (index) => `body.Events.${index}.Time`,
      });
      if (problems.length > 0) return invalidDeviceRequest(reply, problems);
      return store(reply, IngestKey, { points: Points, events: Events }, nowMs, (accepted, dup) =>
        reply.code(200).send({ Accepted: accepted, Duplicates: dup }),
      );
    },
  );

  if (options.silenceSweepIntervalMs !== undefined) {
    const interval = options.silenceSweepIntervalMs;
    let sweep: ReturnType<typeof startSilenceSweep> | undefined;
    app.addHook('onReady', (hookDone) => {
      sweep = startSilenceSweep(db, {
        intervalMs: interval,
        clock,
        onError: (error) => {
          app.log.error({ err: error }, 'silence sweep failed');
        },
      });
      hookDone();
    });
    app.addHook('onClose', async () => {
      await sweep?.stop();
    });
  }
  done();
};
