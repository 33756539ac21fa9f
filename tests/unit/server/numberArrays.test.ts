import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberArray } from '../../../server/db/numberArrays';
import { createTestDatabase, type TestDatabase } from './testServer';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('numberArray', () => {
  it('writes numbers and NULLs as an array literal', () => {
    expect(numberArray([1, 2.5, null, undefined, -0.125])).toBe('{1,2.5,NULL,NULL,-0.125}');
    expect(numberArray([])).toBe('{}');
  });

  it('refuses NaN and infinities', () => {
    expect(() => numberArray([1, Number.NaN])).toThrow(RangeError);
    expect(() => numberArray([Number.POSITIVE_INFINITY])).toThrow(/at 0 is not a finite number/);
  });

  it('reads back in PostgreSQL as the very same float8 and bigint values', async () => {
    const floats = [
      0.1 + 0.2,
      1234.567890123456,
      -179.99999999999997,
      Number.MIN_VALUE,
      1e-7,
      5e-324,
      Number.MAX_VALUE,
      2 ** -20 * 123_456_789,
      null,
    ];
    const bigints = [0, 1_796_555_035_123, Number.MAX_SAFE_INTEGER, -42, null];
    const { rows } = await sql<{ floats: (number | null)[]; bigints: (string | null)[] }>`
      select ${numberArray(floats)}::float8[] as floats,
        ${numberArray(bigints)}::bigint[]::text[] as bigints`.execute(database.db);
    expect(rows[0]?.floats).toEqual(floats);
    expect(rows[0]?.bigints).toEqual(
      bigints.map((value) => (value === null ? null : String(value))),
    );
  });
});
