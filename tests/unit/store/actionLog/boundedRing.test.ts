import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedRing } from '../../../../src/store/actionLog/boundedRing';

/**
 * The reference model: after pushes of (item, weight), the ring holds the longest suffix within
 * both bounds, and at least the newest item.
 */
function expectedSuffix(pushes: readonly [number, number][], capacity: number, maxWeight: number) {
  let length = 0;
  let weight = 0;
  for (let i = pushes.length - 1; i >= 0; i -= 1) {
    const w = pushes[i]?.[1] ?? 0;
    if (length > 0 && (length === capacity || weight + w > maxWeight)) break;
    length += 1;
    weight += w;
  }
  return pushes.slice(pushes.length - length);
}

describe('BoundedRing (issue 6 item 4 bounded ring)', () => {
  it('keeps the newest `capacity` items, oldest first, counting the dropped ones', () => {
    const ring = new BoundedRing<number>(3);
    for (let i = 1; i <= 7; i += 1) ring.push(i);
    expect(ring.items()).toEqual([5, 6, 7]);
    expect(ring.size).toBe(3);
    expect(ring.dropped).toBe(4);
  });

  it('drops the oldest items past the weight bound, but always keeps the newest', () => {
    const ring = new BoundedRing<string>(10, 10);
    ring.push('a', 4);
    ring.push('b', 4);
    ring.push('c', 4);
    expect(ring.items()).toEqual(['b', 'c']);
    ring.push('huge', 50);
    expect(ring.items()).toEqual(['huge']);
    expect(ring.weight).toBe(50);
    ring.push('d', 1);
    expect(ring.items()).toEqual(['d']);
    expect(ring.dropped).toBe(4);
  });

  it('refuses bounds that cannot hold an item', () => {
    expect(() => new BoundedRing(0)).toThrow(RangeError);
    expect(() => new BoundedRing(1.5)).toThrow(RangeError);
    expect(() => new BoundedRing(5, 0)).toThrow(RangeError);
  });

  it('matches the model for any pushes and bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 15 }), { maxLength: 80 }),
        (capacity, maxWeight, weights) => {
          const ring = new BoundedRing<number>(capacity, maxWeight);
          const pushes: [number, number][] = weights.map((w, i) => [i, w]);
          for (const [item, w] of pushes) ring.push(item, w);
          const kept = expectedSuffix(pushes, capacity, maxWeight);
          expect(ring.items()).toEqual(kept.map(([item]) => item));
          expect(ring.dropped).toBe(pushes.length - kept.length);
          expect(ring.weight).toBe(kept.reduce((sum, [, w]) => sum + w, 0));
          expect(ring.size).toBeLessThanOrEqual(capacity);
        },
      ),
    );
  });
});
