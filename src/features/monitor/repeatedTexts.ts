import type { TFunction } from 'i18next';

/**
 * Texts the monitor's cards repeat many times a second ("Live.", "3 seconds ago", unit labels),
 * translated once per language (`t` changes with it): 100 cards ask for them on every frame, and a
 * translation costs more than a lookup (docs/monitor.md "Cost per frame").
 */
const cache = new WeakMap<TFunction, Map<string, string>>();

/** `t(key)`, or `t(key, { count })`, remembered for this `t`. */
export function repeatedText(t: TFunction, key: string, count?: number): string {
  let texts = cache.get(t);
  if (!texts) {
    texts = new Map();
    cache.set(t, texts);
  }
  const id = count === undefined ? key : `${key}:${count}`;
  let text = texts.get(id);
  if (text === undefined) {
    text = count === undefined ? t(key) : t(key, { count });
    texts.set(id, text);
  }
  return text;
}
