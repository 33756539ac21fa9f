import type { TFunction } from 'i18next';

/**
 * Texts the monitor's cards repeat many times a second ("Live:", "3 seconds ago", unit labels),
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

/** Marks a value's place in a pattern: a private-use character, which no translation holds. */
const MARK = '\uE000';
const patterns = new WeakMap<TFunction, Map<string, string>>();

/**
 * `t(key, values)` for texts repeated with new values on every fix ("Last position 59.1°, 5.9°"):
 * the translation is made once per language with markers in the values' places, and each call fills
 * them in, so a card's fix costs no i18next interpolation. Plain string values only: no `count`
 * (plurals), no formatting inside the translation.
 */
export function repeatedPattern(
  t: TFunction,
  key: string,
  values: Readonly<Record<string, string>>,
): string {
  let texts = patterns.get(t);
  if (!texts) {
    texts = new Map();
    patterns.set(t, texts);
  }
  const names = Object.keys(values);
  const id = `${key}${MARK}${names.join(',')}`;
  let pattern = texts.get(id);
  if (pattern === undefined) {
    pattern = t(key, Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])));
    texts.set(id, pattern);
  }
  return pattern.replace(/\uE000([^\uE000]*)\uE000/g, (_, name: string) => values[name] ?? '');
}
