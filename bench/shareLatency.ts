import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import type { BenchArea, Figure } from './lib/figure';
import { withBenchDatabase } from './lib/benchDatabase';
import { addBenchWearers, shareWearerActivity, type BenchWearer } from './lib/benchWearers';
import { percentile } from './lib/memberApp';
import { runPacedPhones } from './lib/pacedPhones';
import { shownSinceFix } from './lib/shownSinceFix';
import { FLOOR_VIEWER_PATH, addFloorViewer } from './lib/floorViewer';

/*
 * `share.latency` (issue 8 targets): device-to-screen latency. Simulated devices report once a second
 * over OsmAnd GETs to a real server (embedded PostgreSQL, the built web app); Chromium viewers keep
 * `/share/activity/{token}` of one device each open. A fix's latency is the viewer page's Date.now()
 * when a MutationObserver sees the live panel show that fix, minus Date.now() just before its ingest
 * request (one machine, one clock). The per-fix signal is the "Speed" fact (the newest fix's speed,
 * from the same location-history point as the map position): fix n of a device is sent with speed
 * n + 1 knots, so the text (km/h, the share view's default unit) maps 1:1 back to the fix.
 *
 * `share.floor` is the same run with each viewer on the least page that shows the fix: one socket
 * verified with the share token and one text node (bench/lib/floorViewer.ts), no React, no store, no
 * map. It is what the server, the socket and 50 Chromium pages cost on this machine at that hour: the
 * share view's figures are read against it, as `replay.fjord`'s frame rate is against the bare map.
 */

const WEB_DIR = path.resolve(import.meta.dirname, '../dist/web');
const DEVICES = Number(process.env.SHARE_LATENCY_DEVICES ?? 200);
const VIEWERS = Math.min(DEVICES, Number(process.env.SHARE_LATENCY_VIEWERS ?? 50));
const WARMUP_MS = Number(process.env.SHARE_LATENCY_WARMUP_MS ?? 10_000);
const MEASURE_MS = Number(process.env.SHARE_LATENCY_MEASURE_MS ?? 30_000);
const PERIOD_MS = 1_000;
/**
 * Where to write the first viewer page's V8 CPU profile of the measuring window (unset: no
 * profiler; a profiled run's figures read higher).
 */
const PROFILE_FILE = process.env.SHARE_LATENCY_PROFILE_FILE;
/**
 * Where to write the first viewer page's sampled heap-allocation profile of the measuring window
 * (V8's HeapProfiler sampling every 16 KiB, objects a GC collected included; unset: none).
 */
const HEAP_PROFILE_FILE = process.env.SHARE_LATENCY_HEAP_PROFILE_FILE;
/**
 * Where to write a Chromium trace (Perfetto JSON) of the measuring window, the first viewer's page
 * with the GPU process (unset: no tracing): frames, tasks and their threads per process.
 */
const TRACE_FILE = process.env.SHARE_LATENCY_TRACE_FILE;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'cc',
  'gpu',
  'viz',
  'toplevel',
  'v8.execute',
];
/**
 * Where to write every measured fix as JSON (unset: nowhere): viewer (device index), seq, sentAt,
 * arrivedAt (its frame at the page's WebSocket; undefined if the frame was not seen) and shownAt,
 * epoch ms.
 */
const SAMPLES_FILE = process.env.SHARE_LATENCY_SAMPLES_FILE;
const KMH_PER_KNOT = 1.852;
const MPS_PER_KNOT = 1852 / 3600;
/** Each viewer's window, CSS px: a phone's (390 × 844), where the share page shows its map. */
const VIEWPORT = { width: 390, height: 844 };
/** Lysefjord (NO): where the simulated wearers paddle. */
const ORIGIN = { lat: 59.0176, lon: 6.0532 };

type Device = BenchWearer;

/** A device's step per fix at its slowest, degrees of latitude (about 2.8 m). */
const STEP_DEG = 0.000025;

/**
 * Where fix `seq` of `device` is, degrees: each device paddles its own course (device i heads
 * i × 137.5°, the golden angle, so no two share one) at its own pace (1 to 3 steps of
 * {@link STEP_DEG} a fix, 3 to 8 m). Until 2026-12-06 every device moved the same way at the same
 * pace, so every viewer's map re-centred on its wearer at the same moment (docs/bench-latency.md).
 */
