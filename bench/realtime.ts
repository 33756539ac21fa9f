import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify from 'fastify';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import type { TelemetryWearerUpdate } from '../src/api/socket';
import { buildServer } from '../server/app';
import { createMemberTokenService, loadMemberTokenSecret } from '../server/authHost/memberTokens';
import { loadConfig } from '../server/config';
import {
  createPostgresClusterAdapter,
  DEFAULT_HEARTBEAT_INTERVAL_MS,
} from '../server/realtime/postgresAdapter';
import { withBenchDatabase } from './lib/benchDatabase';
import type { BenchArea, Figure } from './lib/figure';

/*
 * realtime.fanout (issue 5 item 8; ARCHITECTURE.md §1 "socket.io rooms"): `DEVICES` wearers publish a
 * TelemetryWearerUpdate each at `RATE_HZ` through `app.realtime.publishTelemetry` on one server node
 * with the PostgreSQL adapter, to `VIEWERS` verified viewer sockets, `VIEWERS / DEVICES` per wearer.
 * Twice: first the server alone on its database, as `npm start` runs it, once it has listened for the
 * heartbeat timeout (its broadcasts stay local: server/realtime/peerWatch.ts) — `p50_ms`, `p99_ms`;
 * then with a second server node on the database (no sockets of its own), so every broadcast is a
 * NOTIFY round trip before local delivery, as in a deployment of several processes —
 * `p50_ms_two_nodes`, `p99_ms_two_nodes`. The viewers live in one child
 * process beside the server process (2 cores here), so that the server's memory and event loop are
 * measured alone. Figures: p50 and p99 of publish → receipt in ms (both processes read the same wall
 * clock, `performance.timeOrigin + performance.now()`), and the server's memory per idle verified
 * viewer socket in KiB — V8 heap + external (the target's measure) and, noisier, resident set — after
 * forced GCs, between the first `WARMUP_VIEWERS` and all viewers connected. Targets (issue 5): p99 ≤ 250 ms, ≤ 25 KiB per idle socket.
 */

const DEVICES = 200;
const RATE_HZ = 1;
const VIEWERS = 1_000;
const WARMUP_VIEWERS = 50;
const DURATION_S = 10;
/** Sockets the viewer process opens at once. */
const CONNECT_BATCH = 50;
/** How long the viewers wait for stragglers after the last publish, ms. */
const DRAIN_MS = 2_000;
const ROLE_ENV = 'LIFELINE_BENCH_ROLE';
const VIEWER_ROLE = 'realtime-viewers';

/** Parent → viewer process. */
type ToViewers =
  | { readonly kind: 'connect'; readonly origin: string; readonly tokens: readonly string[] }
  | { readonly kind: 'report'; readonly expected: number };
/** Viewer process → parent; a receipt is [Points[0].Time of the update, receipt time ms]. */
type FromViewers =
  | { readonly kind: 'connected'; readonly count: number }
  | { readonly kind: 'receipts'; readonly receipts: readonly (readonly [number, number])[] };

const now = (): number => performance.timeOrigin + performance.now();

// ---- the viewer process --------------------------------------------------------------------------

/**
 * The address viewer `index` verifies from (X-Forwarded-For; the bench's server trusts one proxy hop):
 * 1,000 viewers are 1,000 guardians' and members' devices, not one client over the per-address
 * budget of verify-socket-user (server/shares/shareRateLimit.ts).
 */
const viewerAddress = (index: number): string =>
  `10.${String((index >> 16) & 255)}.${String((index >> 8) & 255)}.${String(index & 255)}`;

