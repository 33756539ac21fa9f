import * as z from 'zod/mini';
import { ActivitySummary } from './activity';
import { Timestamp } from './common';

/**
 * A journey: the activities of a time span, shown day by day (app §3 "Journey", §4 "Activities and
 * journeys"). `JourneyStart` and `JourneyEnd` are epoch ms; `ActivitySummaries` are ordered by start.
 */
export const Journey = z.object({
  JourneyStart: Timestamp,
  JourneyEnd: Timestamp,
  ActivitySummaries: z.array(ActivitySummary),
});
export type Journey = z.infer<typeof Journey>;

/** The journey day index that means "the complete timeline" rather than one day (app §4). */
export const JOURNEY_COMPLETE_TIMELINE_DAY_INDEX = 999;
