import type { z } from 'zod';
import type { ApiErrorBody } from '../../src/api/errors';
import { ingestTimeProblem, type IngestEvent, type IngestPoint } from '../../src/api/ingest';

/** One failed field of a rejected ingest request, in the spec's error shape (`body.Points.3.Lat`). */
export type IngestIssue = NonNullable<ApiErrorBody['Issues']>[number];

/** A parsed request or why it was rejected. */
export type Parsed<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: IngestIssue[] };

/** The issues of a zod error, each path joined with dots under `prefix` (e.g. `body`). */
export function zodIssues(error: z.core.$ZodError, prefix: string): IngestIssue[] {
  return error.issues.map((issue) => ({
    Path: [prefix, ...issue.path.map(String)].join('.'),
    Message: issue.message,
  }));
}

/**
 * The time-sanity issues of validated points and events at server time `nowMs` (epoch ms): a device
 * time before 2000-01-01 or more than 5 minutes ahead (src/api/ingest.ts ingestTimeProblem). `pathOf`
 * names the field of the point or event at an index.
 */
export function timeIssues(
  points: readonly IngestPoint[],
  events: readonly IngestEvent[],
  nowMs: number,
  pathOf: { readonly point: (index: number) => string; readonly event: (index: number) => string },
): IngestIssue[] {
  const issues: IngestIssue[] = [];
  points.forEach((point, index) => {
    const problem = ingestTimeProblem(point.Time, nowMs);
    if (problem) issues.push({ Path: pathOf.point(index), Message: problem });
  });
  events.forEach((event, index) => {
    const problem = ingestTimeProblem(event.Time, nowMs);
    if (problem) issues.push({ Path: pathOf.event(index), Message: problem });
  });
  return issues;
}
