import type { Db } from '../db/database';
import type { Outbox } from '../outbox/outbox';
import type { SigningKeys } from './keys';

/** Epoch milliseconds now; injectable so tests cover lockout and expiry without sleeping. */
export type Clock = () => number;

/** `size` random bytes; injectable so tests can make salts and codes predictable. */
export type RandomSource = (size: number) => Buffer;

/** The local user pool's identity (identity-protocol.md §1 "Client-side pool ID checks"). */
export interface PoolIdentity {
  /** e.g. `local_Lifeline`: one underscore. */
  readonly userPoolId: string;
  /** The part of the pool id after `_`: the SRP `poolName` (identity-protocol.md §3). */
  readonly poolName: string;
  /** The one app client (no secret), stored in the database on first start. */
  readonly clientId: string;
  /** The tokens' `iss`: `{publicOrigin}/identity/{userPoolId}`. */
  readonly issuer: string;
}

/** Everything an operation needs: storage, the outbox, the clock, randomness, keys and the pool. */
export interface IdentityContext {
  readonly db: Db;
  readonly outbox: Outbox;
  readonly now: Clock;
  readonly random: RandomSource;
  readonly pool: PoolIdentity;
  readonly keys: SigningKeys;
}
