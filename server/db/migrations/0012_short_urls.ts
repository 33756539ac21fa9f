import { sql, type Kysely } from 'kysely';

/**
 * Short links of the central service (issue 7 item 4; app §3 "Short URL", §7 central `/urls`, §2
 * `/go/{code}`; server/central, docs/shares.md "Short links"):
 * - `short_code`: the code of `/go/{code}`, case-sensitive: 12 random base58 characters, or a member's
 *   lower-case vanity stub with a random base58 suffix (`bobs-trip-7Hq2xKpa`);
 * - `full_url`: where the link redirects, always a URL on this server's public origin (at most
 *   2048 characters);
 * - `member_id`: the member who made it (gone with the member); `share_id`: the share the link opens,
 *   when a share made it (gone with the share).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table short_urls (
      short_code text primary key check (short_code ~ '^[A-Za-z0-9-]{1,64}$'),
      full_url text not null check (char_length(full_url) between 1 and 2048),
      member_id bigint not null references members on delete cascade,
      share_id text references shares on delete cascade,
      created_at timestamptz not null default now()
    );
    create index short_urls_member on short_urls (member_id);
    create index short_urls_share on short_urls (share_id) where share_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists short_urls;`.execute(db);
}
