import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { IngestEvent, IngestPoint } from '../src/api/ingest';
import { readDemoTrack } from '../server/demo/demoTracks';
import type { BenchArea, Figure } from './lib/figure';
import { TRACE_CATEGORIES } from './lib/frameTrace';
import {
  BENCH_RENDERER,
  longTasks,
  OBSERVE_LONG_TASKS,
  percentile,
  withMemberApp,
} from './lib/memberApp';

/*
 * `journey.7day` (issue 7 targets): a 7-day journey at 1 Hz — 7 activities of 86,400 fixes each,
 * 604,800 in all — from navigation to the member's journey screen to its first full render in
 * Chromium at 1280×720 on Mesa llvmpipe. The fixes are real: the Lysefjord multisport day's track
 * (kayak, run, bike), resampled to 1 Hz along its own path and paddled out and back until each day
 * (00:00–24:00 UTC, the last 7 days before today) is full.
 *
 * first_render_ms: from the navigation's start (page.goto of /member/share-journey, signed in) to the
 * first frame MapLibre rendered with every point of the complete timeline in its layers (the map's
 * `data-drawn` attribute reaching 604800; src/ui/map/MapView.tsx). long_tasks_over_50ms: main-thread
 * tasks over 50 ms in that span. Runs RUNS times on fresh pages; the figures are medians.
 * first_render_first_run_ms is the first run alone: the member opens the journey for the first time,
 * a few seconds after its last day closed. The server, as in production, builds recently closed
 * activities' tracks ahead (server/activities/trackWarmer.ts) and keeps them (trackCache.ts).
 */

const DAYS = 7;
const DAY_MS = 86_400_000;
const POINTS_PER_DAY = 86_400;
const RUNS = Number(process.env.JOURNEY_RUNS ?? 3);
const FJORD = 'multisport-kayak-run-bike-lysefjord-no.fit';
/**
 * JOURNEY_ENDED_AGO_MS=<ms>: the last day ends that long before the run instead of at today's 00:00
 * UTC (days then start at that time of day). Under an hour, a request for its loaded detail reloads
 * it (spec §4), as a member who opens the journey right after the last activity meets it.
 */
const ENDED_AGO_MS = endedAgoMs(process.env.JOURNEY_ENDED_AGO_MS);
/**
 * JOURNEY_TRACE_FILE=<file>: records a Chromium trace (the DevTools timeline categories) from the
 * navigation to the first full render, written per run (bench/lib/frameTrace.ts's categories).
 */
const TRACE_FILE = process.env.JOURNEY_TRACE_FILE;

/** The option's value, ms; null when unset. @throws Error for anything but a whole number of ms ≥ 0. */
function endedAgoMs(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  if (!/^\d+$/.test(text)) throw new Error(`JOURNEY_ENDED_AGO_MS must be whole ms, not ${text}`);
  return Number(text);
}

interface Fix {
  readonly timeMs: number;
  readonly lat: number;
  readonly lon: number;
  readonly altM: number | null;
  readonly speedMps: number | null;
}

/** The fjord day's fixes resampled to one per second along the track (linear in time). */
async function fjordAt1Hz(): Promise<Fix[]> {
  const tracks = await readDemoTrack(FJORD);
  const fixes = tracks.flatMap((track) => track.points).sort((a, b) => a.timeMs - b.timeMs);
  const first = fixes[0];
  const last = fixes[fixes.length - 1];
  if (!first || !last) throw new Error(`${FJORD} has no fixes`);
  const out: Fix[] = [];
  let j = 0;
  for (let t = first.timeMs; t <= last.timeMs; t += 1000) {
    while (j + 1 < fixes.length && (fixes[j + 1]?.timeMs ?? Infinity) <= t) j += 1;
    const a = fixes[j] ?? first;
    const b = fixes[j + 1] ?? a;
    const f = b.timeMs > a.timeMs ? (t - a.timeMs) / (b.timeMs - a.timeMs) : 0;
    out.push({
      timeMs: t,
      lat: a.lat + f * (b.lat - a.lat),
      lon: a.lon + f * (b.lon - a.lon),
      altM: a.altM,
      speedMps: a.speedMps,
    });
  }
  return out;
}

/** Day `d` (0 = the oldest) of the journey: the 1 Hz fjord path out and back, 86,400 fixes. */
function dayIngest(
  path: readonly Fix[],
  dayStartMs: number,
): { points: IngestPoint[]; events: IngestEvent[] } {
  const points: IngestPoint[] = [];
  const period = 2 * path.length - 2;
  for (let s = 0; s < POINTS_PER_DAY; s += 1) {
    const k = s % period;
    const fix = path[k < path.length ? k : period - k];
    if (!fix) continue;
    points.push({
      Time: dayStartMs + s * 1000,
      Lat: fix.lat,
      Lon: fix.lon,
      Alt: fix.altM,
      Speed: fix.speedMps,
    });
  }
  const lastTime = points[points.length - 1]?.Time ?? dayStartMs;
  return {
    points,
    events: [
      { Time: dayStartMs, Type: 'TRACKING_START', ActivityType: 'KAYAKING' },
      { Time: lastTime + 1, Type: 'TRACKING_STOP' },
    ],
  };
}

