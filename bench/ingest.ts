import path from 'node:path';
import Fastify from 'fastify';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/database';
import { newIngestKey } from '../server/devices/ingestKey';
import { DEFAULT_HEARTBEAT_INTERVAL_MS } from '../server/realtime/postgresAdapter';
import type { IngestBatchResponse, IngestPoint } from '../src/api/ingest';
import type { BenchArea, Figure } from './lib/figure';
import { withBenchDatabase } from './lib/benchDatabase';
import { readGpxPoints } from './lib/gpxTrack';
import { withMachineCpu } from './lib/machineCpu';
import { runOsmAndLoad, type OsmAndLoadMeasure } from './lib/osmandLoad';

const TRACK_FILE = 'sail-valencia-regatta-ESP29375-race1.gpx';
const TRACK = path.resolve(import.meta.dirname, '../tests/fixtures/tracks', TRACK_FILE);
/** Share of the points sent that re-send an earlier point. */
const DUPLICATE_SHARE = 0.2;
/** Share of the points that arrive late (moved 1–50 places back in the stream). */
const OUT_OF_ORDER_SHARE = 0.1;

/**
 * Track points each OsmAnd device replays (one request each): about ten seconds of sending, of
 * which about seven in the sustained window, with the whole area under 30 s.
 */
const OSMAND_POINTS = 200;
/**
 * Answers each OsmAnd phone gets before the sustained window may start (bench/lib/sustainedRate.ts):
 * by then every phone's activity is open and the server's code is warm. The first half second of a
 * run answered a quarter of the GETs of a later one (2026-12-06): 256 activities opened at once,
 * 256 connections, and code not yet optimised, which a server reporting around the clock is past.
 */
const OSMAND_WARMUP_ANSWERS = 25;
/**
 * Phones reporting at once over OsmAnd, each sending its points one request at a time, in order, the
 * next as soon as the last is answered (a closed loop); `INGEST_OSMAND_PHONES` sets another count.
 * A closed loop of n phones holds at most n requests in flight, so at a throughput X it demands an
 * answer within n / X (Little's law): 64 phones at 6,250 GETs/s (5,000 new points with the re-sends)
 * would demand every GET answered in 10 ms. A real fleet is an open loop: 5,000 points/s are at least
 * 5,000 phones reporting at most once a second, whatever the answer takes; at the 40–95 ms a GET
 * is answered in under this load they keep 250–600 requests in flight. 512 phones hold as many;
 * 256 starved the server on a slow hour (docs/decisions.md "Ingest throughput", "512 phones").
 */
const OSMAND_DEVICES = Number(process.env.INGEST_OSMAND_PHONES ?? 512);

/** A deterministic generator (mulberry32), so every run sends the same stream. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The stream one device sends: every track point once, {@link OUT_OF_ORDER_SHARE} of them moved 1–50
 * places later, plus re-sends of recently sent points making up {@link DUPLICATE_SHARE} of the stream.
 */
function deviceStream(points: readonly IngestPoint[], seed: number): IngestPoint[] {
  const random = generator(seed);
  const order = [...points];
  for (let i = 0; i < order.length; i += 1) {
    if (random() >= OUT_OF_ORDER_SHARE) continue;
    const to = Math.min(order.length - 1, i + 1 + Math.floor(random() * 50));
    const [late] = order.splice(i, 1);
    if (late) order.splice(to, 0, late);
  }
  const stream: IngestPoint[] = [];
  const resendRate = DUPLICATE_SHARE / (1 - DUPLICATE_SHARE);
  for (const point of order) {
    stream.push(point);
    if (random() < resendRate) {
      const back = Math.min(stream.length, 1 + Math.floor(random() * 200));
      const again = stream[stream.length - back];
      if (again) stream.push(again);
    }
  }
  return stream;
}

/**
 * The points with their times shifted to end now, as a live tracker sends them: old times would
 * have every fix reopen an activity closed by 30 minutes' silence (a recording synced later is the
 * late path, tested in ingest.test.ts).
 */
function live(points: readonly IngestPoint[]): IngestPoint[] {
  const shiftMs = Date.now() - (points.at(-1)?.Time ?? Date.now());
  return points.map((point) => ({ ...point, Time: point.Time + shiftMs }));
}

/** Adds member `n` (a wearer of its own); answers its MemberID. */
async function addMember(db: Db, n: number): Promise<number> {
  const member = await db
    .insertInto('members')
    .values({
      identity_sub: `bench-ingest-${n}`,
      client_id: 1,
      domain_id: 'local',
      email: `ingest-bench-${n}@example.com`,
      name_first: 'Bench',
      name_last: 'Ingest',
      language_code: 'en',
      activity_types: ['SAILING'],
    })
    .returning('member_id')
    .executeTakeFirstOrThrow();
  return member.member_id;
}

