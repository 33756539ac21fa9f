import { vi } from 'vitest';

/** The callbacks of the elements the fake observers watch. */
const observed = new Map<Element, IntersectionObserverCallback>();

/**
 * The browser's IntersectionObserver as components see it: it reports nothing until a test says an
 * element left or entered the view ({@link reportInView}).
 */
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.set(element, this.callback);
  }
  unobserve(element: Element) {
    observed.delete(element);
  }
  disconnect() {
    observed.clear();
  }
}

/** Puts {@link FakeIntersectionObserver} in place of the global IntersectionObserver. */
export function stubIntersectionObserver(): void {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
}

/**
 * Tells the observer of `element` that it left (false) or entered (true) the view; wrap it in
 * React's `act`. Throws when nothing observes `element`.
 */
export function reportInView(element: Element, isIntersecting: boolean): void {
  const callback = observed.get(element);
  if (!callback) throw new Error('The element is not observed');
  callback(
    [{ target: element, isIntersecting } as unknown as IntersectionObserverEntry],
    {} as IntersectionObserver,
  );
}
