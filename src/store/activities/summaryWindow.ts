import { ACTIVITY_SUMMARY_DEFAULT_WINDOW_DAYS, ACTIVITY_SUMMARY_MIN_WINDOW_DAYS } from '../timing';

const DAY_MS = 24 * 60 * 60_000;

/** A closed time window `[fromMs, toMs]` in epoch ms, `fromMs ≤ toMs`. */
export interface TimeWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/** What a summary request asks for (epoch ms): any bound left out takes its default. */
export interface SummaryWindowRequest {
  /** Start of the window; default {@link ACTIVITY_SUMMARY_DEFAULT_WINDOW_DAYS} days before `toMs`. */
  readonly fromMs?: number;
  /** End of the window; default now. */
  readonly toMs?: number;
}

/**
 * The window a summary load covers: widened back to at least 30 days before its end and never before
 * epoch 0 (spec §9 Data windows "Minimum activity summary window 30 days"), as the server's
 * member-wearer-activity-summaries widens it, so what the client asks is what it gets.
 */
export function widenSummaryWindow(window: TimeWindow): TimeWindow {
  const earliest = window.toMs - ACTIVITY_SUMMARY_MIN_WINDOW_DAYS * DAY_MS;
  return { fromMs: Math.max(0, Math.min(window.fromMs, earliest)), toMs: window.toMs };
}

/**
 * The widened window of a request at `nowMs`: default end now, default start 365 days before the
 * end (spec §9 "default 365"), then {@link widenSummaryWindow}. A start after the end is taken as the
 * end.
 */
export function requestedSummaryWindow(request: SummaryWindowRequest, nowMs: number): TimeWindow {
  // Whole ms: the contract's timestamps are integers.
  const toMs = Math.max(0, Math.ceil(request.toMs ?? nowMs));
  const fromMs = Math.floor(request.fromMs ?? toMs - ACTIVITY_SUMMARY_DEFAULT_WINDOW_DAYS * DAY_MS);
  return widenSummaryWindow({ fromMs: Math.min(fromMs, toMs), toMs });
}

/** Whether two windows overlap or touch (so that their union is one window). */
export function windowsMeet(a: TimeWindow, b: TimeWindow): boolean {
  return a.fromMs <= b.toMs && b.fromMs <= a.toMs;
}

/** The smallest window holding both. */
export function windowHull(a: TimeWindow, b: TimeWindow): TimeWindow {
  return { fromMs: Math.min(a.fromMs, b.fromMs), toMs: Math.max(a.toMs, b.toMs) };
}

/**
 * Whether an activity from `startMs` to `endMs` (null while open: it lasts until now and beyond)
 * overlaps `window`, both ends inclusive, as the server selects them (spec §7 summaries "overlap").
 */
export function activityOverlaps(
  startMs: number,
  endMs: number | null,
  window: TimeWindow,
): boolean {
  return startMs <= window.toMs && (endMs === null || endMs >= window.fromMs);
}

/** Sorted, with overlapping or touching windows merged. */
function mergeWindows(windows: readonly TimeWindow[]): TimeWindow[] {
  const sorted = [...windows].sort((a, b) => a.fromMs - b.fromMs);
  const merged: TimeWindow[] = [];
  for (const window of sorted) {
    const last = merged[merged.length - 1];
    if (last && windowsMeet(last, window)) merged[merged.length - 1] = windowHull(last, window);
    else merged.push(window);
  }
  return merged;
}

/**
 * The summary loads that bring the cache from `loaded` (the one contiguous window already loaded, or
 * null) to cover `requested` (already widened): only the missing parts — the part before the loaded
 * window and the part after it, gaps included so the cache stays one window — each widened to 30 days
 * (spec §9 "cached summaries are topped up"). `force` also refetches `requested` itself (its
 * activities may have changed). Empty when nothing is missing. Windows are epoch ms.
 */
export function summaryFetchPlan(
  loaded: TimeWindow | null,
  requested: TimeWindow,
  force: boolean,
): TimeWindow[] {
  if (loaded === null) return [requested];
  const hull = windowHull(loaded, requested);
  const missing: TimeWindow[] = [];
  if (hull.fromMs < loaded.fromMs) missing.push({ fromMs: hull.fromMs, toMs: loaded.fromMs });
  if (hull.toMs > loaded.toMs) missing.push({ fromMs: loaded.toMs, toMs: hull.toMs });
  return mergeWindows(
    (force ? [...missing, requested] : missing).map((window) => widenSummaryWindow(window)),
  );
}
