import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';

/**
 * Every migration, by name, in order. Names sort lexically; a new one is added here with the next
 * number. They are imported statically so the bundled server (dist/server) carries them.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};
