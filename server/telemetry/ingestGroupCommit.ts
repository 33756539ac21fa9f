import type { AlertEngineDeps } from '../alerts/alertEngine';
import type { Db } from '../db/database';
import { ingestGroup, ingestTelemetry, type IngestOutcome, type IngestRequest } from './ingest';

/** How requests are stored: one alone in its own transaction, or several in one transaction. */
export interface IngestStore {
  /** Stores one request in its own transaction ({@link ingestTelemetry}). */
  one(request: IngestRequest): Promise<IngestOutcome>;
  /**
   * Stores requests of distinct devices in one transaction ({@link ingestGroup}), answering their
   * outcomes in order; rejects with nothing stored.
   */
  group(requests: readonly IngestRequest[]): Promise<IngestOutcome[]>;
}

/** The {@link IngestStore} of the server's database, the alert engine evaluating each request. */
export function databaseIngestStore(db: Db, alerts?: AlertEngineDeps): IngestStore {
  return {
    one: ({ ingestKey, input, nowMs }) => ingestTelemetry(db, ingestKey, input, nowMs, alerts),
    group: (requests) => ingestGroup(db, requests, alerts),
  };
}

/** Options of {@link createIngestGroupCommit}. */
export interface IngestGroupCommitOptions {
  /** Most requests in one transaction; default 128. */
  readonly maxGroup?: number;
  /**
   * Most transactions of small requests (live fixes, a few events) in flight at once; default 2.
   * The first starts whenever a request waits; each further one only when at least
   * {@link IngestGroupCommitOptions.minCrowdedGroup} requests of distinct devices wait for it.
   */
  readonly maxLiveInFlight?: number;
  /**
   * Requests of distinct devices that must be waiting before a small-request transaction starts
   * beside one already in flight; default 96. Below that, one transaction at a time makes the
   * groups as large as the load is: on the 2-core bench machine 64 OsmAnd phones (groups of about
   * 30) cost 0.44–0.48 ms of CPU a GET with one transaction, 0.54–0.63 with two always allowed.
   * With 256 phones a group of 120 takes about 28 ms, its statements run one at a time on one
   * PostgreSQL backend, and a second transaction for a crowd of 96 raised the points acknowledged
   * by 7–20 % in three alternating pairs (docs/decisions.md "Ingest throughput").
   */
  readonly minCrowdedGroup?: number;
  /**
   * Most large requests (a watch's stored-up backlog, each alone in its transaction) in flight at
   * once, beside the small ones; default 3 (the pool's other connections serve reads, sockets and
   * sweeps).
   */
  readonly maxBacklogInFlight?: number;
}

/** Stores device requests, grouping concurrent ones into shared transactions. */
export interface IngestGroupCommit {
  /**
   * Stores one request; resolves with its outcome once the transaction that holds it committed (a
   * 2xx may then be answered: ARCHITECTURE.md §5), rejects when storing failed (nothing of it stored).
   */
  submit(request: IngestRequest): Promise<IngestOutcome>;
  /** Requests waiting for a transaction (not yet in one). */
  readonly pending: number;
}

/**
 * Most points and events of a request that may share a transaction. Live devices send one or a few
 * fixes per request; a request of a stored-up backlog (thousands of points and a re-cut) runs alone,
 * so an SOS or a live fix of another device is never held up behind it.
 */
export const GROUPED_REQUEST_ITEMS_MAX = 32;

const isSmall = (request: IngestRequest): boolean =>
  request.input.points.length + request.input.events.length <= GROUPED_REQUEST_ITEMS_MAX;

interface Waiting {
  readonly request: IngestRequest;
  readonly resolve: (outcome: IngestOutcome) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit of device ingest (issue 5 item 8). A request's work is a handful of short statements,
 * and on a small machine each round trip to PostgreSQL costs more than the statement itself: a GET
 * of one OsmAnd fix spent five round trips (begin, lock, activity update, fixes insert, commit) on one
 * point. Requests that arrive while the transactions in flight are all busy wait, and the next free
 * transaction takes every waiting request of a distinct device at once ({@link ingestGroup}: one
 * begin, one lock statement, one commit for all). An idle server therefore starts each request at
 * once, alone (no added latency); a busy one shares the fixed costs among as many requests as arrived
 * meanwhile. A device's second request waits for a later group, so it sees the first one's effects.
 * Only small requests ({@link GROUPED_REQUEST_ITEMS_MAX}) share a transaction; they run in their
 * own lane (one transaction in flight, a second beside it only for a crowd:
 * {@link IngestGroupCommitOptions.minCrowdedGroup}), so a large request (a backlog, each
 * alone, {@link IngestGroupCommitOptions.maxBacklogInFlight} at once) never holds up a live fix or an
 * SOS.
 * When a group's transaction fails (a deadlock with another transaction, one request's bad data),
 * nothing of it is stored and each of its requests is retried alone: only the failing one fails.
 */
