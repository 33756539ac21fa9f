import { writeFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import type { LocationPoint } from '../src/api/entities/location';
import type { IngestEvent, IngestPoint } from '../src/api/ingest';
import { decodeTrackBinary, encodeTrackBinary } from '../src/api/trackBinary';
import { dayShiftMs, trackIngest } from '../server/demo/demoHistory';
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
 * `replay.fjord` (issue 7 targets): the member's activity map replaying the real Lysefjord multisport
 * day (kayak, run, bike: all its ~24,000 fixes as one activity) in Chromium at 1280×720 on Mesa
 * llvmpipe. There is no GPU, so the frame rate is judged against the limit measured in the same run:
 * the same page replaying the same span over the bare basemap — the activity's track answered (by
 * Playwright route interception of member-wearer-activity-track) with two fixes only, the first at the track's south-west corner and
 * the last at its north-east corner, so the map fits the same view and the replay animates every
 * frame exactly as it does with the track, but draws a 2-vertex line instead of 24,000.
 *
 * Each mode plays at 100× for MEASURE_MS, twice, alternating (basemap, track, basemap, track) so a
 * change in machine load hits both alike. Frame times are the intervals between requestAnimationFrame
 * callbacks; fps_p50 = 1000 / the median interval. long_tasks_over_50ms counts main-thread tasks over
 * 50 ms on the track page from the map's first frame to the end of playing.
 */

const MEASURE_MS = Number(process.env.REPLAY_MEASURE_MS ?? 10_000);
/**
 * Where to write the track page's V8 CPU profile of its last round's playing (unset: no profiler; a
 * profiled run's figures read lower).
 */
const PROFILE_FILE = process.env.REPLAY_PROFILE_FILE;
/**
 * REPLAY_TRACE_FILE=<prefix>: records a Chromium trace (the DevTools timeline categories) of each
 * page's last round of playing, from Play to Pause: `<prefix>-track.json` and `<prefix>-basemap.json`.
 */
const TRACE_PREFIX = process.env.REPLAY_TRACE_FILE;
const ROUNDS = 2;
const RATE = '100';
const FJORD = 'multisport-kayak-run-bike-lysefjord-no.fit';

/** All the fjord day's fixes as one KAYAKING activity three days ago; returns the points. */
async function fjordIngest(): Promise<{ points: IngestPoint[]; events: IngestEvent[] }> {
  const tracks = await readDemoTrack(FJORD);
  const shift = dayShiftMs(tracks, Math.floor(Date.now() / 86_400_000) * 86_400_000, 3);
  const points = tracks.flatMap((track) => trackIngest(track, 'KAYAKING', shift).points);
  points.sort((a, b) => a.Time - b.Time);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) throw new Error(`${FJORD} has no fixes`);
  return {
    points,
    events: [
      { Time: first.Time, Type: 'TRACKING_START', ActivityType: 'KAYAKING' },
      { Time: last.Time + 1, Type: 'TRACKING_STOP' },
    ],
  };
}

/** The activity's track answered with two fixes only: the corners of its bounding box. */
async function bareBasemap(route: Route): Promise<void> {
  const response = await route.fetch();
  const track = decodeTrackBinary(new Uint8Array(await response.body()).buffer);
  const n = track.length;
  if (n < 2) throw new Error('the fjord activity has no track');
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < n; i += 1) {
    const lon = track.positions[2 * i] ?? 0;
    const lat = track.positions[2 * i + 1] ?? 0;
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const corner = (i: number, X: number, Y: number): LocationPoint => ({
    Time: track.time[i] ?? 0,
    X,
    Y,
    Hacc: null,
    Alt: null,
    Speed: null,
  });
  const body = encodeTrackBinary([corner(0, west, south), corner(n - 1, east, north)]);
  await route.fulfill({ response, body: Buffer.from(body) });
}

/** Frame intervals (ms) of `page` over `ms`, from requestAnimationFrame timestamps. */
function frameIntervals(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    `new Promise((resolve) => {
      const times = [];
      const step = (t) => {
        times.push(t);
        if (t - times[0] < ${String(ms)}) requestAnimationFrame(step);
        else resolve(times.slice(1).map((v, i) => v - times[i]));
      };
      requestAnimationFrame(step);
    })`,
  );
}