/** Adds `count` activated phone devices of the member, named from `first` on; answers their keys. */
async function addDevices(
  db: Db,
  memberId: number,
  first: number,
  count: number,
): Promise<string[]> {
  const keys = Array.from({ length: count }, () => newIngestKey());
  await db
    .insertInto('devices')
    .values(
      keys.map((key, index) => ({
        atlas_device_id: `bench-ingest-${first + index}`,
        imei: `3577770000${String(first + index).padStart(5, '0')}`,
        device_type: 'SMARTPHONE_APP',
        device_nickname: 'Bench',
        member_id: memberId,
        ingest_key: key,
        registered_at: new Date(),
      })),
    )
    .execute();
  return keys;
}

interface Run {
  readonly sent: number;
  readonly accepted: number;
  readonly requests: number;
  readonly seconds: number;
  /** CPU time of the whole machine (both cores, every process) per request, ms; OsmAnd runs only. */
  readonly cpuMsPerRequest?: number;
  /** OsmAnd runs: the sustained window's measure (null: the run had none). */
  readonly sustained?: OsmAndLoadMeasure | null;
}

/** Sends every device's stream concurrently (each device in order), timing the whole. */
async function runDevices(
  keys: readonly string[],
  streams: readonly IngestPoint[][],
  send: (key: string, stream: IngestPoint[]) => Promise<{ accepted: number; requests: number }>,
): Promise<Run> {
  const started = performance.now();
  const results = await Promise.all(keys.map((key, i) => send(key, streams[i] ?? [])));
  return {
    sent: streams.reduce((sum, stream) => sum + stream.length, 0),
    accepted: results.reduce((sum, r) => sum + r.accepted, 0),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

function figure(name: string, run: Run, params: Figure['params']): Figure {
  return {
    bench: `ingest.${name}`,
    metric: 'deduplicated points acknowledged per second (HTTP, committed)',
    value: Math.round(run.accepted / run.seconds),
    unit: 'points/s',
    params: {
      ...params,
      track: TRACK_FILE,
      duplicates: DUPLICATE_SHARE,
      outOfOrder: OUT_OF_ORDER_SHARE,
      uniquePoints: run.accepted,
      pointsSent: run.sent,
      sentPerSecond: Math.round(run.sent / run.seconds),
      requestsPerSecond: Math.round(run.requests / run.seconds),
      seconds: Number(run.seconds.toFixed(2)),
      ...(run.cpuMsPerRequest === undefined ? {} : { cpuMsPerRequest: run.cpuMsPerRequest }),
    },
  };
}

/**
 * The figures of an OsmAnd run: `ingest.osmand`'s points/s over the sustained window (the target's
 * figure: every phone warm and still sending, bench/lib/sustainedRate.ts), then over the whole run,
 * its cold start and drain included. Without a sustained window, the whole run's only.
 */
function osmandFigures(run: Run, params: Figure['params']): Figure[] {
  const whole = figure('osmand', run, params);
  const window = run.sustained;
  if (!window) return [whole];
  return [
    {
      bench: 'ingest.osmand',
      metric:
        'deduplicated points acknowledged per second while every phone reports (HTTP, committed)',
      value: Math.round(window.accepted / window.seconds),
      unit: 'points/s',
      params: {
        ...whole.params,
        window: `sustained: from every phone's ${OSMAND_WARMUP_ANSWERS}th answer to the first phone done`,
        windowSeconds: Number(window.seconds.toFixed(2)),
        windowPoints: window.accepted,
        windowRequestsPerSecond: Math.round(window.requests / window.seconds),
      },
    },
    {
      ...whole,
      metric: `${whole.metric} over the whole run, cold start and drain included`,
    },
  ];
}

/** The OsmAnd phones against `origin` on their own thread (bench/lib/osmandLoad.ts). */
async function osmandRun(
  origin: string,
  keys: readonly string[],
  streams: readonly IngestPoint[][],
): Promise<Run> {
  const { result, cpuMs } = await withMachineCpu(() =>
    runOsmAndLoad({
      origin,
      devices: keys.map((key, i) => ({ key, points: streams[i] ?? [] })),
      warmupAnswers: OSMAND_WARMUP_ANSWERS,
    }),
  );
  return {
    ...result,
    sent: result.requests,
    ...(cpuMs === null ? {} : { cpuMsPerRequest: Number((cpuMs / result.requests).toFixed(3)) }),
  };
}

/**
 * The same OsmAnd requests against a bare Fastify route answering 200 at once: what HTTP alone costs
 * on this machine with this client, the ceiling `ingest.osmand` (one point per request) can approach.
 */
async function httpFloor(keys: readonly string[], streams: readonly IngestPoint[][]): Promise<Run> {
  const bare = Fastify();
  bare.get('/ingest/osmand', async (_request, reply) => reply.code(200).send());
  const origin = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await osmandRun(origin, keys, streams);
  } finally {
    await bare.close();
  }
}

/**
 * Device ingest throughput (issue 5 item 8) against a real server (HTTP on loopback) on the embedded
 * PostgreSQL: every device replays the real sailing track with 20 % duplicates and 10 % of the points
 * out of order; a point counts once the server acknowledged it (committed). `ingest.batch`: 16 devices
 * post the whole track, 500 points per request; `ingest.osmand`: 512 devices send its first 200 points,
 * one OsmAnd GET each, from a worker thread, each phone the device of its own member; `ingest.http-floor`: the same GETs against a bare route,
 * the ceiling of one point per request. Devices run concurrently, each one in its own order, with
 * times shifted to end now (live); the client shares the machine with the server and PostgreSQL.
 */
export const ingestBench: BenchArea = {
  area: 'ingest',
  run: () =>
    withBenchDatabase('ingest', async (db) => {
      const app = await buildServer(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { db });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      // A server alone on its database publishes no NOTIFY once it has listened for the heartbeat
      // timeout (server/realtime/peerWatch.ts); the OsmAnd run waits for that steady state.
      const aloneAtMs = performance.now() + 2 * DEFAULT_HEARTBEAT_INTERVAL_MS + 500;
      const track = (await readGpxPoints(TRACK)).map((p) => ({ Time: p.Time, Lat: p.Y, Lon: p.X }));
      const figures: Figure[] = [];
      try {
        const batchSize = 500;
        const memberId = await addMember(db, 0);
        const batchKeys = await addDevices(db, memberId, 0, 16);
        const batch = await runDevices(
          batchKeys,
          batchKeys.map((_key, i) => deviceStream(live(track), 1 + i)),
          async (key, stream) => {
            let accepted = 0;
            let requests = 0;
            for (let offset = 0; offset < stream.length; offset += batchSize) {
              const res = await fetch(`${origin}/ingest/batch`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  IngestKey: key,
                  Points: stream.slice(offset, offset + batchSize),
                }),
              });
              if (res.status !== 200) throw new Error(`batch: ${res.status} ${await res.text()}`);
              accepted += ((await res.json()) as IngestBatchResponse).Accepted;
              requests += 1;
            }
            return { accepted, requests };
          },
        );
        figures.push(
          figure('batch', batch, {
            devices: batchKeys.length,
            pointsPerDevice: track.length,
            batchSize,
          }),
        );

        // Each phone is a wearer of its own, as many people tracked at once are.
        const osmandKeys: string[] = [];
        for (let i = 0; i < OSMAND_DEVICES; i += 1) {
          osmandKeys.push(...(await addDevices(db, await addMember(db, 1 + i), 100 + i, 1)));
        }
        const osmandStreams = osmandKeys.map((_key, i) =>
          deviceStream(live(track.slice(0, OSMAND_POINTS)), 101 + i),
        );
        await new Promise((resolve) => setTimeout(resolve, aloneAtMs - performance.now()));
        const osmand = await osmandRun(origin, osmandKeys, osmandStreams);
        figures.push(
          ...osmandFigures(osmand, {
            devices: osmandKeys.length,
            pointsPerDevice: OSMAND_POINTS,
            // Each phone always has one GET in flight: the mean time a GET took, answer included.
            meanRequestMs: Number(
              ((osmand.seconds * 1000 * osmandKeys.length) / osmand.requests).toFixed(1),
            ),
          }),
        );
        const floor = await httpFloor(osmandKeys, osmandStreams);
        figures.push({
          bench: 'ingest.http-floor',
          metric:
            'OsmAnd GETs a bare route answers per second (same client, no database): the ceiling',
          value: Math.round(floor.requests / floor.seconds),
          unit: 'requests/s',
          params: {
            devices: osmandKeys.length,
            requests: floor.requests,
            ...(floor.sustained
              ? {
                  sustainedRequestsPerSecond: Math.round(
                    floor.sustained.requests / floor.sustained.seconds,
                  ),
                }
              : {}),
            ...(floor.cpuMsPerRequest === undefined
              ? {}
              : { cpuMsPerRequest: floor.cpuMsPerRequest }),
          },
        });
      } finally {
        await app.close();
      }
      return figures;
    }),
};
