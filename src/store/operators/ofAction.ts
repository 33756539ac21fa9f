import { isAnyOf, type Action } from '@reduxjs/toolkit';
import {
  filter,
  Observable,
  type OperatorFunction,
  type Subscriber,
  type Subscription,
} from 'rxjs';

/** An action creator as RTK makes them: its action type and the guard for its actions. */
export interface ActionCreatorLike<A extends Action = Action> {
  readonly type: string;
  match(action: unknown): action is A;
}

/** The action type that any of `C`'s creators makes. */
type ActionOf<C extends readonly ActionCreatorLike[]> =
  C[number] extends ActionCreatorLike<infer A> ? A : never;

/**
 * The store's action stream, routed by action type (docs/monitor.md "Cost per frame"): an epic that
 * starts with {@link ofAction} is delivered only the actions of the types it names, through one
 * lookup per dispatched action, instead of running its own `filter` on every action. With ~110 epics,
 * every dispatch ran ~110 filters (a quarter of a monitor frame's dispatch); routed, an action reaches
 * only the epics that want it. As an Observable it is the whole stream, unchanged, for epics that
 * read every action.
 *
 * One subscription to the source serves all routed subscribers; it is made with the first and ended
 * with the last. Within a type, subscribers get an action in the order they subscribed; an action is
 * delivered to a snapshot of the subscribers, so one that leaves or joins during a delivery takes
 * effect from the next action. The source's completion or error reaches every routed subscriber.
 */
export class ActionsByType extends Observable<Action> {
  /** Subscribers by action type, each list replaced (never changed in place) on a change. */
  private readonly routes = new Map<string, readonly Subscriber<Action>[]>();
  private routed = 0;
  private routing: Subscription | null = null;

  /** @param source the action stream (shared: it is subscribed once for the routes, and per plain subscriber). */
  constructor(private readonly actions: Observable<Action>) {
    super((subscriber) => actions.subscribe(subscriber));
  }

  /** The actions of `types` only, in the source's order (each action once, whatever its type). */
  ofTypes(types: readonly string[]): Observable<Action> {
    const unique = [...new Set(types)];
    return new Observable<Action>((subscriber) => {
      for (const type of unique)
        this.routes.set(type, [...(this.routes.get(type) ?? []), subscriber]);
      this.routed += 1;
      if (this.routing === null) this.routing = this.route();
      return () => {
        for (const type of unique) {
          const rest = (this.routes.get(type) ?? []).filter((s) => s !== subscriber);
          if (rest.length === 0) this.routes.delete(type);
          else this.routes.set(type, rest);
        }
        this.routed -= 1;
        if (this.routed === 0) {
          const routing = this.routing;
          this.routing = null;
          routing?.unsubscribe();
        }
      };
    });
  }

  private route(): Subscription {
    const everyone = () => new Set([...this.routes.values()].flat());
    return this.actions.subscribe({
      next: (action) => {
        const subscribers = this.routes.get(action.type);
        if (subscribers === undefined) return;
        for (const subscriber of subscribers) subscriber.next(action);
      },
      error: (error: unknown) => {
        for (const subscriber of everyone()) subscriber.error(error);
      },
      complete: () => {
        for (const subscriber of everyone()) subscriber.complete();
      },
    });
  }
}

/**
 * The actions of `creators` (RTK action creators, or anything with a `type` and a `match`), as
 * `filter(isAnyOf(...creators))` passes them, typed as their union. First in an epic's
 * `action$.pipe(…)`, on the store's routed stream ({@link ActionsByType}, made by
 * src/store/rootEpic.ts), it subscribes by type and the epic runs no predicate per dispatched action;
 * on any other stream (a test's Subject, later in a pipe) it filters.
 */
export function ofAction<const C extends readonly [ActionCreatorLike, ...ActionCreatorLike[]]>(
  ...creators: C
): OperatorFunction<Action, ActionOf<C>> {
  const types = creators.map((creator) => creator.type);
  const matches = isAnyOf(...creators) as (action: unknown) => action is ActionOf<C>;
  return (action$) =>
    action$ instanceof ActionsByType
      ? (action$.ofTypes(types) as Observable<ActionOf<C>>)
      : action$.pipe(filter(matches));
}
