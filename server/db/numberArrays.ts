/**
 * Arrays of numbers as parameters in PostgreSQL's binary array format, for set-based statements
 * that `unnest` one array parameter per column (`${float8Array(lats)}::float8[]`).
 *
 * `pg` writes a JS array parameter as a text literal: each number turned into its shortest decimal,
 * escaped with two regular expressions and quoted, the literal grown by concatenation, and then
 * PostgreSQL reads every decimal back. In the ingest's statements (a dozen columns of a hundred fixes
 * per group) that was about a tenth of the server's allocations and 3 % of its main thread
 * (docs/decisions.md "Ingest throughput"). `pg` sends a Buffer parameter as binary, and PostgreSQL's
 * `array_recv` takes the numbers' IEEE 754 and two's-complement bytes as they are: no decimal is
 * written or read, and a float8 arrives with the very bits it had (format: PostgreSQL's
 * src/backend/utils/adt/arrayfuncs.c `array_recv`/`array_send`; all integers big-endian).
 */

/** Type OIDs of the element types (PostgreSQL's pg_type.dat). */
const FLOAT8_OID = 701;
const INT8_OID = 20;

/** Bytes of one element: its int32 length and its 8 bytes. */
const ELEMENT_BYTES = 12;

/** 2³², to split an int8 into its two 32-bit halves. */
const TWO_POW_32 = 2 ** 32;

/**
 * A one-dimensional array of `values` (`null` and `undefined` are SQL NULL) in the binary format of
 * an array of `elementOid`, each value written by `write` at an offset of the buffer.
 */
function binaryArray(
  values: readonly (number | null | undefined)[],
  elementOid: number,
  write: (buffer: Buffer, value: number, offset: number) => void,
): Buffer {
  if (values.length === 0) {
    // No dimensions: PostgreSQL's empty array.
    const empty = Buffer.alloc(12);
    empty.writeInt32BE(elementOid, 8);
    return empty;
  }
  const buffer = Buffer.allocUnsafe(20 + ELEMENT_BYTES * values.length);
  let hasNull = 0;
  let offset = 20;
  for (const value of values) {
    if (value === null || value === undefined) {
      hasNull = 1;
      buffer.writeInt32BE(-1, offset);
      offset += 4;
    } else {
      buffer.writeInt32BE(8, offset);
      write(buffer, value, offset + 4);
      offset += ELEMENT_BYTES;
    }
  }
  buffer.writeInt32BE(1, 0); // dimensions
  buffer.writeInt32BE(hasNull, 4);
  buffer.writeInt32BE(elementOid, 8);
  buffer.writeInt32BE(values.length, 12);
  buffer.writeInt32BE(1, 16); // lower bound
  return offset === buffer.length ? buffer : buffer.subarray(0, offset);
}

/**
 * `values` (finite numbers; `null` and `undefined` are SQL NULL) as a `float8[]` parameter, bit for
 * bit.
 *
 * @throws RangeError for NaN or ±Infinity, which no numeric column of ours holds (float8 would take
 *   them silently).
 */
export function float8Array(values: readonly (number | null | undefined)[]): Buffer {
  return binaryArray(values, FLOAT8_OID, (buffer, value, offset) => {
    if (!Number.isFinite(value)) {
      throw new RangeError(`float8Array: ${String(value)} is not a finite number`);
    }
    buffer.writeDoubleBE(value, offset);
  });
}

/**
 * `values` (safe integers, |n| < 2⁵³: ids, epoch milliseconds; `null` and `undefined` are SQL NULL)
 * as a `bigint[]` parameter.
 *
 * @throws RangeError for a value that is not a safe integer.
 */
export function int8Array(values: readonly (number | null | undefined)[]): Buffer {
  return binaryArray(values, INT8_OID, (buffer, value, offset) => {
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`int8Array: ${String(value)} is not a safe integer`);
    }
    const high = Math.floor(value / TWO_POW_32);
    buffer.writeInt32BE(high, offset);
    buffer.writeUInt32BE(value - high * TWO_POW_32, offset + 4);
  });
}
