/**
 * When the page first showed fix `seq` or a later one, from when it first showed each fix (page
 * Date.now(), ms): a fix the page skipped for a newer one reached the guardian when that newer one
 * did. Undefined when the page showed neither.
 */
export function shownSinceFix(
  shownAt: ReadonlyMap<number, number>,
): (seq: number) => number | undefined {
  const shown = [...shownAt.entries()].sort((a, b) => a[0] - b[0]);
  return (seq) => {
    let first: number | undefined;
    for (const [shownSeq, at] of shown) {
      if (shownSeq >= seq && (first === undefined || at < first)) first = at;
    }
    return first;
  };
}
