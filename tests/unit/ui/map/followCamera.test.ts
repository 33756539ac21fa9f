import { describe, expect, it } from 'vitest';
import {
  FOLLOW_EASE_MS,
  FOLLOW_JUMP_MAX_PX,
  followTo,
  type FollowedCamera,
} from '../../../../src/ui/map/followCamera';

/**
 * A camera at Web Mercator zoom `zoom` (512 px tiles, as MapLibre) centred on `center`, recording the
 * moves it was asked for.
 */
function camera(center: [number, number], zoom: number) {
  const moves: { kind: 'jump' | 'ease'; center: [number, number]; duration?: number }[] = [];
  const worldPx = 512 * 2 ** zoom;
  const project = ([lon, lat]: [number, number]) => {
    const sin = Math.sin((lat * Math.PI) / 180);
    return {
      x: ((lon + 180) / 360) * worldPx,
      y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPx,
    };
  };
  const fake: FollowedCamera = {
    getCenter: () => ({ lng: center[0], lat: center[1] }),
    project,
    jumpTo: (options) => moves.push({ kind: 'jump', ...options }),
    easeTo: (options) => moves.push({ kind: 'ease', ...options }),
  };
  return { fake, moves };
}

describe('followTo (MapView follow mode)', () => {
  // Lysefjord at zoom 15: one px is about 2.4 m on the ground at 59° N.
  const fjord: [number, number] = [6.0532, 59.0176];

  it('re-centres in one frame when a 1 Hz report moved the wearer a few metres', () => {
    const { fake, moves } = camera(fjord, 15);
    // 1.4 m/s for one second, north: well under a px step of the jump limit.
    expect(followTo(fake, [fjord[0], fjord[1] + 1.4 / 111_200])).toBe('jump');
    expect(moves).toEqual([{ kind: 'jump', center: [fjord[0], fjord[1] + 1.4 / 111_200] }]);
  });

  it('eases when the position is farther than the jump limit on screen', () => {
    const { fake, moves } = camera(fjord, 15);
    // 500 m east at zoom 15 is far more than FOLLOW_JUMP_MAX_PX.
    const east: [number, number] = [
      fjord[0] + 500 / (111_200 * Math.cos((59 * Math.PI) / 180)),
      fjord[1],
    ];
    expect(followTo(fake, east)).toBe('ease');
    expect(moves).toEqual([{ kind: 'ease', center: east, duration: FOLLOW_EASE_MS }]);
  });

  it('puts the limit on screen px, not on metres: the same move jumps when zoomed out', () => {
    const east: [number, number] = [
      fjord[0] + 500 / (111_200 * Math.cos((59 * Math.PI) / 180)),
      fjord[1],
    ];
    expect(followTo(camera(fjord, 10).fake, east)).toBe('jump');
    // Just inside and just outside the limit, along x.
    const { fake } = camera(fjord, 15);
    const pxPerDegree = (512 * 2 ** 15) / 360;
    const at = (px: number): [number, number] => [fjord[0] + px / pxPerDegree, fjord[1]];
    expect(followTo(fake, at(FOLLOW_JUMP_MAX_PX - 0.5))).toBe('jump');
    expect(followTo(fake, at(FOLLOW_JUMP_MAX_PX + 0.5))).toBe('ease');
  });

  it('with a slack, stays while the wearer is within it and re-centres in one frame once beyond', () => {
    const { fake, moves } = camera(fjord, 15);
    const pxPerDegree = (512 * 2 ** 15) / 360;
    const at = (px: number): [number, number] => [fjord[0] + px / pxPerDegree, fjord[1]];
    // A slack of 80 px (a quarter of a phone's 320 px map): 2.5 px a report stays for 32 reports.
    expect(followTo(fake, at(2.5), 80)).toBe('stay');
    expect(followTo(fake, at(79.5), 80)).toBe('stay');
    expect(moves).toEqual([]);
    // Just past the slack: a jump, though farther than FOLLOW_JUMP_MAX_PX (twice the slack is).
    expect(followTo(fake, at(82), 80)).toBe('jump');
    expect(followTo(fake, at(159), 80)).toBe('jump');
    expect(followTo(fake, at(161), 80)).toBe('ease');
    expect(moves.map((m) => m.kind)).toEqual(['jump', 'jump', 'ease']);
  });
});
