import { useCallback, useEffect, useState } from 'react';

/** What one shared observer tells each element it watches. */
type Listener = (inView: boolean) => void;

interface SharedObserver {
  readonly observer: IntersectionObserver;
  readonly listeners: Map<Element, Listener>;
}

/*
 * One IntersectionObserver per root margin for every mounted useInView: a monitor of 200 cards has
 * one observer, not 200. Module state, like the observers themselves.
 */
const observers = new Map<number, SharedObserver>();

function sharedObserver(marginPx: number): SharedObserver {
  const known = observers.get(marginPx);
  if (known) return known;
  const listeners = new Map<Element, Listener>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: `${String(marginPx)}px` },
  );
  const created = { observer, listeners };
  observers.set(marginPx, created);
  return created;
}

function watch(element: Element, marginPx: number, listener: Listener): () => void {
  const shared = sharedObserver(marginPx);
  shared.listeners.set(element, listener);
  shared.observer.observe(element);
  return () => {
    shared.observer.unobserve(element);
    shared.listeners.delete(element);
  };
}

/**
 * Whether the element given to the returned ref is within `marginPx` (CSS px, default 300) of the
 * viewport, kept current as the page scrolls and the layout moves. True until the first observation
 * and wherever `IntersectionObserver` does not exist (jsdom, old browsers): an unknown element
 * counts as in view. Used by the operator monitor so a card out of sight does not render every fix
 * (docs/monitor.md "Cost per frame"), and by MapView so a map scrolled away draws no frames
 * (docs/share-viewing.md "Map"); the margin lets either catch up before it scrolls into view.
 */
export function useInView(marginPx = 300): readonly [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [inView, setInView] = useState(true);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    return watch(element, marginPx, setInView);
  }, [element, marginPx]);
  const ref = useCallback((next: Element | null) => {
    setElement(next);
  }, []);
  return [ref, inView] as const;
}