async function openViewer(
  origin: string,
  token: string,
  address: string,
  onUpdate: (time: number) => void,
) {
  const socket: Socket = io(origin, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  socket.on('TelemetryWearerUpdate', (update: TelemetryWearerUpdate) => {
    const time = update.Points[0]?.Time;
    if (time !== undefined) onUpdate(time);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const res = await fetch(`${origin}/api/member-integration-public/verify-socket-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ MemberIntegrationToken: token, SocketID: socket.id }),
  });
  const body = (await res.json()) as { Success?: boolean };
  if (!body.Success) throw new Error(`verify-socket-user failed: ${res.status}`);
  return socket;
}

function runViewers(): void {
  const receipts: [number, number][] = [];
  const sockets: Socket[] = [];
  const send = (message: FromViewers) => process.send?.(message);
  process.on('message', (message: ToViewers) => {
    if (message.kind === 'connect') {
      void (async () => {
        for (let i = 0; i < message.tokens.length; i += CONNECT_BATCH) {
          const batch = message.tokens.slice(i, i + CONNECT_BATCH);
          sockets.push(
            ...(await Promise.all(
              batch.map((token, j) =>
                openViewer(message.origin, token, viewerAddress(i + j), (time) =>
                  receipts.push([time, now()]),
                ),
              ),
            )),
          );
        }
        send({ kind: 'connected', count: sockets.length });
      })();
      return;
    }
    const deadline = Date.now() + DRAIN_MS;
    const check = () => {
      if (receipts.length >= message.expected || Date.now() > deadline) {
        // The message is serialised when sent: the next round starts from no receipts. The server
        // process ends this one (child.kill) once it has every round's.
        send({ kind: 'receipts', receipts });
        receipts.length = 0;
        return;
      }
      setTimeout(check, 20);
    };
    check();
  });
}

if (process.env[ROLE_ENV] === VIEWER_ROLE) runViewers();

// ---- the server process --------------------------------------------------------------------------

function nextMessage<K extends FromViewers['kind']>(
  child: ChildProcess,
  kind: K,
): Promise<Extract<FromViewers, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromViewers) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      resolve(message as Extract<FromViewers, { kind: K }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => {
      reject(new Error(`viewer process exited (${code}) before '${kind}'`));
    });
  });
}

/** The server process's heap + external bytes, and its resident set, after full collections. */
function settledMemory(gc: () => void): { heap: number; rss: number } {
  for (let i = 0; i < 4; i += 1) gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed + usage.external, rss: usage.rss };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Publishes DEVICES updates per second, spread evenly, for DURATION_S; returns publish times by key. */
async function publishLoad(
  publish: (memberId: number, update: TelemetryWearerUpdate) => boolean,
): Promise<Map<number, number>> {
  const published = new Map<number, number>();
  const intervalMs = 1_000 / (DEVICES * RATE_HZ);
  const total = DEVICES * RATE_HZ * DURATION_S;
  const baseTime = Date.now();
  const start = now();
  for (let k = 0; k < total; k += 1) {
    const wait = start + k * intervalMs - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const memberId = (k % DEVICES) + 1;
    const time = baseTime + k;
    published.set(time, now());
    publish(memberId, {
      WearerID: memberId,
      ActivityId: 1_000 + memberId,
      Points: [{ Time: time, X: 5.7331, Y: 58.9699, Hacc: 4, Alt: 12, Speed: 1.2 }],
      Battery: 80,
      Status: 'ACTIVE',
      Heading: 90,
    });
  }
  return published;
}

/** realtime.fanout: publish → receipt latency and memory per idle viewer socket. */
export const realtimeBench: BenchArea = {
  area: 'realtime',
  run: () =>
    withBenchDatabase('realtime', async (db, url) => {
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      const app = await buildServer(
        loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '1' }),
        { db },
      );
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      await app.realtime.ready();
      const aloneAtMs = now() + 2 * DEFAULT_HEARTBEAT_INTERVAL_MS + 500;
      // Tokens as login-member-c2 issues them; verify-socket-user checks only the token.
      const tokens = createMemberTokenService(await loadMemberTokenSecret(db));
      const viewerTokens = await Promise.all(
        Array.from({ length: VIEWERS }, (_, i) => {
          const memberId = (i % DEVICES) + 1;
          return tokens.issue({ memberId, wearerId: memberId, clientId: 1, domainId: 'bench' });
        }),
      );
      const child = fork(fileURLToPath(import.meta.url), [], {
        env: { ...process.env, [ROLE_ENV]: VIEWER_ROLE },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      try {
        child.send({ kind: 'connect', origin, tokens: viewerTokens.slice(0, WARMUP_VIEWERS) });
        await nextMessage(child, 'connected');
        const before = settledMemory(gc);
        child.send({ kind: 'connect', origin, tokens: viewerTokens.slice(WARMUP_VIEWERS) });
        const { count } = await nextMessage(child, 'connected');
        const after = settledMemory(gc);
        const perSocketKiB = (after.heap - before.heap) / count / 1024;
        const rssPerSocketKiB = (after.rss - before.rss) / count / 1024;

        const fanout = async (): Promise<number[]> => {
          const published = await publishLoad((memberId, update) =>
            app.realtime.publishTelemetry(memberId, update),
          );
          child.send({ kind: 'report', expected: published.size * (VIEWERS / DEVICES) });
          const { receipts } = await nextMessage(child, 'receipts');
          return receipts
            .map(([time, at]) => at - (published.get(time) ?? NaN))
            .filter((ms) => Number.isFinite(ms))
            .sort((a, b) => a - b);
        };
        await new Promise((resolve) => setTimeout(resolve, aloneAtMs - now()));
        const latencies = await fanout();
        // A second node on the database: this one publishes every broadcast again.
        const peer = createPostgresClusterAdapter({ url, log: Fastify({ logger: false }).log });
        const peerServer = new Server({ adapter: peer.adapter });
        let twoNodes: number[];
        try {
          await peer.listening;
          while ((await app.realtime.serverCount()) < 2) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          twoNodes = await fanout();
        } finally {
          await peerServer.of('/').adapter.close();
          await peer.end();
        }
        const expected = (DURATION_S * DEVICES * RATE_HZ * VIEWERS) / DEVICES;
        const params = {
          devices: DEVICES,
          rateHz: RATE_HZ,
          viewers: VIEWERS,
          durationS: DURATION_S,
          adapter: 'postgres',
          viewerProcess: 'separate',
          received: latencies.length,
          receivedTwoNodes: twoNodes.length,
          expected,
        };
        const figure = (metric: string, value: number, unit: string): Figure => ({
          bench: 'realtime.fanout',
          metric,
          value: Number(value.toFixed(2)),
          unit,
          params,
        });
        return [
          figure('p50_ms', percentile(latencies, 50), 'ms'),
          figure('p99_ms', percentile(latencies, 99), 'ms'),
          figure('max_ms', latencies.at(-1) ?? NaN, 'ms'),
          figure('p50_ms_two_nodes', percentile(twoNodes, 50), 'ms'),
          figure('p99_ms_two_nodes', percentile(twoNodes, 99), 'ms'),
          figure('max_ms_two_nodes', twoNodes.at(-1) ?? NaN, 'ms'),
          figure('memory_per_idle_socket_kib', perSocketKiB, 'KiB'),
          figure('rss_per_idle_socket_kib', rssPerSocketKiB, 'KiB'),
        ];
      } finally {
        child.kill();
        await app.close();
      }
    }),
};
