import type { Journey } from '../../api/entities/journey';

/**
 * The activity whose message thread a share page shows and writes to (spec app §1 "Share viewers can
 * message the wearer"; §7 message-load-thread, message-send): a live activity share's own activity;
 * for a journey share, the journey's latest activity (the one under way, or the last one), so a
 * guardian following a multi-day trip writes to what the wearer is doing now. Null when a journey
 * has no activity yet. Our decision: docs/share-viewing.md "Messages of a journey share".
 */
export function shareThreadActivityId(view: {
  readonly ActivityId: number | null;
  readonly Journey: Journey | null;
}): number | null {
  if (view.ActivityId !== null) return view.ActivityId;
  const summaries = view.Journey?.ActivitySummaries ?? [];
  let latest: { readonly ActivityId: number; readonly TimestampStart: number } | null = null;
  for (const summary of summaries) {
    if (latest === null || summary.TimestampStart >= latest.TimestampStart) latest = summary;
  }
  return latest?.ActivityId ?? null;
}
