import type { Action } from '@reduxjs/toolkit';
import { StateObservable } from 'redux-observable';
import { NEVER, Subject, filter, map, take, throwError, timer, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { NoCompassError } from '../../../../src/streams/compass';
import {
  GeolocationError,
  type GeoFix,
  type GeoReading,
} from '../../../../src/streams/geolocation';
import {
  locationErrorKey,
  searchlightEpic,
  type SearchlightDependencies,
} from '../../../../src/store/searchlight/searchlightEpics';
import {
  searchlightCompassFailed,
  searchlightHeadingReceived,
  searchlightLocationFailed,
  searchlightPositionReceived,
  searchlightSlice,
  type SearchlightRootState,
} from '../../../../src/store/searchlight/searchlightSlice';

const scheduler = () =>
  new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });

/** Root state with the searchlight enabled, requested (on) or not, pointing at Bergen. */
function searchlightState(
  on: boolean,
  target = { lat: 60.39299, lon: 5.32415 },
): SearchlightRootState {
  return {
    searchlight: { ...searchlightSlice.getInitialState(), enabled: true, requested: on, target },
  };
}

/** A state observable starting at `initial`, then following `changes$`. */
const stateOf = (
  initial: SearchlightRootState,
  changes$: Observable<SearchlightRootState> = new Subject(),
) => new StateObservable<SearchlightRootState>(changes$, initial);

const fix = (lat: number, lon: number, timeMs: number, accuracyM = 5): GeoFix => ({
  lat,
  lon,
  accuracyM,
  timeMs,
});

/**
 * The epic's actions without the heading ones: with the default silent compass (`NEVER`) the
 * searchlight warns of no compass at 3 s, which tests of positions leave out.
 */
const withoutHeadings = () =>
  filter(
    (action: Action) =>
      !searchlightCompassFailed.match(action) && !searchlightHeadingReceived.match(action),
  );

const position = (lat: number, lon: number, time: number, accuracy = 5) =>
  searchlightPositionReceived({ lat, lon, accuracy, time });

const compass = (degrees: number, time: number) =>
  searchlightHeadingReceived({ degrees, source: 'compass', time });

function deps(
  ts: TestScheduler,
  overrides: Partial<SearchlightDependencies> = {},
): SearchlightDependencies {
  return {
    watchPosition: () => NEVER,
    compassHeading: () => NEVER,
    now: () => ts.now(),
    ...overrides,
  };
}

describe('searchlight positions (spec §9: throttled to 8 s, rounded to 5 decimals)', () => {
  it('passes the first position at once and then at most one every 8 s, the latest of each period', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const fixes = cold<GeoFix>('a 999ms b 1999ms c 6999ms d', {
        a: fix(59.9127349, 10.7460951, 1),
        b: fix(59.91274, 10.74611, 2),
        c: fix(59.91275, 10.74612, 3),
        d: fix(59.91276, 10.74613, 4),
      });
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { watchPosition: () => fixes }),
      ).pipe(withoutHeadings());
      // a at 0 (leading); b and c fall in the first 8 s, c (the latest) leaves at 8 s and starts
      // the next period; d (10 s) leaves at its end, 16 s.
      expectObservable(output).toBe('a 7999ms c 7999ms d', {
        a: position(59.91273, 10.7461, 1),
        c: position(59.91275, 10.74612, 3),
        d: position(59.91276, 10.74613, 4),
      });
    });
  });

  it('reports an accuracy over 1,000,000 m as Errors.SearchlightHaccOverMax', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const fixes = cold<GeoFix>('a 8s b 8s c', {
        a: fix(59.9, 10.7, 1, 1_000_001),
        b: fix(59.9, 10.7, 2, 1_000_000),
        c: fix(59.9, 10.7, 3, Number.NaN),
      });
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { watchPosition: () => fixes }),
      ).pipe(withoutHeadings());
      expectObservable(output).toBe('a 8s b 8s c', {
        a: searchlightLocationFailed('Errors.SearchlightHaccOverMax'),
        b: position(59.9, 10.7, 2, 1_000_000),
        c: searchlightLocationFailed('Errors.SearchlightHaccOverMax'),
      });
    });
  });
});

