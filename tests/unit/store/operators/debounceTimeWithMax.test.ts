import { debounceTime, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { debounceTimeWithMax } from '../../../../src/store/operators/debounceTimeWithMax';

// Marble tests in virtual time: one character of a marble diagram is 1 ms, and `debounceTimeWithMax`
// uses the default asyncScheduler, which `TestScheduler.run` drives.
function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
}

describe('debounceTimeWithMax', () => {
  it('emits a single value once the quiet period has passed', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a 9ms |');
      expectObservable(source.pipe(debounceTimeWithMax(3, 7))).toBe('----a 6ms |');
      expectSubscriptions(source.subscriptions).toBe('^ 10ms !');
    });
  });

  it('emits only the last value of a burst shorter than the maximum wait', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // b and c arrive within 3 ms of the previous value; the burst lasts 4 ms < 10 ms.
      const source = cold('-a-b-c 10ms |');
      expectObservable(source.pipe(debounceTimeWithMax(3, 10))).toBe('--------c 7ms |');
    });
  });

  it('emits at the maximum wait and again under a continuous burst longer than it', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // A value every 2 ms from 0 to 20 ms never leaves the 3 ms quiet period.
      const source = cold('a-b-c-d-e-f-g-h-i-j-k 10ms |');
      // Burst a..d (0 ms) emits d at 7 ms, burst e..h (8 ms) emits h at 15 ms, burst i..k (16 ms)
      // emits k at 23 ms, when both its quiet period and its maximum wait end.
      expectObservable(source.pipe(debounceTimeWithMax(3, 7))).toBe(
        '-------d-------h-------k 7ms |',
      );
    });
  });

  it('stays silent where plain debounceTime would, for contrast', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('a-b-c-d-e-f-g-h-i-j-k 10ms |');
      expectObservable(source.pipe(debounceTime(3))).toBe('-----------------------k 7ms |');
    });
  });

  it('includes a value that arrives exactly when the maximum wait ends', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // The burst starts at 0 ms; its maximum wait ends at 6 ms, when d arrives.
      const source = cold('a-b-c-d 9ms |');
      expectObservable(source.pipe(debounceTimeWithMax(3, 6))).toBe('------d 9ms |');
    });
  });

  it('starts the next burst with the first value after an emission', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // a..b emit b at 5 ms; c (10 ms) starts a burst whose maximum wait emits e at 15 ms; f (16 ms)
      // then starts the next burst and is emitted after its quiet period, at 19 ms.
      const source = cold('a-b 7ms c-d-e-f 9ms |');
      expectObservable(source.pipe(debounceTimeWithMax(3, 5))).toBe('-----b 9ms e---f 6ms |');
    });
  });

  it('flushes the pending value when the source completes', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b|');
      expectObservable(source.pipe(debounceTimeWithMax(3, 7))).toBe('----(b|)');
    });
  });

  it('completes without a value when nothing is pending', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a 5ms |');
      expectObservable(source.pipe(debounceTimeWithMax(3, 7))).toBe('----a--|');
    });
  });

  it('passes an error through at once and drops the pending value', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b#', undefined, new Error('boom'));
      expectObservable(source.pipe(debounceTimeWithMax(3, 7))).toBe(
        '----#',
        undefined,
        new Error('boom'),
      );
    });
  });

  it('stops its timers when unsubscribed', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-b-c');
      expectObservable(source.pipe(debounceTimeWithMax(3, 7)), '^---!').toBe('');
      expectSubscriptions(source.subscriptions).toBe('^---!');
      // Stop the virtual clock at 5 ms: a timer still scheduled (b's quiet period would end at 6 ms,
      // a's maximum wait at 8 ms) stays in the queue, where the assertion below finds it.
      scheduler.maxFrames = 5;
    });
    expect(scheduler.actions).toEqual([]);
  });

  it('emits undefined like any other value', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-u 9ms |', { u: undefined });
      expectObservable(source.pipe(debounceTimeWithMax(3, 7))).toBe('----u 6ms |', {
        u: undefined,
      });
    });
  });

  it('takes its timers from the scheduler it is given', () => {
    const scheduler = testScheduler();
    const values: string[] = [];
    const source = new Subject<string>();
    source.pipe(debounceTimeWithMax(3, 7, scheduler)).subscribe((value) => values.push(value));
    source.next('a');
    scheduler.flush();
    expect(values).toEqual(['a']);
    expect(scheduler.frame).toBe(3);
  });

  it.each([
    [-1, 5],
    [5, 4],
    [Number.NaN, 5],
    [1, Number.POSITIVE_INFINITY],
  ])('rejects dueMs=%s, maxWaitMs=%s', (dueMs, maxWaitMs) => {
    expect(() => debounceTimeWithMax(dueMs, maxWaitMs)).toThrow(RangeError);
  });
});
