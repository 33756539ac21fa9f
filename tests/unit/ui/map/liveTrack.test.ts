import { describe, expect, it } from 'vitest';
import type { LocationPoint } from '../../../../src/api/entities/location';
import { ColumnarTrack } from '../../../../src/store/locationHistory/columnarTrack';
import {
  LIVE_TAIL_MAX_POINTS,
  liveTail,
  settleLiveTrack,
  type SettledTrack,
} from '../../../../src/ui/map/liveTrack';
import { speedColour, speedColours } from '../../../../src/ui/map/trackAttributes';
import type { TrackColumns } from '../../../../src/store/locationHistory/columnViews';

const START = Date.UTC(2026, 11, 6, 9, 0, 0);

/** Fix `i` of a wearer paddling north-east in Lysefjord at 1 Hz, speed 1 + i/10 m/s. */
const fix = (i: number): LocationPoint => ({
  Time: START + i * 1000,
  X: 6.0532 + i * 0.00005,
  Y: 59.0176 + i * 0.00005,
  Hacc: 5,
  Alt: null,
  Speed: 1 + i / 10,
});
const fixes = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => fix(from + k));

/** Settles the track through each state in turn, as ShareMap's renders do. */
function settleThrough(states: readonly TrackColumns[]): SettledTrack<TrackColumns>[] {
  const settled: SettledTrack<TrackColumns>[] = [];
  let previous: SettledTrack<TrackColumns> | null = null;
  for (const columns of states) {
    previous = settleLiveTrack(columns, previous);
    settled.push(previous);
  }
  return settled;
}

describe('settleLiveTrack (docs/share-viewing.md "Map: a fix moves the wearer, not the map")', () => {
  it('settles the loaded history at once, with no tail', () => {
    const track = ColumnarTrack.fromHistory(fixes(0, 100));
    const settled = settleLiveTrack(track.columns(), null);
    expect(settled.columns.length).toBe(100);
    expect(settled.tailFrom).toBe(100);
  });

  it('keeps the settled columns while fixes are appended, and settles every LIVE_TAIL_MAX_POINTS', () => {
    const track = ColumnarTrack.fromHistory(fixes(0, 100), 1, 200);
    const states = [track.columns()];
    for (let i = 100; i < 100 + 2 * LIVE_TAIL_MAX_POINTS; i += 1) {
      track.add([fix(i)]);
      states.push(track.columns());
    }
    const settled = settleThrough(states);
    const lengths = settled.map((s) => s.columns.length);
    // One fix after another: the WebGL track takes the newest in once they fill the tail.
    expect(lengths.slice(0, LIVE_TAIL_MAX_POINTS)).toEqual(
      Array<number>(LIVE_TAIL_MAX_POINTS).fill(100),
    );
    expect(lengths[LIVE_TAIL_MAX_POINTS]).toBe(100 + LIVE_TAIL_MAX_POINTS);
    expect(lengths.at(-1)).toBe(100 + 2 * LIVE_TAIL_MAX_POINTS);
    // The new settled track's tail still starts where the old one ended (drawn twice meanwhile).
    expect(settled[LIVE_TAIL_MAX_POINTS]?.tailFrom).toBe(100);
    expect(settled.at(-1)?.tailFrom).toBe(100 + LIVE_TAIL_MAX_POINTS);
    // Unchanged columns keep the very same settled track (ShareMap's state settles).
    const last = settled.at(-1) ?? null;
    expect(settleLiveTrack(track.columns(), last)).toBe(last);
  });

  it('settles at once when a late point lands among the settled ones, tail from the end', () => {
    const points = fixes(0, 50).filter((p) => p.Time !== START + 20_000);
    const track = ColumnarTrack.fromHistory(points, 1, 100);
    const before = settleLiveTrack(track.columns(), null);
    track.add([fix(50)]);
    const appended = settleLiveTrack(track.columns(), before);
    expect(appended).toBe(before);
    track.add([fix(20)]);
    const after = settleLiveTrack(track.columns(), appended);
    expect(after).not.toBe(appended);
    expect(after.columns.length).toBe(51);
    expect(after.tailFrom).toBe(51);
  });

  it('settles a backlog larger than the tail at once, with no tail', () => {
    const track = ColumnarTrack.fromHistory(fixes(0, 10), 1, 100);
    const before = settleLiveTrack(track.columns(), null);
    const end = 10 + LIVE_TAIL_MAX_POINTS + 1;
    track.add(fixes(10, end));
    const after = settleLiveTrack(track.columns(), before);
    expect(after.columns.length).toBe(end);
    expect(after.tailFrom).toBe(end);
  });

  it('keeps an empty track settled, and settles its first fix', () => {
    const empty = new ColumnarTrack();
    const settled = settleLiveTrack(empty.columns(), null);
    expect(settleLiveTrack(new ColumnarTrack().columns(), settled)).toBe(settled);
    empty.add([fix(0)]);
    expect(settleLiveTrack(empty.columns(), settled).columns.length).toBe(1);
  });
});

describe('liveTail', () => {
  it('runs from the last settled point to the newest, coloured as the WebGL track colours them', () => {
    const track = ColumnarTrack.fromHistory(fixes(0, 100), 1, 200);
    const settled = settleLiveTrack(track.columns(), null);
    expect(liveTail(track.columns(), settled)).toEqual({ positions: [], colours: [] });
    track.add(fixes(100, 103));
    const tail = liveTail(track.columns(), settled);
    // Points 99 (the settled end) to 102: three segments.
    expect(tail.positions).toEqual([99, 100, 101, 102].flatMap((i) => [fix(i).X, fix(i).Y]));
    const { maxSpeed } = speedColours(settled.columns);
    expect(tail.colours).toEqual(
      [100, 101, 102].map((i) => speedColour(fix(i).Speed ?? 0, maxSpeed)),
    );
  });

  it('derives a speed from the fixes where the device reported none', () => {
    const noSpeed = (i: number): LocationPoint => ({ ...fix(i), Speed: null });
    const track = ColumnarTrack.fromHistory([noSpeed(0), noSpeed(1)], 1, 10);
    const settled = settleLiveTrack(track.columns(), null);
    track.add([noSpeed(2)]);
    const tail = liveTail(track.columns(), settled);
    expect(tail.colours).toHaveLength(1);
    // About 6.2 m in 1 s: a known speed, not the grey of an unknown one.
    expect(tail.colours[0]).not.toEqual([140, 146, 153, 255]);
  });
});
