import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { float8Array, int8Array } from '../../../server/db/numberArrays';
import { createTestDatabase, type TestDatabase } from './testServer';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** `values` sent as the parameters under test and read back by PostgreSQL (bigints as text). */
async function roundTrip(
  floats: readonly (number | null)[],
  bigints: readonly (number | null)[],
): Promise<{ floats: (number | null)[]; bigints: (string | null)[]; text: string }> {
  const { rows } = await sql<{
    floats: (number | null)[];
    bigints: (string | null)[];
    text: string;
  }>`
    select ${float8Array(floats)}::float8[] as floats,
      ${int8Array(bigints)}::bigint[]::text[] as bigints,
      ${float8Array(floats)}::float8[]::text as text`.execute(database.db);
  const [row] = rows;
  if (!row) throw new Error('no row');
  return row;
}

describe('float8Array and int8Array (binary array parameters)', () => {
  it('reach PostgreSQL as the very same float8 bits and bigints, NULLs included', async () => {
    const floats = [
      0.1 + 0.2,
      1234.567890123456,
      -179.99999999999997,
      5e-324,
      Number.MAX_VALUE,
      2 ** -20 * 123_456_789,
      -0.5,
      null,
      59.0176,
    ];
    const bigints = [
      0,
      1_796_555_035_123,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      -42,
      -(2 ** 32),
      2 ** 32 - 1,
      null,
    ];
    const back = await roundTrip(floats, bigints);
    expect(back.floats).toEqual(floats);
    expect(back.bigints).toEqual(bigints.map((value) => (value === null ? null : String(value))));
  });

  it('send an empty array as PostgreSQL’s empty array', async () => {
    const back = await roundTrip([], []);
    expect(back.floats).toEqual([]);
    expect(back.bigints).toEqual([]);
    expect(back.text).toBe('{}');
  });

  it('unnest in order, as the set-based statements read them', async () => {
    const { rows } = await sql<{ n: string; x: number | null }>`
      select n::text, x from unnest(${int8Array([3, 1, 2])}::bigint[],
        ${float8Array([0.25, null, -1])}::float8[]) as u(n, x)`.execute(database.db);
    expect(rows).toEqual([
      { n: '3', x: 0.25 },
      { n: '1', x: null },
      { n: '2', x: -1 },
    ]);
  });

  it('refuse what the column could not hold exactly', () => {
    expect(() => float8Array([1, Number.NaN])).toThrow(RangeError);
    expect(() => float8Array([Number.POSITIVE_INFINITY])).toThrow(/not a finite number/);
    expect(() => int8Array([1.5])).toThrow(/not a safe integer/);
    expect(() => int8Array([2 ** 53])).toThrow(RangeError);
  });
});