export function createIngestGroupCommit(
  store: IngestStore,
  options: IngestGroupCommitOptions = {},
): IngestGroupCommit {
  const maxGroup = options.maxGroup ?? 128;
  const maxLiveInFlight = options.maxLiveInFlight ?? 2;
  const minCrowdedGroup = options.minCrowdedGroup ?? 96;
  const maxBacklogInFlight = options.maxBacklogInFlight ?? 3;
  const live: Waiting[] = [];
  const backlog: Waiting[] = [];
  let liveInFlight = 0;
  let backlogInFlight = 0;
  /**
   * Ingest keys of the devices with a transaction in flight (a live group or a backlog). A device has
   * at most one: its next request waits until that one committed, so it sees its effects, and the
   * device lock never waits for another request of the same device (whose fixes the lock statement's
   * snapshot could not see: ingestDevice.ts).
   */
  const busyKeys = new Set<string>();

  /**
   * Takes up to `maxGroup` waiting small requests, one per device, in arrival order. A device with a
   * transaction in flight sits out: that transaction holds the device's lock until it commits (a
   * backlog can take a while), and a group waiting for that lock would hold up every other device's
   * live fixes with it.
   */
  const takeGroup = (): Waiting[] => {
    const group: Waiting[] = [];
    const keys = new Set<string>(busyKeys);
    for (let index = 0; index < live.length && group.length < maxGroup;) {
      const entry = live[index];
      if (entry && !keys.has(entry.request.ingestKey)) {
        keys.add(entry.request.ingestKey);
        group.push(entry);
        live.splice(index, 1);
      } else {
        index += 1;
      }
    }
    return group;
  };

  /**
   * Whether at least `wanted` waiting small requests of distinct devices could share a group. It
   * runs on every submit while a transaction is in flight, so it looks at the first 4 × `wanted`
   * waiting requests only (a few devices flooding the queue cannot make each submit scan it all).
   */
  const crowdOf = (wanted: number): boolean => {
    if (live.length < wanted) return false;
    const keys = new Set<string>();
    const scan = Math.min(live.length, 4 * wanted);
    for (let index = 0; index < scan; index += 1) {
      const key = live[index]?.request.ingestKey;
      if (key !== undefined && !busyKeys.has(key)) keys.add(key);
      if (keys.size >= wanted) return true;
    }
    return false;
  };

  const alone = async (entry: Waiting): Promise<void> => {
    try {
      entry.resolve(await store.one(entry.request));
    } catch (error) {
      entry.reject(error);
    }
  };

  const run = async (group: readonly Waiting[]): Promise<void> => {
    const [only] = group;
    if (group.length === 1 && only) return alone(only);
    let outcomes: IngestOutcome[];
    try {
      outcomes = await store.group(group.map((entry) => entry.request));
    } catch {
      for (const entry of group) await alone(entry);
      return;
    }
    group.forEach((entry, index) => {
      const outcome = outcomes[index];
      if (outcome) entry.resolve(outcome);
      else entry.reject(new Error('ingest: a grouped request without an outcome'));
    });
  };

  const pump = (): void => {
    while (liveInFlight < maxLiveInFlight && live.length > 0) {
      if (liveInFlight > 0 && !crowdOf(minCrowdedGroup)) break;
      const group = takeGroup();
      if (group.length === 0) break;
      const keys = group.map((entry) => entry.request.ingestKey);
      for (const key of keys) busyKeys.add(key);
      liveInFlight += 1;
      void run(group).finally(() => {
        liveInFlight -= 1;
        for (const key of keys) busyKeys.delete(key);
        pump();
      });
    }
    while (backlogInFlight < maxBacklogInFlight) {
      // The first waiting backlog of a device without a transaction in flight.
      const index = backlog.findIndex((entry) => !busyKeys.has(entry.request.ingestKey));
      const [entry] = index < 0 ? [] : backlog.splice(index, 1);
      if (!entry) break;
      const key = entry.request.ingestKey;
      busyKeys.add(key);
      backlogInFlight += 1;
      void alone(entry).finally(() => {
        backlogInFlight -= 1;
        busyKeys.delete(key);
        pump();
      });
    }
  };

  return {
    submit(request) {
      return new Promise<IngestOutcome>((resolve, reject) => {
        (isSmall(request) ? live : backlog).push({ request, resolve, reject });
        pump();
      });
    },
    get pending() {
      return live.length + backlog.length;
    },
  };
}