describe('searchlight location errors (spec §4 codes, §8 translated keys)', () => {
  it.each([
    ['PERMISSION_DENIED', 'Errors.SearchlightPermissionDenied'],
    ['POSITION_UNAVAILABLE', 'Errors.SearchlightNoLocation'],
    ['TIMEOUT', 'Errors.SearchlightTimeout'],
  ] as const)('maps %s to %s', (code, key) => {
    expect(locationErrorKey(new GeolocationError(code, 'x'))).toBe(key);
  });

  it('maps any other failure to Errors.SearchlightNoLocation', () => {
    expect(locationErrorKey(new Error('boom'))).toBe('Errors.SearchlightNoLocation');
  });

  it('stops watching after a denied permission', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable, expectSubscriptions }) => {
      const fixes = cold<GeoFix>(
        '5s #',
        undefined,
        new GeolocationError('PERMISSION_DENIED', 'no'),
      );
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { watchPosition: () => fixes }),
      ).pipe(withoutHeadings());
      expectObservable(output, '^ 200s !').toBe('5s e', {
        e: searchlightLocationFailed('Errors.SearchlightPermissionDenied'),
      });
      expectSubscriptions(fixes.subscriptions).toBe('^ 4999ms !');
    });
  });

  it.each([
    ['TIMEOUT', 'Errors.SearchlightTimeout'],
    ['POSITION_UNAVAILABLE', 'Errors.SearchlightNoLocation'],
  ] as const)(
    'reports a passing %s and keeps the watch: the next fix shows at once',
    (code, key) => {
      const ts = scheduler();
      ts.run(({ cold, expectObservable, expectSubscriptions }) => {
        // A fix, 30 s without one (the browser's timeout), then a fix 1 s later.
        const readings = cold<GeoReading>('a 29999ms e 999ms b', {
          a: fix(59.9, 10.7, 1),
          e: new GeolocationError(code, 'x'),
          b: fix(59.91, 10.7, 31_000),
        });
        const output = searchlightEpic(
          new Subject<Action>(),
          stateOf(searchlightState(true)),
          deps(ts, { watchPosition: () => readings }),
        ).pipe(withoutHeadings());
        // The failure opens an 8 s throttle period: the fix 1 s later shows at its end, with no
        // new watch (until 2026-12-07 the watch ended and began again 30 s later).
        expectObservable(output, '^ 100s !').toBe('a 29999ms e 7999ms b', {
          a: position(59.9, 10.7, 1),
          e: searchlightLocationFailed(key),
          b: position(59.91, 10.7, 31_000),
        });
        expectSubscriptions(readings.subscriptions).toBe('^ 100s !');
      });
    },
  );

  it('watches again 30 s after the watch itself failed (a browser without geolocation)', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable, expectSubscriptions }) => {
      const readings = cold<GeoReading>(
        '#',
        undefined,
        new GeolocationError('POSITION_UNAVAILABLE', 'This browser has no geolocation'),
      );
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { watchPosition: () => readings }),
      ).pipe(withoutHeadings());
      expectObservable(output, '^ 70s !').toBe('e 29999ms e 29999ms e', {
        e: searchlightLocationFailed('Errors.SearchlightNoLocation'),
      });
      expectSubscriptions(readings.subscriptions).toBe(['(^!)', '30s (^!)', '60s (^!)']);
    });
  });
});

describe('searchlight compass headings (spec §9: 1 s throttle, 0.2° rounding, changes over 10°)', () => {
  it('passes at most one heading a second, rounded to 0.2°, the latest of each second', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      // 100.13 at 0; 130 and 160 within the first second; 165 at 1.5 s; 175.13 at 2.5 s.
      const headings = cold<number>('a 399ms b 399ms c 699ms d 999ms e', {
        a: 100.13,
        b: 130,
        c: 160,
        d: 165,
        e: 175.13,
      });
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { compassHeading: () => headings }),
      );
      // 100.2 at once; 160 (the latest) at 1 s; 165 leaves the throttle at 2 s but is within 10°
      // of 160 and is not taken; 175.2 leaves at 3 s, 15.2° from 160.
      expectObservable(output).toBe('a 999ms c 1999ms e', {
        a: compass(100.2, 0),
        c: compass(160, 1_000),
        e: compass(175.2, 3_000),
      });
    });
  });

  it('takes a heading only when it differs by more than 10° from the last one taken', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      // One reading every 1.5 s: each passes the 1 s throttle on its own.
      const headings = cold<number>('a 1499ms b 1499ms c 1499ms d 1499ms e 1499ms f', {
        a: 355,
        b: 5, // 10° across north: not over 10
        c: 5.2, // 10.2°: taken
        d: 355.14, // rounds to 355.2, 10° back across north: not taken
        e: 354.83, // rounds to 354.8, 10.4° from 5.2: taken
        f: 344.8, // exactly 10° from 354.8: not taken
      });
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { compassHeading: () => headings }),
      );
      expectObservable(output).toBe('a 2999ms c 2999ms e', {
        a: compass(355, 0),
        c: compass(5.2, 3_000),
        e: compass(354.8, 6_000),
      });
    });
  });

  it('takes a steady heading again 9 s after the last one, so it never goes stale (10 s)', () => {
    const ts = scheduler();
    ts.run(({ expectObservable }) => {
      // A still device reporting 90° every 330 ms for 20 s.
      const headings = timer(0, 330).pipe(
        take(61),
        map(() => 90),
      );
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { compassHeading: () => headings }),
      );
      expectObservable(output).toBe('a 8999ms b 8999ms c', {
        a: compass(90, 0),
        b: compass(90, 9_000),
        c: compass(90, 18_000),
      });
    });
  });
});

