import type { Db } from '../db/database';
import type { ShareVerifier } from '../shares/shareTokenVerifier';
import type { ChangePublisher } from './publishChanges';

/** What the shared-viewing routes share: the database, the share verifier, the clock, publishing. */
export interface SharedRouteDeps {
  readonly db: Db;
  /** The server's one share-token verifier (the realtime plugin's `shareTokens` too). */
  readonly shareTokens: ShareVerifier;
  /** Server clock, epoch ms: sent, note, resolve and pause times. */
  readonly clock: () => number;
  /** Publishes committed EntityChanges to the member's and the activity's sockets. */
  readonly publish: ChangePublisher;
}
