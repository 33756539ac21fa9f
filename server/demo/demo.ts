import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { ensureDemoAccount, type DemoAccount } from './demoAccount';
import { importDemoHistory } from './demoHistory';
import { startLiveDemo } from './liveDemo';

/*
 * The live demo of `npm start` (issue 5 item 7; DEMO=1 by default in the embedded mode, DEMO=0 turns
 * it off): the demo account (demoAccount.ts), its history from real tracks (demoHistory.ts), the live
 * replay with an SOS per loop (liveDemo.ts) and a guardian share of the live activity.
 */

/** What the demo tells the person who started it (printed, and `GET /api/dev/demo`). */
export interface DemoInfo {
  readonly email: string;
  readonly password: string;
  readonly imei: string;
  readonly ingestKey: string;
  /** The guardian share of the live activity; null until the replay's first fix is stored. */
  readonly shareUrl: string | null;
  readonly shareToken: string | null;
}

/** Where the server reads the demo's current info from (null while no demo runs). */
export interface DemoInfoSource {
  current(): DemoInfo | null;
}

/** A guardian share of an activity: its token and the URL of the share page. */
export interface DemoShare {
  readonly token: string;
  readonly url: string;
}

/** How the demo runs. */
export interface DemoOptions {
  /** This server as the simulator reaches it, e.g. `http://127.0.0.1:8080`. */
  readonly origin: string;
  readonly speed: number;
  readonly sosAt: number;
  /** Device time from the start to the first SOS, ms (liveDemo.ts). */
  readonly firstSosAfterMs: number;
  /** Makes a guardian share of the demo member's activity (server/shares). */
  readonly share: (account: DemoAccount, activityId: number) => Promise<DemoShare>;
  readonly log: FastifyBaseLogger;
  /** Called whenever the share changes (the live activity is new), e.g. to print it. */
  readonly onShare?: (share: DemoShare) => void;
}

/** A running demo. */
export interface Demo extends DemoInfoSource {
  stop(): Promise<void>;
}

/**
 * Seeds the demo (idempotently) and starts the live replay. Answers once the account and history
 * exist and the replay has started. Throws when seeding fails (e.g. the demo watch belongs to a
 * member who is not the demo member).
 */
export async function startDemo(db: Db, options: DemoOptions): Promise<Demo> {
  const account = await ensureDemoAccount(db, Date.now());
  const imported = await importDemoHistory(db, account.ingestKey, Date.now());
  if (imported > 0) options.log.info({ stored: imported }, 'demo: history imported');
  let share: DemoShare | null = null;
  const simulation = await startLiveDemo(db, account, {
    origin: options.origin,
    speed: options.speed,
    sosAt: options.sosAt,
    firstSosAfterMs: options.firstSosAfterMs,
    log: options.log,
    onActivity: async (activityId) => {
      share = await options.share(account, activityId);
      options.onShare?.(share);
    },
  });
  return {
    current: () => ({
      email: account.email,
      password: account.password,
      imei: account.imei,
      ingestKey: account.ingestKey,
      shareUrl: share?.url ?? null,
      shareToken: share?.token ?? null,
    }),
    stop: () => simulation.stop(),
  };
}
