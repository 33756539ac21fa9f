import { Subscription } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  online$,
  visibility$,
  type OnlineTarget,
  type VisibilityTarget,
} from '../../../src/streams/online';

/** A window stand-in: real DOM events, and a `navigator.onLine` the test flips. */
function fakeWindow(onLine: boolean): OnlineTarget & { navigator: { onLine: boolean } } {
  return Object.assign(new EventTarget(), { navigator: { onLine } });
}

/** A document stand-in whose `visibilityState` the test sets before firing `visibilitychange`. */
function fakeDocument(
  state: DocumentVisibilityState,
): VisibilityTarget & { visibilityState: DocumentVisibilityState } {
  return Object.assign(new EventTarget(), { visibilityState: state });
}

function record<T>(source: { subscribe(next: (value: T) => void): Subscription }) {
  const values: T[] = [];
  const subscription = source.subscribe((value) => values.push(value));
  return { values, subscription };
}

describe('online$ (issue 6 item 1; spec §8 network down)', () => {
  it('emits navigator.onLine first, then each change, without repeats', () => {
    const win = fakeWindow(false);
    const { values, subscription } = record(online$(win));
    win.dispatchEvent(new Event('online'));
    win.dispatchEvent(new Event('online'));
    win.dispatchEvent(new Event('offline'));
    expect(values).toEqual([false, true, false]);
    subscription.unsubscribe();
  });

  it('reads the current value when subscribed, not when created', () => {
    const win = fakeWindow(true);
    const source = online$(win);
    win.navigator.onLine = false;
    const { values, subscription } = record(source);
    expect(values).toEqual([false]);
    subscription.unsubscribe();
  });

  it('stops listening when unsubscribed', () => {
    const win = fakeWindow(true);
    const { values, subscription } = record(online$(win));
    subscription.unsubscribe();
    win.dispatchEvent(new Event('offline'));
    expect(values).toEqual([true]);
  });

  it('is online once, and completes, without a window', () => {
    let completed = false;
    const values: boolean[] = [];
    online$(null).subscribe({ next: (v) => values.push(v), complete: () => (completed = true) });
    expect(values).toEqual([true]);
    expect(completed).toBe(true);
  });
});

describe('visibility$ (issue 6 item 1)', () => {
  it('emits whether the page is visible first, then on each visibilitychange, without repeats', () => {
    const doc = fakeDocument('visible');
    const { values, subscription } = record(visibility$(doc));
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(values).toEqual([true, false, true]);
    subscription.unsubscribe();
  });

  it('starts hidden for a page opened in a background tab', () => {
    const { values, subscription } = record(visibility$(fakeDocument('hidden')));
    expect(values).toEqual([false]);
    subscription.unsubscribe();
  });

  it('stops listening when unsubscribed', () => {
    const doc = fakeDocument('visible');
    const { values, subscription } = record(visibility$(doc));
    subscription.unsubscribe();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(values).toEqual([true]);
  });
});
