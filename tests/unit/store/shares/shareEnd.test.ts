import type { Action } from '@reduxjs/toolkit';
import { Observable, Subject, takeUntil } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { shareEnd$ } from '../../../../src/store/shares/shareEnd';
import {
  sharedViewClosed,
  sharedViewNotFound,
  sharedViewRequested,
} from '../../../../src/store/shares/sharedViewsSlice';

/** An action stream that counts its subscribers. */
function countedActions() {
  const actions = new Subject<Action>();
  let subscriptions = 0;
  const action$ = new Observable<Action>((subscriber) => {
    subscriptions += 1;
    return actions.subscribe(subscriber);
  });
  return { actions, action$, subscriptions: () => subscriptions };
}

describe('shareEnd$ (the end of following one share, for takeUntil)', () => {
  it('ends each share on its own close or not-found, and on nothing else', () => {
    const { actions, action$ } = countedActions();
    const ended: string[] = [];
    for (const token of ['a', 'b', 'c']) {
      shareEnd$(action$, token).subscribe(() => ended.push(token));
    }
    actions.next(sharedViewRequested({ ShareToken: 'a' }));
    expect(ended).toEqual([]);
    actions.next(sharedViewClosed({ ShareToken: 'b' }));
    actions.next(sharedViewNotFound({ ShareToken: 'a' }));
    expect(ended).toEqual(['b', 'a']);
  });

  it('listens to the action stream once however many shares it follows', () => {
    const { actions, action$, subscriptions } = countedActions();
    const source = new Subject<number>();
    const received: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      source.pipe(takeUntil(shareEnd$(action$, `token-${String(i)}`))).subscribe((n) => {
        received.push(n);
      });
    }
    expect(subscriptions()).toBe(1);
    source.next(1);
    actions.next(sharedViewClosed({ ShareToken: 'token-7' }));
    source.next(2);
    expect(received.filter((n) => n === 1)).toHaveLength(100);
    expect(received.filter((n) => n === 2)).toHaveLength(99);
  });

  it('lets go of the action stream when no share is followed, and listens again for the next', () => {
    const { actions, action$, subscriptions } = countedActions();
    const first = shareEnd$(action$, 'a').subscribe();
    first.unsubscribe();
    const ended: string[] = [];
    shareEnd$(action$, 'b').subscribe(() => ended.push('b'));
    expect(subscriptions()).toBe(2);
    actions.next(sharedViewClosed({ ShareToken: 'b' }));
    expect(ended).toEqual(['b']);
  });
});
