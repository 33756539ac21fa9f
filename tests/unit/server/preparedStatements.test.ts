import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingPool } from '../../../server/db/preparedStatements';
import { createTestDatabase, type TestDatabase } from './testServer';

/*
 * Statements run again and again become named prepared statements (server/db/preparedStatements.ts;
 * docs/decisions.md "Ingest throughput"): PostgreSQL lists a session's named statements in
 * pg_prepared_statements, so the tests read there what the wrapper did on the one connection.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** A Kysely over a one-connection pool wrapped with `options`; `close` ends it. */
function openPreparing(options: Parameters<typeof preparingPool>[1]) {
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const db = new Kysely<Record<string, never>>({
    dialect: new PostgresDialect({ pool: preparingPool(pool, options) }),
  });
  return { db, close: () => db.destroy() };
}

/** The session's named prepared statements: name → statement text. */
async function prepared(db: Kysely<Record<string, never>>): Promise<Map<string, string>> {
  const { rows } = await sql<{
    name: string;
    statement: string;
  }>`select name, statement from pg_prepared_statements where not from_sql`.execute(db);
  return new Map(rows.map((row) => [row.name, row.statement]));
}

const square = (n: number) => sql<{ squared: number }>`select ${n}::int * ${n}::int as squared`;

describe('preparingPool', () => {
  it('names a text once it ran `threshold` times, with the same results', async () => {
    const { db, close } = openPreparing({ threshold: 3 });
    try {
      const answers: number[] = [];
      for (const n of [2, 3]) answers.push((await square(n).execute(db)).rows[0]?.squared ?? -1);
      expect([...(await prepared(db)).values()].some((text) => text.includes('* $2'))).toBe(false);
      for (const n of [4, 5, 6]) answers.push((await square(n).execute(db)).rows[0]?.squared ?? -1);
      expect(answers).toEqual([4, 9, 16, 25, 36]);
      const named = [...(await prepared(db))].filter(([, text]) => text.includes('* $2'));
      expect(named).toHaveLength(1);
      expect(named[0]?.[0]).toMatch(/^k\d+$/);
    } finally {
      await close();
    }
  });

  it('names at most `maxStatements` texts', async () => {
    const { db, close } = openPreparing({ threshold: 1, maxStatements: 2 });
    try {
      for (const column of ['a', 'b', 'c']) {
        await sql`select 1 as ${sql.ref(column)}`.execute(db);
      }
      const texts = [...(await prepared(db)).values()];
      expect(texts.filter((text) => text.startsWith('select 1 as')).sort()).toEqual([
        'select 1 as "a"',
        'select 1 as "b"',
      ]);
    } finally {
      await close();
    }
  });

  it('never names transaction control', async () => {
    const { db, close } = openPreparing({ threshold: 1 });
    try {
      for (let round = 0; round < 3; round += 1) {
        await db.transaction().execute(async (trx) => {
          await sql`select 1 as d`.execute(trx);
        });
      }
      const texts = [...(await prepared(db)).values()];
      expect(texts).toContain('select 1 as d');
      expect(texts.some((text) => /^(begin|commit|rollback)/i.test(text))).toBe(false);
    } finally {
      await close();
    }
  });

  it('a statement whose table changed shape fails once, then runs prepared afresh', async () => {
    const { db, close } = openPreparing({ threshold: 1 });
    try {
      await sql`create table shaped (a int)`.execute(db);
      await sql`insert into shaped values (1)`.execute(db);
      const read = () => sql<Record<string, number | null>>`select * from shaped`.execute(db);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      // Another process migrates the table under the prepared statement.
      await sql`alter table shaped add column b int`.execute(db);
      await expect(read()).rejects.toThrow(/cached plan must not change result type/);
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);
    } finally {
      await close();
    }
  });

  it('a failing named statement fails alone; the connection serves the next one', async () => {
    const { db, close } = openPreparing({ threshold: 1 });
    try {
      const divide = (n: number) => sql<{ q: number }>`select 10 / ${n}::int as q`.execute(db);
      expect((await divide(2)).rows).toEqual([{ q: 5 }]);
      await expect(divide(0)).rejects.toThrow(/division by zero/);
      expect((await divide(5)).rows).toEqual([{ q: 2 }]);
    } finally {
      await close();
    }
  });
});
