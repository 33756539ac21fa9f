import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import type { LocationPoint } from '../src/api/entities/location';
import { haversineMeters } from '../src/api/geo/haversine';
import type { IngestPoint } from '../src/api/ingest';
import { MONITOR_SHARES_STORAGE_KEY } from '../src/store/monitor/monitorStorage';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import { ingestTelemetry } from '../server/telemetry/ingest';
import { withBenchDatabase } from './lib/benchDatabase';
import { addBenchWearers, shareWearerActivity, type BenchWearer } from './lib/benchWearers';
import type { BenchArea, Figure } from './lib/figure';
import { readGpxPoints } from './lib/gpxTrack';
import { BENCH_RENDERER, percentile } from './lib/memberApp';
import { frameWork, TRACE_CATEGORIES, type TraceEvent } from './lib/frameTrace';

/*
 * `monitor.frame` (issue 8 target: "the monitor with 100 live shares at 1 Hz keeps under 2 ms of
 * store + React work per frame"). A real server (embedded PostgreSQL, the built web app) and Chromium
 * on Mesa llvmpipe; ONE page at /monitor watching every share over its one socket, from one address;
 * each wearer's phone reports once a second over OsmAnd, phases spread over the second. Every
 * wearer replays the real Valencia regatta track (1 Hz) from its own offset, with the 15 minutes
 * before the bench already ingested, so each card map draws a full recent track.
 *
 * What is measured (docs/monitor.md "The bench"): Chromium's own trace of the page's main thread
 * (bench/lib/frameTrace.ts) over the measuring window, as the thread's CPU time, so the other
 * processes on the machine's cores do not count. Per display frame: the time of every script task
 * of the page except those that received a WebSocket message. That is the store + React work: the
 * animation-frame callback of the frame batching (socketEventActions.ts: the frame's telemetry is
 * dispatched, and the reducers, epics, selectors and React's render and commit run in its
 * microtasks) and the cards' data-age clock (a timer and React's scheduler task), besides a few
 * socket.io and rxjs timers. The socket's message tasks (socket.io decoding, the contract's
 * validation at the edge, the frame buffer) are reported on their own. Frames without such work are
 * not counted; the figures are percentiles over the frames with it.
 */

const WEB_DIR = path.resolve(import.meta.dirname, '../dist/web');
const TRACK = path.resolve(
  import.meta.dirname,
  '../tests/fixtures/tracks/sail-valencia-regatta-ESP29375-race1.gpx',
);
const SHARES = Number(process.env.MONITOR_FRAME_SHARES ?? 100);
const WARMUP_MS = Number(process.env.MONITOR_FRAME_WARMUP_MS ?? 10_000);
const MEASURE_MS = Number(process.env.MONITOR_FRAME_MEASURE_MS ?? 20_000);
/** Where to keep the raw trace for a look in DevTools (unset: not kept). */
const TRACE_FILE = process.env.MONITOR_FRAME_TRACE_FILE;
/**
 * Where to write the page's V8 CPU profile of the measuring window (unset: no profiler). The
 * profiler costs time itself: the figures of a profiled run read higher.
 */
const PROFILE_FILE = process.env.MONITOR_FRAME_PROFILE_FILE;
/** The profiler's sampling interval, µs (default 1000; 100 resolves single animation frames). */
const PROFILE_INTERVAL_US = Number(process.env.MONITOR_FRAME_PROFILE_INTERVAL_US ?? 1000);
const PERIOD_MS = 1_000;
/** The fixes ingested before the page opens: the card maps' 15 minutes at 1 Hz. */
const HISTORY_FIXES = 15 * 60;
const KNOTS_PER_MPS = 1 / 0.514444;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Degrees clockwise from north from `a` to `b` (initial great-circle bearing). */
function bearingDeg(a: LocationPoint, b: LocationPoint): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b.X - a.X) * rad) * Math.cos(b.Y * rad);
  const x =
    Math.cos(a.Y * rad) * Math.sin(b.Y * rad) -
    Math.sin(a.Y * rad) * Math.cos(b.Y * rad) * Math.cos((b.X - a.X) * rad);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/** Fix `i` of the real track as a phone reports it at `time`: speed m/s and bearing from the track. */
function fixAt(track: readonly LocationPoint[], i: number, time: number): IngestPoint {
  const here = track[i % track.length] as LocationPoint;
  const before = track[Math.max(0, (i % track.length) - 1)] as LocationPoint;
  const dt = (here.Time - before.Time) / 1000;
  return {
    Time: time,
    Lat: here.Y,
    Lon: here.X,
    Speed:
      dt > 0
        ? Math.min(
            50,
            haversineMeters({ lat: before.Y, lon: before.X }, { lat: here.Y, lon: here.X }) / dt,
          )
        : 0,
    Bearing: bearingDeg(before, here),
  };
}

