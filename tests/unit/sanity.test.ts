import { describe, expect, it, inject } from 'vitest';
import pg from 'pg';

describe('test cluster', () => {
  it('answers a query', async () => {
    const client = new pg.Client({ connectionString: inject('testDatabaseAdminUrl') });
    await client.connect();
    const result = await client.query<{ v: string }>('select version() as v');
    await client.end();
    expect(result.rows[0]?.v).toMatch(/PostgreSQL 18/);
  });
});