describe('searchlight heading from movement (spec §4: without a compass)', () => {
  it('warns of no compass and takes headings between own positions at least 10 m apart', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      // 59.9 → 59.9001 is 11.1 m north; then 5.6 m further (no heading); then 11.2 m east of the
      // last position a heading was taken at.
      const fixes = cold<GeoFix>('a 8499ms b 8499ms c 8499ms d', {
        a: fix(59.9, 10.7, 1),
        b: fix(59.9001, 10.7, 2),
        c: fix(59.90015, 10.7, 3),
        d: fix(59.9001, 10.7002, 4),
      });
      // A compass that never speaks: the searchlight gives up waiting at 3 s.
      const noCompass = cold<number>('-');
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { watchPosition: () => fixes, compassHeading: () => noCompass }),
      );
      // The position at 0 (before the wait for the compass ended at 3 s) is where movement starts from.
      expectObservable(output).toBe('a 2999ms w 5499ms (bn) 8496ms c 8499ms (de)', {
        a: position(59.9, 10.7, 1),
        w: searchlightCompassFailed(),
        b: position(59.9001, 10.7, 2),
        n: searchlightHeadingReceived({ degrees: 0, source: 'movement', time: 8_500 }),
        c: position(59.90015, 10.7, 3),
        d: position(59.9001, 10.7002, 4),
        e: searchlightHeadingReceived({ degrees: 90, source: 'movement', time: 25_500 }),
      });
    });
  });

  it('keeps listening to a silent compass: its first heading, however late, ends the movement headings', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      // Walking north 11 m every 8.5 s; the compass (iOS: allowed in the prompt at 20 s) speaks
      // from 20 s on.
      const fixes = cold<GeoFix>('a 8499ms b 8499ms c 8499ms d', {
        a: fix(59.9, 10.7, 1),
        b: fix(59.9001, 10.7, 2),
        c: fix(59.9002, 10.7, 3),
        d: fix(59.9003, 10.7, 4),
      });
      // Orientation events are hot: listening again at 3 s does not restart them.
      const headings = hot<number>('20s a', { a: 200 });
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { watchPosition: () => fixes, compassHeading: () => headings }),
      );
      // Movement headings at 8.5 and 17 s; the compass's at 20 s; none from movement at 25.5 s.
      expectObservable(output, '^ 40s !').toBe(
        'a 2999ms w 5499ms (bn) 8496ms (cm) 2996ms h 5499ms d',
        {
          a: position(59.9, 10.7, 1),
          w: searchlightCompassFailed(),
          b: position(59.9001, 10.7, 2),
          n: searchlightHeadingReceived({ degrees: 0, source: 'movement', time: 8_500 }),
          c: position(59.9002, 10.7, 3),
          m: searchlightHeadingReceived({ degrees: 0, source: 'movement', time: 17_000 }),
          h: compass(200, 20_000),
          d: position(59.9003, 10.7, 4),
        },
      );
      // Listened to from the start: until the wait ended, then again at once, to the end.
      expectSubscriptions(headings.subscriptions).toBe(['^ 2999ms !', '3s ^ 37s !']);
    });
  });

  it('warns at once when the browser has no orientation API', () => {
    const ts = scheduler();
    ts.run(({ expectObservable }) => {
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(true)),
        deps(ts, { compassHeading: () => throwError(() => new NoCompassError()) }),
      );
      expectObservable(output).toBe('w', { w: searchlightCompassFailed() });
    });
  });
});

describe('searchlight on and off (spec §4)', () => {
  it('watches only while on; a new target does not restart the watch; off unsubscribes', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const fixes = cold<GeoFix>('-');
      // A compass reporting at once: the searchlight does not wait for it.
      const headings = cold<number>('a', { a: 90 });
      const changes = hot<SearchlightRootState>('10s n 9999ms t 9999ms f 9999ms n', {
        n: searchlightState(true),
        t: searchlightState(true, { lat: 61, lon: 6 }),
        f: searchlightState(false),
      });
      const output = searchlightEpic(
        new Subject<Action>(),
        stateOf(searchlightState(false), changes),
        deps(ts, { watchPosition: () => fixes, compassHeading: () => headings }),
      );
      expectObservable(output, '^ 59999ms !').toBe('10s a 29999ms b', {
        a: compass(90, 10_000),
        b: compass(90, 40_000),
      });
      const whileOn = ['10s ^ 19999ms !', '40s ^ 19999ms !'];
      expectSubscriptions(fixes.subscriptions).toBe(whileOn);
      expectSubscriptions(headings.subscriptions).toBe(whileOn);
    });
  });
});