/** Sends `fix` as one OsmAnd GET (speed in knots, as OsmAnd sends it). */
async function sendOsmAnd(origin: string, wearer: BenchWearer, fix: IngestPoint): Promise<void> {
  const query = new URLSearchParams({
    id: wearer.key,
    timestamp: String(fix.Time),
    lat: String(fix.Lat),
    lon: String(fix.Lon),
    speed: String((fix.Speed ?? 0) * KNOTS_PER_MPS),
    bearing: String(Math.round(fix.Bearing ?? 0)),
  });
  const res = await fetch(`${origin}/ingest/osmand?${query.toString()}`);
  if (res.status !== 200) throw new Error(`osmand: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

export const monitorFrameBench: BenchArea = {
  area: 'monitor',
  run: () => {
    if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
      throw new Error(`monitor.frame needs the built web app in ${WEB_DIR}: run \`npm run build\``);
    }
    return withBenchDatabase('monitor', async (db) => {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
      // One page loads 100 shares from one address within the production share budgets: valid
      // tokens count per share, not per IP (server/shares/shareRateLimit.ts).
      const app = await buildServer({ ...config, webDir: WEB_DIR }, { db });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      let browser: Browser | undefined;
      const run: { stop: boolean; failure?: Error } = { stop: false };
      const stopped = () => run.stop;
      let loops: Promise<void>[] = [];
      try {
        const track = await readGpxPoints(TRACK);
        const liveFixes = Math.ceil((WARMUP_MS + MEASURE_MS) / PERIOD_MS) + 120;
        const span = Math.max(1, track.length - HISTORY_FIXES - liveFixes);
        const wearers = await addBenchWearers(db, 'monitor', SHARES);
        const offsets = wearers.map((w) => (w.index * 37) % span);
        const opened = Date.now();
        // The 15 minutes before now, through the server's own ingest (one transaction per wearer).
        for (const w of wearers) {
          const points = Array.from({ length: HISTORY_FIXES }, (_, k) =>
            fixAt(track, (offsets[w.index] ?? 0) + k, opened - (HISTORY_FIXES - k) * PERIOD_MS),
          );
          const outcome = await ingestTelemetry(db, w.key, { points, events: [] }, Date.now());
          if (outcome.kind !== 'stored') throw new Error(`history refused: ${outcome.kind}`);
        }
        const tokens = await Promise.all(wearers.map((w) => shareWearerActivity(db, w, origin)));

        browser = await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--use-angle=gl-egl', '--ignore-gpu-blocklist'],
        });
        const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
        const page = await context.newPage();
        let failedResponses = 0;
        page.on('response', (response) => {
          if (response.status() >= 400) failedResponses += 1;
        });
        await page.addInitScript(
          `localStorage.setItem(${JSON.stringify(MONITOR_SHARES_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(tokens))});`,
        );
        await page.goto(`${origin}/monitor`);
        await page.waitForFunction(
          (n) => document.querySelectorAll('svg.ll-card-map polyline').length >= n,
          SHARES,
          { timeout: 180_000, polling: 500 },
        );

        const loopsStart = Date.now();
        loops = wearers.map(async (w) => {
          const phase = (w.index * PERIOD_MS) / wearers.length;
          for (let seq = 0; !stopped(); seq += 1) {
            await sleep(loopsStart + phase + seq * PERIOD_MS - Date.now());
            if (stopped()) break;
            const fix = fixAt(track, (offsets[w.index] ?? 0) + HISTORY_FIXES + seq, Date.now());
            try {
              await sendOsmAnd(origin, w, fix);
            } catch (error) {
              if (!run.stop) {
                run.failure ??= error instanceof Error ? error : new Error(String(error));
              }
              run.stop = true;
            }
          }
        });

        await sleep(WARMUP_MS);
        const cdp = PROFILE_FILE ? await context.newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
          await cdp.send('Profiler.start');
        }
        await browser.startTracing(page, { categories: [...TRACE_CATEGORIES] });
        const measureFrom = Date.now();
        await sleep(MEASURE_MS);
        const trace = await browser.stopTracing();
        if (cdp && PROFILE_FILE) {
          await writeFile(PROFILE_FILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
        }
        const measuredS = (Date.now() - measureFrom) / 1000;
        const live = await page.locator('.ll-monitor-age-live').count();
        run.stop = true;
        await Promise.all(loops);
        if (run.failure) throw run.failure;
        if (TRACE_FILE) await writeFile(TRACE_FILE, trace);

        const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] })
          .traceEvents;
        const work = frameWork(events);
        const sorted = (values: number[]) => values.sort((a, b) => a - b);
        const withApp = work.frames.filter((f) => f.appCpuMs > 0);
        const cpu = sorted(withApp.map((f) => f.appCpuMs));
        const wall = sorted(withApp.map((f) => f.appWallMs));
        const socket = sorted(
          work.frames.filter((f) => f.socketCpuMs > 0).map((f) => f.socketCpuMs),
        );
        const params = {
          shares: SHARES,
          rateHz: 1,
          frames: cpu.length,
          displayFrames: work.vsyncFrames,
          fixesPerAnimationFrame: Number(
            (work.socketMessages / Math.max(1, work.animationFrames)).toFixed(2),
          ),
          load1: Number(loadavg()[0]?.toFixed(2) ?? NaN),
          measureS: Math.round(measuredS),
          liveCards: live,
          failedResponses,
          renderer: `${BENCH_RENDERER}, 1600x1000, one page, one socket`,
          method:
            'Chromium trace: main-thread CPU time of page script per frame, socket tasks apart',
        };
        const figure = (metric: string, value: number): Figure => ({
          bench: 'monitor.frame',
          metric,
          value: Number(value.toFixed(3)),
          unit: 'ms',
          params,
        });
        return [
          figure('ms_per_frame_p50', percentile(cpu, 50)),
          figure('ms_per_frame_p95', percentile(cpu, 95)),
          figure('ms_per_frame_p99', percentile(cpu, 99)),
          figure('ms_per_frame_max', cpu.at(-1) ?? Number.NaN),
          figure('wall_ms_per_frame_p95', percentile(wall, 95)),
          figure('socket_ms_per_frame_p95', percentile(socket, 95)),
        ];
      } finally {
        run.stop = true;
        await Promise.allSettled(loops);
        await browser?.close();
        await app.close();
      }
    });
  },
};