/**
 * Installed before the journey page's scripts: records when the map first says it drew `points`
 * (`window.__drawnAt`, ms on the page's clock, whose zero is the navigation's start), whether the
 * map's attribute changes to it or the map is inserted already saying it.
 */
function observeDrawn(points: number): string {
  return `(() => {
    window.__drawnAt = null;
    new MutationObserver(() => {
      if (window.__drawnAt === null && document.querySelector('[data-drawn="${String(points)}"]')) {
        window.__drawnAt = performance.now();
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-drawn'],
    });
  })();`;
}

/**
 * BENCH_PROFILE=<file>: starts the page's JavaScript sampling profiler (1 ms) before the navigation;
 * the answer stops it and gives the profile (a .cpuprofile, for Chromium's DevTools), written per run.
 */
async function startProfiler(page: Page): Promise<() => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile;
}

/**
 * BENCH_TRACE=1: prints one run's timeline to stderr, ms after the navigation's start: each request of
 * the app (start, first byte, end), each User Timing mark (`performance.mark`, e.g. one added while
 * investigating), each long task (start, duration) and the first full render.
 */
async function printTimeline(
  page: Page,
  drawnAt: number,
  tasks: readonly { start: number; ms: number }[],
): Promise<void> {
  const requests = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { name: r.name, start: r.startTime, first: r.responseStart, end: r.responseEnd };
    }),
  );
  const marks = await page.evaluate(() =>
    performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime })),
  );
  const lines = [
    ...marks.map((m) => ({ at: m.at, text: `mark ${m.name}` })),
    ...requests.map((r) => ({
      at: r.start,
      text: `request ${new URL(r.name).pathname} first byte +${String(Math.round(r.first - r.start))} end +${String(Math.round(r.end - r.start))}`,
    })),
    ...tasks.map((t) => ({ at: t.start, text: `long task ${String(Math.round(t.ms))} ms` })),
    { at: drawnAt, text: 'first full render' },
  ].sort((a, b) => a.at - b.at);
  for (const line of lines)
    console.error(`${String(Math.round(line.at)).padStart(6)} ${line.text}`);
}

export const journey7dayBench: BenchArea = {
  area: 'journey',
  run: () =>
    withMemberApp('journey', async (app) => {
      const path = await fjordAt1Hz();
      const today =
        ENDED_AGO_MS === null
          ? Math.floor(Date.now() / DAY_MS) * DAY_MS
          : Date.now() - ENDED_AGO_MS;
      let stored = 0;
      for (let d = 0; d < DAYS; d += 1) {
        const { points, events } = dayIngest(path, today - (DAYS - d) * DAY_MS);
        stored += await app.ingest(points, events);
      }
      const total = DAYS * POINTS_PER_DAY;
      const renders: number[] = [];
      const taskCounts: number[] = [];
      const taskMs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const page = await app.signedInPage();
        await page.addInitScript(OBSERVE_LONG_TASKS);
        await page.addInitScript(observeDrawn(total));
        const profiler = process.env.BENCH_PROFILE ? await startProfiler(page) : null;
        const browser = TRACE_FILE ? page.context().browser() : null;
        if (browser) {
          await browser.startTracing(page, { path: TRACE_FILE, categories: [...TRACE_CATEGORIES] });
        }
        await page.goto(`${app.origin}/member/share-journey`);
        await page.waitForFunction(
          () => (window as unknown as { __drawnAt: number | null }).__drawnAt !== null,
          undefined,
          { timeout: 120_000, polling: 250 },
        );
        const drawnAt = await page.evaluate<number>('window.__drawnAt');
        if (browser) await browser.stopTracing();
        const tasks = (await longTasks(page)).filter((t) => t.start <= drawnAt);
        if (process.env.BENCH_TRACE) await printTimeline(page, drawnAt, tasks);
        if (profiler && process.env.BENCH_PROFILE) {
          await writeFile(process.env.BENCH_PROFILE, JSON.stringify(await profiler()));
        }
        renders.push(drawnAt);
        taskCounts.push(tasks.length);
        taskMs.push(...tasks.map((t) => t.ms));
        await page.context().close();
      }
      const median = (values: number[]) =>
        percentile(
          [...values].sort((a, b) => a - b),
          50,
        );
      const params = {
        renderer: BENCH_RENDERER,
        viewport: '1280x720',
        days: DAYS,
        points: total,
        stored,
        runs: RUNS,
        ...(ENDED_AGO_MS === null ? {} : { endedAgoMs: ENDED_AGO_MS }),
        firstRenderMs: renders.map((ms) => Math.round(ms)).join(' '),
        longTaskMs: taskMs.map((ms) => Math.round(ms)).join(' ') || 'none',
      };
      const figure = (metric: string, value: number, unit: string): Figure => ({
        bench: 'journey.7day',
        metric,
        value: Math.round(value),
        unit,
        params,
      });
      return [
        figure('first_render_ms', median(renders), 'ms'),
        figure('first_render_first_run_ms', renders[0] ?? Number.NaN, 'ms'),
        figure('long_tasks_over_50ms', median(taskCounts), 'tasks'),
      ];
    }),
};
