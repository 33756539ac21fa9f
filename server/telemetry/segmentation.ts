import type { ActivityType } from '../../src/api/enums';
import { accumulateFix, EMPTY_STATS, type StatsFix, type StatsState } from './activityStats';

/**
 * Silence that ends an activity, ms: 30 minutes without a fix (issue 5 item 2). The first fix after
 * it opens a new activity.
 */
export const ACTIVITY_SILENCE_MS = 30 * 60_000;

/** What opened an activity: a TRACKING_START event, or a fix no open activity held. */
export type OpenedBy = 'TRACKING_START' | 'FIX';
/** What closed an activity: the next TRACKING_START, a TRACKING_STOP, or 30 minutes of silence. */
export type ClosedBy = 'TRACKING_START' | 'TRACKING_STOP' | 'SILENCE';

/**
 * One entry of a device's timeline, in device time (epoch ms):
 * - `START`: a TRACKING_START event with its activity type (`isNew`: stored by the current request);
 * - `STOP`: a TRACKING_STOP event;
 * - `FIX`: a position fix with `activityId`, the activity it is stored under (null for a new fix).
 */
export type TrackItem =
  | {
      readonly kind: 'START';
      readonly time: number;
      readonly activityType: ActivityType;
      readonly isNew: boolean;
    }
  | { readonly kind: 'STOP'; readonly time: number }
  | {
      readonly kind: 'FIX';
      readonly time: number;
      readonly fix: StatsFix;
      readonly activityId: number | null;
    };

const KIND_RANK: Record<TrackItem['kind'], number> = { START: 0, FIX: 1, STOP: 2 };

/** Timeline order: by time; at one millisecond a START comes before a fix, a STOP after it. */
export function compareTrackItems(a: TrackItem, b: TrackItem): number {
  return a.time - b.time || KIND_RANK[a.kind] - KIND_RANK[b.kind];
}

/**
 * One activity as the timeline defines it (times epoch ms):
 * - `openedBy`, `start` (the TRACKING_START's time or the first fix's), `activityType` (from the
 *   TRACKING_START, null when opened by a fix) and `startIsNew` (that START came in this request);
 * - `firstFixMs`, `lastFixMs` (null without fixes), `stats` over its fixes;
 * - `closedBy` and `end` (both null while open); `end` is the STOP's time, else the last fix (or the
 *   start, without fixes);
 * - `sourceActivityIds`: the stored activities its fixes come from (to keep ids stable).
 */
export interface Segment {
  openedBy: OpenedBy;
  start: number;
  activityType: ActivityType | null;
  startIsNew: boolean;
  firstFixMs: number | null;
  lastFixMs: number | null;
  stats: StatsState;
  closedBy: ClosedBy | null;
  end: number | null;
  readonly sourceActivityIds: Set<number>;
}

/** The last moment the segment was seen alive: its last fix, or its start without fixes (ms). */
export function lastSeenMs(segment: Pick<Segment, 'lastFixMs' | 'start'>): number {
  return segment.lastFixMs ?? segment.start;
}

/**
 * Walks a device's timeline in {@link compareTrackItems} order and cuts it into activities (issue 5
 * item 2), the one rule both ingest paths follow:
 * - a TRACKING_START closes the open activity and opens one of its type;
 * - a TRACKING_STOP closes the open activity (end = the stop's time);
 * - a fix more than {@link ACTIVITY_SILENCE_MS} after the open activity was last seen closes it by
 *   silence (end = its last fix); a fix with no open activity opens one (type chosen by the caller);
 * - at the end of the data, the open activity is closed by silence once `nowMs` is more than
 *   {@link ACTIVITY_SILENCE_MS} after it was last seen ({@link finish}).
 * The cut depends only on the set of items, never on their arrival order.
 */
export class TimelineWalker {
  private readonly done: Segment[] = [];
  private open: Segment | null;

  /** `initial`: the device's latest activity when the walk continues it (fast path), else null. */
  constructor(initial: Segment | null = null) {
    this.open = initial;
  }

  /** The open activity, if any. */
  get current(): Segment | null {
    return this.open;
  }

  /** Activities closed so far, in order. */
  get closed(): readonly Segment[] {
    return this.done;
  }

  /** Takes the next item; items must come in timeline order. */
  push(item: TrackItem): void {
    const open = this.open;
    const silent = open !== null && item.time - lastSeenMs(open) > ACTIVITY_SILENCE_MS;
    if (open && silent) this.close(open, 'SILENCE', lastSeenMs(open));
    switch (item.kind) {
      case 'START':
        if (this.open) this.close(this.open, 'TRACKING_START', lastSeenMs(this.open));
        this.open = {
          openedBy: 'TRACKING_START',
          start: item.time,
          activityType: item.activityType,
          startIsNew: item.isNew,
          firstFixMs: null,
          lastFixMs: null,
          stats: EMPTY_STATS,
          closedBy: null,
          end: null,
          sourceActivityIds: new Set(),
        };
        return;
      case 'STOP':
        if (this.open) this.close(this.open, 'TRACKING_STOP', item.time);
        return;
      case 'FIX': {
        const segment = this.open ?? this.openByFix(item.time);
        segment.firstFixMs ??= item.time;
        segment.lastFixMs = item.time;
        segment.stats = accumulateFix(segment.stats, item.fix);
        if (item.activityId !== null) segment.sourceActivityIds.add(item.activityId);
        return;
      }
    }
  }

  /**
   * Ends the walk at the end of the device's data: closes the open activity by silence when `nowMs`
   * (epoch ms) is more than {@link ACTIVITY_SILENCE_MS} after it was last seen. Answers every activity
   * of the walk in order, the open one (closedBy null) last.
   */
  finish(nowMs: number): Segment[] {
    const open = this.open;
    if (open && nowMs - lastSeenMs(open) > ACTIVITY_SILENCE_MS) {
      this.close(open, 'SILENCE', lastSeenMs(open));
    }
    return this.open ? [...this.done, this.open] : [...this.done];
  }

  private openByFix(time: number): Segment {
    const segment: Segment = {
      openedBy: 'FIX',
      start: time,
      activityType: null,
      startIsNew: false,
      firstFixMs: null,
      lastFixMs: null,
      stats: EMPTY_STATS,
      closedBy: null,
      end: null,
      sourceActivityIds: new Set(),
    };
    this.open = segment;
    return segment;
  }

  private close(segment: Segment, closedBy: ClosedBy, end: number): void {
    segment.closedBy = closedBy;
    segment.end = end;
    this.done.push(segment);
    this.open = null;
  }
}