/** One run: opens the activity, waits for its map, plays at 100× and measures frames. */
async function playRun(
  page: Page,
  url: string,
  profileFile?: string,
  traceFile?: string,
): Promise<{ intervals: number[]; longTasks: number[] }> {
  await page.goto(url);
  const map = page.getByRole('region', { name: 'Map of the activity' });
  await map.locator('canvas').waitFor({ timeout: 60_000 });
  await map.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_500);
  const from = await page.evaluate(() => performance.now());
  const cdp = profileFile ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const browser = traceFile ? page.context().browser() : null;
  if (browser) {
    await browser.startTracing(page, { path: traceFile, categories: [...TRACE_CATEGORIES] });
  }
  await page.getByRole('group', { name: 'Replay' }).getByLabel('Speed').selectOption(RATE);
  await page.getByRole('button', { name: 'Play' }).click();
  const intervals = await frameIntervals(page, MEASURE_MS);
  await page.getByRole('button', { name: 'Pause' }).click();
  if (browser) await browser.stopTracing();
  if (cdp && profileFile) {
    await writeFile(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    await cdp.detach();
  }
  const tasks = (await longTasks(page)).filter((t) => t.start >= from).map((t) => t.ms);
  return { intervals, longTasks: tasks };
}

export const replayFjordBench: BenchArea = {
  area: 'replay',
  run: () =>
    withMemberApp('replay', async (app) => {
      const { points, events } = await fjordIngest();
      await app.ingest(points, events);
      // The activity holding the most fixes (the day is one activity unless a pause closed it).
      const activity = await app.db
        .selectFrom('location_points')
        .select(['activity_id', (eb) => eb.fn.countAll<string>().as('points')])
        .where('activity_id', 'is not', null)
        .groupBy('activity_id')
        .orderBy('points', 'desc')
        .executeTakeFirstOrThrow();
      const url = `${app.origin}/member/activity/${String(activity.activity_id)}`;

      const trackPage = await app.signedInPage();
      await trackPage.addInitScript(OBSERVE_LONG_TASKS);
      const basemapPage = await app.signedInPage();
      await basemapPage.addInitScript(OBSERVE_LONG_TASKS);
      await basemapPage.route('**/member-wearer-activity-track*', bareBasemap);

      const track: number[] = [];
      const basemap: number[] = [];
      const tasks: number[] = [];
      const basemapTasks: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const last = round === ROUNDS - 1;
        const bare = await playRun(
          basemapPage,
          url,
          undefined,
          last && TRACE_PREFIX ? `${TRACE_PREFIX}-basemap.json` : undefined,
        );
        basemap.push(...bare.intervals);
        basemapTasks.push(...bare.longTasks);
        const run = await playRun(
          trackPage,
          url,
          last ? PROFILE_FILE : undefined,
          last && TRACE_PREFIX ? `${TRACE_PREFIX}-track.json` : undefined,
        );
        track.push(...run.intervals);
        tasks.push(...run.longTasks);
      }
      track.sort((a, b) => a - b);
      basemap.sort((a, b) => a - b);
      const fps = (sorted: number[]) => 1000 / percentile(sorted, 50);
      const params = {
        renderer: BENCH_RENDERER,
        viewport: '1280x720',
        points: Number(activity.points),
        rate: `${RATE}x`,
        measureS: (ROUNDS * MEASURE_MS) / 1000,
        frameMs: `track p50 ${percentile(track, 50).toFixed(1)} p90 ${percentile(track, 90).toFixed(1)} p99 ${percentile(track, 99).toFixed(1)}; basemap p50 ${percentile(basemap, 50).toFixed(1)} p90 ${percentile(basemap, 90).toFixed(1)} p99 ${percentile(basemap, 99).toFixed(1)}`,
        longTaskMs: tasks.map((ms) => Math.round(ms)).join(' ') || 'none',
        // The same page over the bare basemap, for reference: what the machine's load alone causes.
        basemapLongTaskMs: basemapTasks.map((ms) => Math.round(ms)).join(' ') || 'none',
      };
      const figure = (metric: string, value: number, unit: string): Figure => ({
        bench: 'replay.fjord',
        metric,
        value: Number(value.toFixed(2)),
        unit,
        params,
      });
      return [
        figure('fps_p50', fps(track), 'fps'),
        figure('fps_basemap_p50', fps(basemap), 'fps'),
        figure('fps_ratio', fps(track) / fps(basemap), 'ratio'),
        figure('long_tasks_over_50ms', tasks.length, 'tasks'),
      ];
    }),
};
