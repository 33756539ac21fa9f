import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/database';
import { seedDefaults } from '../../server/db/seed';
import { ensureDemoAccount, type DemoAccount } from '../../server/demo/demoAccount';
import { ingestTelemetry } from '../../server/telemetry/ingest';
import { withBenchDatabase } from './benchDatabase';

/*
 * What the member-side Chromium benches (replay.fjord, journey.7day) share: a real server (embedded
 * PostgreSQL, the built web app, the identity service), the demo member (verified, terms accepted;
 * no demo history), the points a bench needs ingested through the real ingest, and Chromium on
 * Mesa llvmpipe signed in through the real login form (SRP against our identity service).
 */

const WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');
/** Points per ingest call (as the demo's history import). */
const INGEST_CHUNK = 5_000;

/** The renderer the member benches name in their figures (TOOLCHAIN.md: llvmpipe, 3–5× SwiftShader). */
export const BENCH_RENDERER = 'chromium --use-angle=gl-egl --ignore-gpu-blocklist (Mesa llvmpipe)';

/** A running member app for one bench. */
export interface MemberApp {
  readonly db: Db;
  readonly origin: string;
  readonly account: DemoAccount;
  readonly browser: Browser;
  /** A new 1280×720 page signed in as the demo member (its session kept in the page's storage). */
  readonly signedInPage: () => Promise<Page>;
  /** Ingests `points` and `events` for the member's watch, in chunks; answers points stored. */
  readonly ingest: (
    points: readonly IngestPoint[],
    events: readonly IngestEvent[],
  ) => Promise<number>;
}

/**
 * Runs `work` against a fresh member app and tears it all down afterwards.
 * @throws Error when the web app is not built (`npm run build`) or an ingest chunk is refused.
 */
export function withMemberApp<T>(name: string, work: (app: MemberApp) => Promise<T>): Promise<T> {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error(`${name} needs the built web app in ${WEB_DIR}: run \`npm run build\``);
  }
  return withBenchDatabase(name, async (db) => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    // As in production: recently closed activities' tracks are built ahead (trackWarmer.ts).
    const server = await buildServer(
      { ...config, webDir: WEB_DIR, trackWarmIntervalMs: 5_000 },
      { db },
    );
    const origin = await server.listen({ port: 0, host: '127.0.0.1' });
    let browser: Browser | undefined;
    try {
      // The members' domain (C2Url) is this server: the app calls its member API there.
      await seedDefaults(db, { domainUrl: origin });
      const account = await ensureDemoAccount(db, Date.now());
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--use-angle=gl-egl', '--ignore-gpu-blocklist'],
      });
      const opened = browser;
      const signedInPage = async (): Promise<Page> => {
        const context = await opened.newContext({ viewport: { width: 1280, height: 720 } });
        const page = await context.newPage();
        // BENCH_DEBUG=1 prints the page's failed requests and console output.
        if (process.env.BENCH_DEBUG) {
          page.on('response', (r) => {
            if (r.status() >= 400) console.error('HTTP', r.status(), r.url());
          });
          page.on('console', (m) => {
            console.error('CONSOLE', m.type(), m.text());
          });
          page.on('requestfailed', (r) => {
            console.error('FAILED', r.url(), r.failure()?.errorText);
          });
        }
        await page.goto(`${origin}/auth/login`);
        await page
          .getByLabel('E-mail')
          .fill(account.email)
          .catch(async (error: unknown) => {
            // What the page showed instead, for the report.
            const shot = path.join(tmpdir(), `lifeline-bench-${name}-login.png`);
            await page.screenshot({ path: shot });
            throw new Error(`${name}: no login form (screenshot ${shot})`, { cause: error });
          });
        await page.getByLabel('Password').fill(account.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByText(/Signed in as/).waitFor({ timeout: 30_000 });
        return page;
      };
      const ingest = async (
        points: readonly IngestPoint[],
        events: readonly IngestEvent[],
      ): Promise<number> => {
        let stored = 0;
        let previousEnd = -Infinity;
        for (let offset = 0; offset < points.length; offset += INGEST_CHUNK) {
          const chunk = points.slice(offset, offset + INGEST_CHUNK);
          const last = offset + INGEST_CHUNK >= points.length;
          const end = last ? Infinity : (chunk[chunk.length - 1]?.Time ?? Infinity);
          const chunkEvents = events.filter((e) => e.Time > previousEnd && e.Time <= end);
          previousEnd = end;
          const outcome = await ingestTelemetry(
            db,
            account.ingestKey,
            { points: chunk, events: chunkEvents },
            Date.now(),
          );
          if (outcome.kind !== 'stored') throw new Error(`ingest refused: ${outcome.kind}`);
          stored += outcome.accepted;
        }
        return stored;
      };
      return await work({ db, origin, account, browser, signedInPage, ingest });
    } finally {
      await browser?.close();
      await server.close();
    }
  });
}

/** The value at percentile `p` (0–100, nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    NaN
  );
}

/**
 * Installed in a bench page before its scripts: records every main-thread task over 50 ms
 * (`window.__longTasks`: start and duration, ms on the page's clock). A string, not a function: tsx
 * would wrap a function's inner functions in a `__name` helper the page does not have.
 */
export const OBSERVE_LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
})();`;

/** The long tasks a page recorded through {@link OBSERVE_LONG_TASKS}. */
export function longTasks(page: Page): Promise<{ start: number; ms: number }[]> {
  return page.evaluate(
    () => (window as unknown as { __longTasks: { start: number; ms: number }[] }).__longTasks,
  );
}
