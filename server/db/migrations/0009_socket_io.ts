import { sql, type Kysely } from 'kysely';

/**
 * The table of @socket.io/postgres-adapter (ARCHITECTURE.md §2 "socket.io broadcasts cross nodes";
 * server/realtime/postgresAdapter.ts). Cluster messages travel by NOTIFY; one larger than the
 * adapter's 8,000-byte threshold (or holding binary) is stored here and only its `id` is notified.
 * Every node deletes rows older than the adapter's cleanup interval (30 s) itself. Columns as the
 * adapter's README creates them, plus the primary key and not-null constraints.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table socket_io_attachments (
      id bigserial primary key,
      created_at timestamptz not null default now(),
      payload bytea not null
    );
    create index socket_io_attachments_created on socket_io_attachments (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists socket_io_attachments`.execute(db);
}
