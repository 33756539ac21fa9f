import { describe, expect, it } from 'vitest';
import { pointBounds, unionBounds } from '../../../../src/ui/map/lonLatBounds';

describe('lonLatBounds', () => {
  it('a point is a box of no size', () => {
    expect(pointBounds(5.73, 58.97)).toEqual([5.73, 58.97, 5.73, 58.97]);
  });

  it.each([
    ['no box known', [null, null], null],
    ['one box', [[5, 58, 6, 59]], [5, 58, 6, 59]],
    [
      'a track and two points outside it',
      [[6.0, 58.9, 6.2, 59.1], pointBounds(5.73, 58.97), pointBounds(6.3, 59.2), null],
      [5.73, 58.9, 6.3, 59.2],
    ],
  ] as const)('%s', (_name, boxes, expected) => {
    expect(unionBounds(boxes)).toEqual(expected);
  });
});
