import { EMPTY, fromEvent, merge, type Observable } from 'rxjs';

/** DOM events that count as the user being active (spec application-behaviour §9 inactivity logout). */
export const USER_ACTIVITY_EVENTS = [
  'pointerdown',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const;

/**
 * Emits the event on every user interaction with `target` (default: the page's document); nothing in
 * Node. Consumers debounce it; it is not throttled here.
 */
export function userActivity$(
  target: EventTarget | null = typeof document === 'undefined' ? null : document,
): Observable<Event> {
  if (!target) return EMPTY;
  return merge(
    ...USER_ACTIVITY_EVENTS.map((name) =>
      fromEvent<Event>(target, name, { passive: true, capture: true }),
    ),
  );
}
