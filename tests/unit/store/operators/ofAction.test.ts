import { createAction, type Action } from '@reduxjs/toolkit';
import { Observable, Subject, take } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ActionsByType, ofAction } from '../../../../src/store/operators/ofAction';

const ping = createAction<number>('test/ping');
const pong = createAction<string>('test/pong');
const other = createAction('test/other');

/** A source of actions that counts its live subscriptions. */
function source() {
  const subject = new Subject<Action>();
  let live = 0;
  const action$ = new Observable<Action>((subscriber) => {
    live += 1;
    const inner = subject.subscribe(subscriber);
    return () => {
      live -= 1;
      inner.unsubscribe();
    };
  });
  return { subject, action$, live: () => live };
}

/** An action creator that counts how often its guard is asked. */
function countedCreator() {
  const creator = createAction<number>('test/counted');
  let asked = 0;
  const counted = {
    type: creator.type,
    match(action: unknown): action is ReturnType<typeof creator> {
      asked += 1;
      return creator.match(action);
    },
  };
  return { creator, counted, asked: () => asked };
}

describe('ofAction (src/store/operators/ofAction.ts)', () => {
  for (const routed of [true, false]) {
    const name = routed ? 'on the routed stream' : 'on a plain stream (a filter)';
    it(`${name}: passes the named types' actions only, in order, each once`, () => {
      const { subject, action$ } = source();
      const actions = routed ? new ActionsByType(action$) : action$;
      const seen: Action[] = [];
      // `ping` twice: an action of a type named twice is still delivered once.
      actions.pipe(ofAction(ping, pong, ping)).subscribe((action) => seen.push(action));
      subject.next(ping(1));
      subject.next(other());
      subject.next(pong('a'));
      subject.next(ping(2));
      expect(seen).toEqual([ping(1), pong('a'), ping(2)]);
    });
  }

  it('routes by type: an epic is not asked about actions of other types', () => {
    const { subject, action$ } = source();
    const { creator, counted, asked } = countedCreator();
    const seen: number[] = [];
    new ActionsByType(action$)
      .pipe(ofAction(counted))
      .subscribe((action) => seen.push(action.payload));
    subject.next(other());
    subject.next(creator(7));
    subject.next(other());
    expect(seen).toEqual([7]);
    expect(asked()).toBe(0);
    // The same operator on a plain stream asks its guard about every action.
    const plain = source();
    plain.action$.pipe(ofAction(counted)).subscribe();
    plain.subject.next(other());
    plain.subject.next(creator(8));
    expect(asked()).toBe(2);
  });

  it('serves every routed subscriber through one subscription to the source, ended with the last', () => {
    const { subject, action$, live } = source();
    const actions = new ActionsByType(action$);
    const a = actions.pipe(ofAction(ping)).subscribe();
    const b = actions.pipe(ofAction(pong)).subscribe();
    const c = actions.pipe(ofAction(ping, pong)).subscribe();
    expect(live()).toBe(1);
    // A plain subscriber of the whole stream is a subscription of its own.
    const all: Action[] = [];
    const d = actions.subscribe((action) => all.push(action));
    expect(live()).toBe(2);
    subject.next(other());
    expect(all).toEqual([other()]);
    a.unsubscribe();
    b.unsubscribe();
    expect(live()).toBe(2);
    c.unsubscribe();
    d.unsubscribe();
    expect(live()).toBe(0);
    // Routing starts again with a new subscriber.
    const seen: Action[] = [];
    actions.pipe(ofAction(ping)).subscribe((action) => seen.push(action));
    subject.next(ping(3));
    expect(seen).toEqual([ping(3)]);
    expect(live()).toBe(1);
  });

  it('delivers to a snapshot: who leaves or joins during a delivery counts from the next action', () => {
    const { subject, action$ } = source();
    const actions = new ActionsByType(action$);
    const seen: string[] = [];
    actions
      .pipe(ofAction(ping), take(1))
      .subscribe((action) => seen.push(`first ${action.payload}`));
    let joined = false;
    actions.pipe(ofAction(ping)).subscribe((action) => {
      seen.push(`second ${action.payload}`);
      if (!joined) {
        joined = true;
        actions.pipe(ofAction(ping)).subscribe((later) => seen.push(`late ${later.payload}`));
      }
    });
    actions.pipe(ofAction(ping)).subscribe((action) => seen.push(`third ${action.payload}`));
    subject.next(ping(1));
    subject.next(ping(2));
    expect(seen).toEqual(['first 1', 'second 1', 'third 1', 'second 2', 'third 2', 'late 2']);
  });

  it("passes the source's completion and error to every routed subscriber", () => {
    const completed = source();
    const ends: string[] = [];
    const actions = new ActionsByType(completed.action$);
    actions.pipe(ofAction(ping)).subscribe({ complete: () => ends.push('ping done') });
    actions.pipe(ofAction(ping, pong)).subscribe({ complete: () => ends.push('both done') });
    completed.subject.complete();
    expect(ends).toEqual(['ping done', 'both done']);

    const failed = source();
    const errors: unknown[] = [];
    new ActionsByType(failed.action$)
      .pipe(ofAction(pong))
      .subscribe({ error: (error: unknown) => errors.push(error) });
    failed.subject.error(new Error('gone'));
    expect(errors).toEqual([new Error('gone')]);
  });
});
