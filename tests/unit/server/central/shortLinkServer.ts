import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../../../../server/config';
import { testConfig } from '../testServer';

/*
 * What the short-link tests share: the host their requests name and a test config whose web app is
 * built (a stand-in index.html), so the SPA's fallback is live and /go/ must be answered before it.
 */

/** The Host header of the tests' requests: the public origin is `http://${HOST}`. */
export const HOST = '127.0.0.1:8080';

/** A base58 character class, for matching codes. */
export const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

/** {@link testConfig} with `env` and a stand-in built web app, made synchronously at module load. */
export function shortLinkTestConfig(env: Record<string, string> = {}): ServerConfig {
  const webDir = mkdtempSync(path.join(tmpdir(), 'lifeline-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  return testConfig(env, webDir);
}