function fixPosition(device: Device, seq: number): { lat: number; lon: number } {
  const heading = (device.index * 137.5 * Math.PI) / 180;
  const step = STEP_DEG * (1 + (device.index % 5) / 2) * seq;
  return {
    lat: ORIGIN.lat + device.index * 0.001 + step * Math.cos(heading),
    lon: ORIGIN.lon + (step * Math.sin(heading)) / Math.cos((ORIGIN.lat * Math.PI) / 180),
  };
}

/** The OsmAnd GET path of fix `seq` of `device` taken at `timestampMs` (speed seq + 1 knots). */
function fixPath(device: Device, seq: number, timestampMs: number): string {
  const { lat, lon } = fixPosition(device, seq);
  const query = new URLSearchParams({
    id: device.key,
    timestamp: String(timestampMs),
    lat: String(lat),
    lon: String(lon),
    speed: String(seq + 1),
    bearing: '0',
  });
  return `/ingest/osmand?${query.toString()}`;
}

/** Sends fix `seq` of `device` now as one OsmAnd GET (the first fixes, before the clocked load). */
async function sendFix(origin: string, device: Device, seq: number): Promise<number> {
  const sentAt = Date.now();
  const res = await fetch(`${origin}${fixPath(device, seq, sentAt)}`);
  if (res.status !== 200) throw new Error(`osmand: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return sentAt;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Installed in every viewer page: records each new text of the live panel's first fact (speed) with
 * the page's Date.now(), and when each TelemetryWearerUpdate frame reached the page's WebSocket (before
 * the app handles it) with the speeds of its points: the latency splits into the server's and the
 * network's part (device to socket) and the page's (socket to screen). A string, not a function: tsx would wrap a function's inner functions in a
 * `__name` helper the page does not have.
 */
const OBSERVE_SPEED = `(() => {
  window.__speedSeen = [];
  window.__socketSeen = [];
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string' || !event.data.includes('TelemetryWearerUpdate')) return;
        const at = Date.now();
        for (const match of event.data.matchAll(/"Speed":([0-9.]+)/g)) {
          window.__socketSeen.push({ speedMps: Number(match[1]), at });
        }
      });
    }
  };
  let last = '';
  new MutationObserver(() => {
    const text = document.querySelector('.ll-share-fact-list dd')?.textContent ?? '';
    if (text !== last) {
      last = text;
      window.__speedSeen.push({ text, at: Date.now() });
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** Throws unless the share page's map lies within the viewer's window: the bench measures viewers who see it. */
async function assertMapInView(page: Page): Promise<void> {
  const box = await page.locator('.ll-share-map').boundingBox({ timeout: 120_000 });
  if (!box || box.y < 0 || box.y + Math.min(box.height, 100) > VIEWPORT.height) {
    throw new Error(`share.latency: the viewer's map is not in view (${JSON.stringify(box)})`);
  }
}

/** The fix number a speed text shows (n + 1 knots in km/h, 1 decimal), or null if it is none. */
function fixOfSpeedText(text: string): number | null {
  const kmh = Number.parseFloat(text.replace(/[^\d.]/g, ''));
  if (!Number.isFinite(kmh)) return null;
  const seq = Math.round(kmh / KMH_PER_KNOT) - 1;
  return seq >= 0 && Math.abs((seq + 1) * KMH_PER_KNOT - kmh) < 0.06 ? seq : null;
}

/**
 * Which page the viewers keep open: the app's share view (`share.latency`) or the floor viewer
 * (`share.floor`).
 */
type ViewerPage = 'app' | 'floor';

/** Runs the bench with every viewer on `viewer`'s page; answers its figures (ms). */
function measureShareLatency(viewer: ViewerPage): Promise<Figure[]> {
  const benchName = viewer === 'app' ? 'share.latency' : 'share.floor';
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error(`share.latency needs the built web app in ${WEB_DIR}: run \`npm run build\``);
  }
  return withBenchDatabase('share', async (db) => {
    // Every viewer is a guardian of its own (its own X-Forwarded-For): the share calls are limited
    // per share and client IP (server/shares/shareRateLimit.ts), and 50 guardians do not share one
    // address.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '1' });
    const app = await buildServer({ ...config, webDir: WEB_DIR }, { db });
    if (viewer === 'floor') await addFloorViewer(app);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    let browser: Browser | undefined;
    // The devices' clocked fixes, once they run: settled (a failure kept) so an early end of the
    // run leaves no rejection unheard.
    let load: Promise<{ sentAtMs?: number[][]; failure?: Error }> | null = null;
    try {
      const devices = await addBenchWearers(db, 'share', DEVICES);
      /** When fix `seq` of device `i` was sent: sends[i].get(seq). */
      const sends = devices.map(() => new Map<number, number>());
      // The first fix opens each device's activity; later, one fix a second, phases spread over it.
      await Promise.all(
        devices.map(async (d) => {
          sends[d.index]?.set(0, await sendFix(origin, d, 0));
        }),
      );
      // Every stride-th device, so the viewed devices' phases spread over the second as real
      // wearers' do. Until 2026-12-08 the viewers watched devices 0–49, whose phases all fall in the
      // first quarter of each second: every viewer's fix came in one 250 ms burst
      // (docs/bench-latency.md "2026-12-08").
      const stride = Math.max(1, Math.floor(DEVICES / VIEWERS));
      const viewed = devices.filter((d) => d.index % stride === 0).slice(0, VIEWERS);
      const tokens = await Promise.all(viewed.map((d) => shareWearerActivity(db, d, origin)));

      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--use-angle=gl-egl', '--ignore-gpu-blocklist'],
      });
      const pages: { page: Page; context: BrowserContext; device: Device }[] = [];
      for (const [i, device] of viewed.entries()) {
        const context = await browser.newContext({
          // A guardian's phone held upright (CSS px, drawn at one device pixel per CSS pixel): the
          // live panel and the map in view. Until 2026-12-06 the viewers were 400×300, which showed
          // the page's header only (docs/bench-latency.md).
          viewport: VIEWPORT,
          extraHTTPHeaders: { 'x-forwarded-for': `10.8.${Math.floor(i / 250)}.${(i % 250) + 1}` },
        });
        const page = await context.newPage();
        await page.addInitScript(OBSERVE_SPEED);
        // One page at a time, each until its live panel shows: 50 map pages loading at once on 2
        // cores under llvmpipe time out (docs/bench-latency.md).
        if (viewer === 'app') {
          await page.goto(`${origin}/share/activity/${tokens[i]}`, { timeout: 120_000 });
          await page.waitForSelector('.ll-share-fact-list dd', { timeout: 120_000 });
          await assertMapInView(page);
        } else {
          await page.goto(`${origin}${FLOOR_VIEWER_PATH}#${encodeURIComponent(tokens[i] ?? '')}`);
        }
        pages.push({ page, context, device });
      }

      // The viewers open before the 1 Hz load starts: 50 page loads on 2 cores under it time out.
      // The devices report from a worker thread, each phone on its own keep-alive connection with
      // raw HTTP (as ingest.osmand's): the client's work is not charged to the server's event
      // loop, which until 2026-12-06 also ran 200 fetch() loops. Fix seq of device d is due at
      // loopsStart + d's phase + (seq - 1) s, every request built before the first is due.
      const loopsStart = Date.now() + 500;
      const fixesPerDevice = Math.ceil((WARMUP_MS + MEASURE_MS + 2_000) / PERIOD_MS);
      load = runPacedPhones({
        origin,
        startAtMs: loopsStart,
        periodMs: PERIOD_MS,
        devices: devices.map((d) => {
          const phaseMs = (d.index * PERIOD_MS) / devices.length;
          return {
            phaseMs,
            paths: Array.from({ length: fixesPerDevice }, (_, i) =>
              fixPath(d, i + 1, Math.round(loopsStart + phaseMs + i * PERIOD_MS)),
            ),
          };
        }),
      }).then(
        (sentAtMs) => ({ sentAtMs }),
        (failure: unknown) => ({
          failure: failure instanceof Error ? failure : new Error('the devices failed'),
        }),
      );
      process.stderr.write(`share.latency: ${pages.length} viewers open, devices reporting\n`);

      await sleep(loopsStart - Date.now() + WARMUP_MS);
      const first = pages[0];
      const cdp =
        (PROFILE_FILE || HEAP_PROFILE_FILE) && first
          ? await first.context.newCDPSession(first.page)
          : null;
      if (cdp && PROFILE_FILE) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      if (cdp && HEAP_PROFILE_FILE) {
        await cdp.send('HeapProfiler.enable');
        await cdp.send('HeapProfiler.startSampling', {
          samplingInterval: 16384,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      }
      if (TRACE_FILE && first) {
        await browser.startTracing(first.page, {
          path: TRACE_FILE,
          categories: TRACE_CATEGORIES,
        });
      }
      const measureFrom = Date.now();
      process.stderr.write(`share.latency: measuring for ${MEASURE_MS} ms\n`);
      await sleep(MEASURE_MS);
      const measureTo = Date.now();
      process.stderr.write('share.latency: measured\n');
      if (TRACE_FILE) await browser.stopTracing();
      if (cdp && PROFILE_FILE) {
        await writeFile(PROFILE_FILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      }
      if (cdp && HEAP_PROFILE_FILE) {
        const { profile } = await cdp.send('HeapProfiler.stopSampling');
        await writeFile(HEAP_PROFILE_FILE, JSON.stringify(profile));
      }
      // Let the fixes sent just before the end reach the screens.
      await sleep(2_000);
      const { sentAtMs, failure } = await load;
      if (failure) throw failure;
      sentAtMs?.forEach((times, d) => {
        times.forEach((at, i) => {
          if (Number.isFinite(at)) sends[d]?.set(i + 1, at);
        });
      });

      const latencies: number[] = [];
      /** Device to the viewer's WebSocket (server, database, network), ms. */
      const socketLatencies: number[] = [];
      const samples: {
        viewer: number;
        seq: number;
        sentAt: number;
        arrivedAt: number | undefined;
        shownAt: number;
      }[] = [];
      let missed = 0;
      let superseded = 0;
      for (const { page, device } of pages) {
        const { seen, socketSeen } = await page.evaluate(() => {
          const w = window as unknown as {
            __speedSeen: { text: string; at: number }[];
            __socketSeen: { speedMps: number; at: number }[];
          };
          return { seen: w.__speedSeen, socketSeen: w.__socketSeen };
        });
        const socketAt = new Map<number, number>();
        for (const { speedMps, at } of socketSeen) {
          const seq = Math.round(speedMps / MPS_PER_KNOT) - 1;
          if (!socketAt.has(seq)) socketAt.set(seq, at);
        }
        const shownAt = new Map<number, number>();
        for (const { text, at } of seen) {
          const seq = fixOfSpeedText(text);
          if (seq !== null && !shownAt.has(seq)) shownAt.set(seq, at);
        }
        const deviceSends = sends[device.index] ?? new Map<number, number>();
        const shownFrom = shownSinceFix(shownAt);
        for (const [seq, sentAt] of deviceSends.entries()) {
          if (sentAt < measureFrom || sentAt >= measureTo) continue;
          // A fix superseded before the page rendered it reached the guardian with the newer one.
          const at = shownFrom(seq);
          const arrivedAt = socketAt.get(seq);
          if (arrivedAt !== undefined) socketLatencies.push(arrivedAt - sentAt);
          if (at === undefined) missed += 1;
          else {
            latencies.push(at - sentAt);
            if (!shownAt.has(seq)) superseded += 1;
            samples.push({ viewer: device.index, seq, sentAt, arrivedAt, shownAt: at });
          }
        }
      }
      latencies.sort((a, b) => a - b);
      socketLatencies.sort((a, b) => a - b);
      if (SAMPLES_FILE) await writeFile(SAMPLES_FILE, JSON.stringify(samples));
      const params = {
        devices: DEVICES,
        viewers: VIEWERS,
        rateHz: 1,
        samples: latencies.length,
        missed,
        superseded,
        measureS: Math.round((measureTo - measureFrom) / 1000),
        renderer: `chromium --use-angle=gl-egl (llvmpipe), ${String(VIEWPORT.width)}x${String(VIEWPORT.height)}, one context per viewer, ${viewer === 'app' ? 'map in view' : 'floor page: one socket, one text node'}`,
        signal: 'speed fact of the newest fix',
      };
      const figure = (metric: string, value: number): Figure => ({
        bench: benchName,
        metric,
        value: Number(value.toFixed(1)),
        unit: 'ms',
        params,
      });
      return [
        figure('p50_ms', percentile(latencies, 50)),
        figure('p99_ms', percentile(latencies, 99)),
        figure('max_ms', latencies.at(-1) ?? Number.NaN),
        figure('socket_p50_ms', percentile(socketLatencies, 50)),
        figure('socket_p99_ms', percentile(socketLatencies, 99)),
      ];
    } finally {
      await load;
      await browser?.close();
      await app.close();
    }
  });
}

export const shareLatencyBench: BenchArea = {
  area: 'share',
  run: () => measureShareLatency('app'),
};

export const shareFloorBench: BenchArea = {
  area: 'share-floor',
  run: () => measureShareLatency('floor'),
};
