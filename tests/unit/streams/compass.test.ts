import fc from 'fast-check';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  NoCompassError,
  compass$,
  headingOf,
  requestCompassPermission,
  type CompassTarget,
  type OrientationEventLike,
} from '../../../src/streams/compass';

/** An orientation event as a browser would fire it (Node has no DeviceOrientationEvent). */
function orientation(
  type: 'deviceorientation' | 'deviceorientationabsolute',
  fields: Partial<Omit<OrientationEventLike, 'type'>>,
): Event {
  return Object.assign(new Event(type), { alpha: null, absolute: false, ...fields });
}

/** A window stand-in with the orientation API (`ondeviceorientation`) and real DOM events. */
function fakeWindow(extra: Record<string, unknown> = {}): CompassTarget {
  return Object.assign(new EventTarget(), { ondeviceorientation: null, ...extra });
}

function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
}

describe('headingOf', () => {
  it.each([
    ['absolute alpha 0 → north', orientation('deviceorientationabsolute', { alpha: 0 }), 0],
    [
      'absolute alpha 90 (turned left) → west',
      orientation('deviceorientationabsolute', { alpha: 90 }),
      270,
    ],
    ['absolute alpha 270 → east', orientation('deviceorientationabsolute', { alpha: 270 }), 90],
    [
      'deviceorientation flagged absolute',
      orientation('deviceorientation', { alpha: 315, absolute: true }),
      45,
    ],
    [
      'iOS webkitCompassHeading',
      orientation('deviceorientation', {
        alpha: 10,
        webkitCompassHeading: 123.4,
        webkitCompassAccuracy: 15,
      }),
      123.4,
    ],
    ['iOS heading of 360', orientation('deviceorientation', { webkitCompassHeading: 360 }), 0],
  ])('%s', (_name, event, heading) => {
    expect(headingOf(event as unknown as OrientationEventLike)).toBeCloseTo(heading, 9);
  });

  it.each([
    ['a relative orientation', orientation('deviceorientation', { alpha: 42, absolute: false })],
    ['no alpha', orientation('deviceorientationabsolute', { alpha: null })],
    [
      'an unreliable iOS heading',
      orientation('deviceorientation', { webkitCompassHeading: 12, webkitCompassAccuracy: -1 }),
    ],
  ])('gives no heading for %s', (_name, event) => {
    expect(headingOf(event as unknown as OrientationEventLike)).toBeNull();
  });

  it('always lands in [0, 360), clockwise from north', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (alpha) => {
        const heading = headingOf(
          orientation('deviceorientationabsolute', { alpha }) as unknown as OrientationEventLike,
        );
        expect(heading).toBeGreaterThanOrEqual(0);
        expect(heading).toBeLessThan(360);
        // Turning the device counter-clockwise by alpha turns its heading clockwise by -alpha.
        const turned = ((((heading ?? Number.NaN) + alpha) % 360) + 360) % 360;
        expect(Math.min(turned, 360 - turned)).toBeCloseTo(0, 6);
      }),
    );
  });
});

describe('compass$ (issue 6 item 1; spec §4 Searchlight, §8 SearchlightNoCompass)', () => {
  it('emits headings from both event kinds, skipping relative ones, and stops listening on unsubscribe', () => {
    const win = fakeWindow();
    const headings: number[] = [];
    const subscription = compass$(win).subscribe((heading) => headings.push(heading));
    win.dispatchEvent(orientation('deviceorientationabsolute', { alpha: 90 }));
    win.dispatchEvent(orientation('deviceorientation', { alpha: 90, absolute: false }));
    win.dispatchEvent(orientation('deviceorientation', { webkitCompassHeading: 12.5 }));
    subscription.unsubscribe();
    win.dispatchEvent(orientation('deviceorientationabsolute', { alpha: 0 }));
    expect(headings).toEqual([270, 12.5]);
  });

  it('stays open while no absolute heading comes, and emits the first one however late', () => {
    testScheduler().run(({ expectObservable, cold }) => {
      const win = fakeWindow();
      // Relative events only for a minute (a compass not allowed yet on iOS, or calibrating), then
      // an absolute one: the stream neither fails nor ends meanwhile.
      cold('1s a 58999ms b').subscribe((kind) => {
        win.dispatchEvent(
          kind === 'a'
            ? orientation('deviceorientation', { alpha: 5, absolute: false })
            : orientation('deviceorientationabsolute', { alpha: 5 }),
        );
      });
      expectObservable(compass$(win), '^ 90s !').toBe('60s a', { a: 355 });
    });
  });

  it('skips iOS headings flagged unreliable until the compass is calibrated', () => {
    const win = fakeWindow();
    const headings: number[] = [];
    const subscription = compass$(win).subscribe((heading) => headings.push(heading));
    win.dispatchEvent(
      orientation('deviceorientation', { webkitCompassHeading: 40, webkitCompassAccuracy: -1 }),
    );
    win.dispatchEvent(
      orientation('deviceorientation', { webkitCompassHeading: 42, webkitCompassAccuracy: 15 }),
    );
    subscription.unsubscribe();
    expect(headings).toEqual([42]);
  });

  it.each([
    ['no window (Node)', null],
    ['a window without the orientation API', new EventTarget() as CompassTarget],
  ])('fails with NoCompass at once for %s', (_name, target) => {
    let failure: unknown = null;
    compass$(target).subscribe({ error: (e: unknown) => (failure = e) });
    expect(failure).toBeInstanceOf(NoCompassError);
  });
});

describe('requestCompassPermission (spec §8: on iOS "has to be allowed!")', () => {
  it.each([
    ['granted', () => Promise.resolve('granted'), 'granted'],
    ['denied', () => Promise.resolve('denied'), 'denied'],
    [
      'a request outside a user gesture',
      () => Promise.reject(new Error('NotAllowedError')),
      'denied',
    ],
  ] as const)('iOS answers %s', async (_name, requestPermission, expected) => {
    const win = fakeWindow({
      DeviceOrientationEvent: Object.assign(() => undefined, { requestPermission }),
    });
    expect(await requestCompassPermission(win)).toBe(expected);
  });

  it('needs no permission where the browser asks for none', async () => {
    const win = fakeWindow({ DeviceOrientationEvent: () => undefined });
    expect(await requestCompassPermission(win)).toBe('not-required');
  });

  it('is unsupported without the orientation API', async () => {
    expect(await requestCompassPermission(new EventTarget() as CompassTarget)).toBe('unsupported');
    expect(await requestCompassPermission(null)).toBe('unsupported');
  });
});
