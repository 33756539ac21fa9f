/**
 * PostgreSQL array literals of numbers, for set-based statements that `unnest` one array parameter
 * per column (`${numberArray(times)}::bigint[]`).
 *
 * `pg` serializes a JS array parameter element by element: each number is turned into a string,
 * escaped with two regular expressions and quoted, and the literal grows by concatenation. In the
 * ingest's statements (a dozen columns of a hundred fixes per group) that was about a tenth of the
 * server's allocations and 3 % of its main thread (docs/decisions.md "Ingest throughput"). Numbers
 * need no quoting or escaping in an array literal, so the literal is one native `join`.
 */

/**
 * The array literal of `values` (`{1,2.5,NULL}`; `null` and `undefined` are SQL NULL), for a
 * parameter cast to `float8[]`, `bigint[]` or another numeric array type. A value bound for a
 * `bigint[]` must be an integer below 10²¹ (JavaScript writes larger ones with an exponent, which
 * `bigint` does not read; ids and epoch milliseconds are far below).
 *
 * @throws RangeError for NaN or ±Infinity, which no numeric column of ours holds (PostgreSQL's
 *   float8 would take them silently).
 */
export function numberArray(values: readonly (number | null | undefined)[]): string {
  const elements = new Array<string>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (value === null || value === undefined) {
      elements[index] = 'NULL';
    } else if (Number.isFinite(value)) {
      elements[index] = String(value);
    } else {
      throw new RangeError(`numberArray: ${String(value)} at ${index} is not a finite number`);
    }
  }
  return `{${elements.join(',')}}`;
}
