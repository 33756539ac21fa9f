import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/*
 * The HS256 keys of share tokens, kept in `server_secrets` (like the member-token key,
 * server/authHost/memberTokens.ts) so every server process of a deployment signs and verifies alike.
 * Each key has an id (`kid`, in the token's protected header): a token is verified with the key it
 * names, so a new key can sign while tokens of older ones stay valid until they expire.
 */

/**
 * The id of the key new tokens are signed with. Rotation: change it (e.g. to `s2`) and deploy; the
 * new key is created on first use, tokens naming `s1` still verify, and the `share-token-hs256:s1`
 * row may be deleted once the longest share lifetime has passed since the deploy.
 */
export const CURRENT_SHARE_KEY_ID = 's1';

const SECRET_PREFIX = 'share-token-hs256:';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** A signing key with its id. */
export interface ShareSigningKey {
  readonly kid: string;
  readonly key: Uint8Array;
}

/** The share-token keys of one database. */
export interface ShareKeyring {
  /** The key new tokens are signed with; created (32 random bytes) on first use. */
  signing(): Promise<ShareSigningKey>;
  /** The key of id `kid`, or null when there is none (or the id is malformed). */
  byId(kid: string): Promise<Uint8Array | null>;
  /**
   * The key of id `kid` if this keyring has already read it (by {@link ShareKeyring.byId} or
   * {@link ShareKeyring.signing}), else null: never touches the database, so it may run before a
   * request is counted by a rate limit (server/shares/shareRateLimit.ts).
   */
  known(kid: string): Uint8Array | null;
}

async function readKey(db: Db, kid: string): Promise<Uint8Array | null> {
  const row = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('name', '=', SECRET_PREFIX + kid)
    .executeTakeFirst();
  return row ? new Uint8Array(row.secret) : null;
}

/**
 * The keyring over `db`, signing with `currentKid` (default {@link CURRENT_SHARE_KEY_ID}). Keys found
 * are cached for the keyring's life; a missing id is looked up again each time (a key created by
 * another process becomes usable at once). `now` is epoch ms (the row's `created_ms`). Database errors
 * are thrown as they are.
 */
export function createShareKeyring(
  db: Db,
  currentKid: string = CURRENT_SHARE_KEY_ID,
  now: () => number = Date.now,
): ShareKeyring {
  const cache = new Map<string, Uint8Array>();
  const byId = async (kid: string): Promise<Uint8Array | null> => {
    if (!KEY_ID.test(kid)) return null;
    const cached = cache.get(kid);
    if (cached) return cached;
    const key = await readKey(db, kid);
    if (key) cache.set(kid, key);
    return key;
  };
  return {
    async signing() {
      const known = await byId(currentKid);
      if (known) return { kid: currentKid, key: known };
      await db
        .insertInto('server_secrets')
        .values({ name: SECRET_PREFIX + currentKid, secret: randomBytes(32), created_ms: now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const created = await byId(currentKid);
      if (!created) throw new Error('the share token key was not stored');
      return { kid: currentKid, key: created };
    },
    byId,
    known: (kid) => cache.get(kid) ?? null,
  };
}

const keyrings = new WeakMap<Db, ShareKeyring>();

/** The keyring of `db` with the defaults of {@link createShareKeyring}, one per database handle. */
export function shareKeyringOf(db: Db): ShareKeyring {
  let keyring = keyrings.get(db);
  if (!keyring) {
    keyring = createShareKeyring(db);
    keyrings.set(db, keyring);
  }
  return keyring;
}
