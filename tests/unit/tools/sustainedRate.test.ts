import { describe, expect, it } from 'vitest';
import { sustainedWindow, type PhoneAnswers } from '../../../bench/lib/sustainedRate';

/** A phone answered at `times` (ms); `fresh` marks the new points (all new when omitted). */
const phone = (times: number[], fresh: boolean[] = times.map(() => true)): PhoneAnswers => ({
  answeredAtMs: times,
  fresh,
  count: times.length,
});

describe('sustainedWindow (ingest.osmand, docs/decisions.md "Ingest throughput")', () => {
  it('runs from the last phone warm to the first phone done, counting only new points', () => {
    const window = sustainedWindow(
      [
        // Warm (2nd answer) at 20; done at 100.
        phone([10, 20, 30, 40, 100], [true, true, true, false, true]),
        // Warm at 25 (the later): the window starts there; done at 90 (the earlier): it ends there.
        phone([15, 25, 50, 90]),
      ],
      2,
    );
    expect(window).toEqual({
      fromMs: 25,
      toMs: 90,
      seconds: 0.065,
      // In (25, 90]: 30, 40 (a re-send), 50, 90; 100 is after the first phone finished.
      requests: 4,
      accepted: 3,
    });
  });

  it('reads only the answered part of longer arrays', () => {
    const answeredAtMs = new Float64Array([1, 2, 3, 0, 0]);
    const fresh = new Uint8Array([1, 1, 1, 0, 0]);
    expect(sustainedWindow([{ answeredAtMs, fresh, count: 3 }], 1)).toMatchObject({
      fromMs: 1,
      toMs: 3,
      requests: 2,
      accepted: 2,
    });
  });

  it('has no window without phones, with a phone never past its warm-up, or with no overlap', () => {
    expect(sustainedWindow([], 1)).toBeNull();
    expect(sustainedWindow([phone([1, 2, 3]), phone([1, 2])], 2)).toBeNull();
    // The first phone is done (at 3) before the second is warm (at 9).
    expect(sustainedWindow([phone([1, 2, 3]), phone([7, 9, 11])], 2)).toBeNull();
  });
});
