/*
 * Typed arrays in the action log's JSON (ARCHITECTURE.md §4: the log can be recorded and replayed).
 * A columnar LocationHistory (member-wearer-activity-track, src/api/trackBinary.ts) reaches the store
 * as Float64Array/Float32Array columns, not as JSON objects: plain JSON would write such an array as an
 * object of indexes and lose NaN (unknown values). In an export each typed array is written as
 * `{ "$typedArray": "<constructor name>", "values": [...] }` with NaN as null, and read back as the
 * same typed array, so an exported log replays to the same state as the live one.
 */

const TYPED_ARRAYS = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
} as const;

type TypedArrayName = keyof typeof TYPED_ARRAYS;

/** A typed array as the export writes it. */
interface EncodedTypedArray {
  readonly $typedArray: TypedArrayName;
  readonly values: readonly (number | null)[];
}

function isTypedArrayName(name: unknown): name is TypedArrayName {
  return typeof name === 'string' && Object.hasOwn(TYPED_ARRAYS, name);
}

/**
 * `JSON.stringify` replacer: a typed array (of the kinds above) becomes `{ $typedArray, values }`,
 * NaN values null. Anything else is left as it is.
 */
export function typedArrayReplacer(_key: string, value: unknown): unknown {
  if (!ArrayBuffer.isView(value) || value instanceof DataView) return value;
  const name = value.constructor.name;
  if (!isTypedArrayName(name)) return value;
  const values = Array.from(value as unknown as ArrayLike<number>, (v) =>
    Number.isNaN(v) ? null : v,
  );
  return { $typedArray: name, values } satisfies EncodedTypedArray;
}

/** `JSON.parse` reviver: the inverse of {@link typedArrayReplacer} (null read back as NaN). */
export function typedArrayReviver(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const { $typedArray: name, values } = value as Partial<EncodedTypedArray>;
  if (!isTypedArrayName(name) || !Array.isArray(values)) return value;
  const numbers = values.map((v: number | null) => v ?? Number.NaN);
  return new TYPED_ARRAYS[name](numbers);
}
