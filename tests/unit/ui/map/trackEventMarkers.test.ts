import { describe, expect, it } from 'vitest';
import { trackEventMarkers, type MarkedAlert } from '../../../../src/ui/map/trackEventMarkers';
import type { TrackColumnsLike } from '../../../../src/ui/map/trackAttributes';

/*
 * The markers of an activity's events along its track (issue 7 item 1): start, end, alerts where
 * raised, and notes and messages where the wearer was when they were written.
 */

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);

/** A track due east along the equator: 0°, 1°, 2° E at T0, T0 + 1 s, T0 + 2 s. */
const track: TrackColumnsLike = {
  length: 3,
  version: 1,
  time: Float64Array.from([T0, T0 + 1000, T0 + 2000]),
  positions: Float64Array.from([0, 0, 1, 0, 2, 0]),
  speed: new Float32Array(3),
  hacc: new Float32Array(3),
};

const alert: MarkedAlert = {
  AlertID: 5,
  Location: { X: 1.2, Y: 0.1 },
  Notes: [{ AlertNoteID: 50, Timestamp: T0 + 500 }],
};

describe('trackEventMarkers', () => {
  it('marks start, end, the alert where raised, and its note and the messages where the wearer was', () => {
    const markers = trackEventMarkers(
      track,
      [alert],
      [
        { MessageID: 70, SentTimestamp: T0 + 1500 },
        // Written after the activity ended: the wearer was last seen at its end.
        { MessageID: 71, SentTimestamp: T0 + 60_000 },
      ],
    );
    expect(markers).toEqual([
      { id: 'start', kind: 'start', lon: 0, lat: 0 },
      { id: 'end', kind: 'end', lon: 2, lat: 0 },
      { id: 'alert-5', kind: 'alert', lon: 1.2, lat: 0.1 },
      { id: 'note-50', kind: 'note', lon: 0.5, lat: 0 },
      { id: 'message-70', kind: 'message', lon: 1.5, lat: 0 },
      { id: 'message-71', kind: 'message', lon: 2, lat: 0 },
    ]);
  });

  it('marks no alert without a location, and nothing on an empty track', () => {
    const unplaced = { ...alert, Location: null, Notes: [] };
    expect(trackEventMarkers(track, [unplaced]).map((m) => m.id)).toEqual(['start', 'end']);
    const empty = { ...track, length: 0, time: new Float64Array(), positions: new Float64Array() };
    expect(trackEventMarkers(empty, [alert], [{ MessageID: 1, SentTimestamp: T0 }])).toEqual([]);
  });
});
