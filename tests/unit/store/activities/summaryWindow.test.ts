import { describe, expect, it } from 'vitest';
import {
  activityOverlaps,
  requestedSummaryWindow,
  summaryFetchPlan,
  widenSummaryWindow,
} from '../../../../src/store/activities/summaryWindow';
import { DAY, T0 } from './activityTestKit';

const w = (fromDays: number, toDays: number) => ({
  fromMs: T0 + fromDays * DAY,
  toMs: T0 + toDays * DAY,
});

describe('summary windows (spec §9 Data windows: at least 30 days, default 365, topped up)', () => {
  it('defaults to the 365 days up to now', () => {
    expect(requestedSummaryWindow({}, T0)).toEqual(w(-365, 0));
  });

  it.each([
    ['7 days', -7, w(-30, 0)],
    ['29 days', -29, w(-30, 0)],
    ['30 days', -30, w(-30, 0)],
    ['90 days', -90, w(-90, 0)],
  ])('widens a window of %s to at least 30 days back from its end', (_name, from, expected) => {
    expect(requestedSummaryWindow({ fromMs: T0 + from * DAY }, T0)).toEqual(expected);
  });

  it('never reaches before epoch 0, and takes a start after the end as the end', () => {
    expect(widenSummaryWindow({ fromMs: 5 * DAY, toMs: 10 * DAY })).toEqual({
      fromMs: 0,
      toMs: 10 * DAY,
    });
    expect(requestedSummaryWindow({ fromMs: T0 + DAY, toMs: T0 }, T0 + DAY)).toEqual(w(-30, 0));
  });

  it('sends whole milliseconds', () => {
    expect(requestedSummaryWindow({ fromMs: T0 - 40 * DAY + 0.5, toMs: T0 + 0.2 }, T0)).toEqual({
      fromMs: T0 - 40 * DAY,
      toMs: T0 + 1,
    });
  });

  it('loads the whole widened window when nothing is cached', () => {
    expect(summaryFetchPlan(null, w(-365, 0), false)).toEqual([w(-365, 0)]);
  });

  it('fetches nothing that is cached', () => {
    expect(summaryFetchPlan(w(-365, 0), w(-100, -10), false)).toEqual([]);
  });

  it('tops up only the newer part, widened to 30 days', () => {
    expect(summaryFetchPlan(w(-365, 0), w(-365, 2), false)).toEqual([w(-28, 2)]);
  });

  it('tops up only the older part of a wider window', () => {
    expect(summaryFetchPlan(w(-365, 0), w(-700, 0), false)).toEqual([w(-700, -365)]);
  });

  it('fills the gap to a window apart from the cache, so the cache stays one window', () => {
    expect(summaryFetchPlan(w(-100, 0), w(-400, -300), false)).toEqual([w(-400, -100)]);
  });

  it('fetches both sides of a wider window, merging parts that meet', () => {
    expect(summaryFetchPlan(w(-200, -100), w(-400, 0), false)).toEqual([w(-400, -200), w(-100, 0)]);
    expect(summaryFetchPlan(w(-20, -10), w(-60, 0), false)).toEqual([w(-60, 0)]);
  });

  it('refetches the requested window itself when forced', () => {
    expect(summaryFetchPlan(w(-365, 0), w(-100, -50), true)).toEqual([w(-100, -50)]);
    expect(summaryFetchPlan(w(-365, 0), w(-365, 1), true)).toEqual([w(-365, 1)]);
  });

  it.each([
    ['ends inside', 0, 5, true],
    ['starts inside', 9, 20, true],
    ['touches the start', -5, 0, true],
    ['touches the end', 10, 12, true],
    ['ends before', -5, -1, false],
    ['starts after', 11, 12, false],
    ['open, started before the end', -50, null, true],
    ['open, started after the end', 11, null, false],
  ])('an activity that %s overlaps [0, 10]: %s', (_name, start, end, overlaps) => {
    expect(activityOverlaps(start, end, { fromMs: 0, toMs: 10 })).toBe(overlaps);
  });
});
