import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchArea, Figure } from './lib/figure';

/*
 * The web app's JavaScript size (issue 7: "initial JS for the login route at most 170 KiB gzipped;
 * the map and replay code in a lazily loaded chunk"), read from the last `npx vite build`
 * (dist/web/.vite/manifest.json, enabled in vite.config.ts). Figures, in KiB gzipped (gzip level 9,
 * as Vite's report):
 * - bundle.login: every JS chunk /auth/login needs: the entry chunk and its static imports, plus the
 *   login page's lazily loaded chunk and its static imports (chunks shared by both count once; a
 *   build where the page has no chunk of its own counts the entry alone);
 * - bundle.entry: the entry chunk and its static imports alone (what index.html loads);
 * - bundle.total: every JS chunk of the build (the map and replay chunks included).
 */

const DIST = path.resolve(import.meta.dirname, '../dist/web');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
/** The login route's page module (its key in the manifest). */
const LOGIN_PAGE = 'src/features/auth/pages/LoginPage.tsx';

/** One manifest entry of Vite's build manifest (the fields read here). */
interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

type Manifest = Record<string, ManifestChunk>;

/** Reads the build manifest, building the web app first when there is none (a fresh clone). */
function readManifest(): Manifest {
  if (!existsSync(MANIFEST)) execFileSync('npx', ['vite', 'build'], { stdio: 'ignore' });
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** The manifest keys of `roots` and every chunk they import statically (transitively). */
function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Build manifest has no chunk ${key}`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** Gzipped size of one file of dist/web, in bytes. */
function gzipBytes(file: string): number {
  return gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
}

/** The figure for the JS files of `keys`: their gzipped sum in KiB (1 KiB = 1,024 bytes). */
function figure(name: string, manifest: Manifest, keys: Iterable<string>): Figure {
  const files = [...new Set([...keys].map((key) => manifest[key]?.file ?? key))].filter((file) =>
    /\.m?js$/.test(file),
  );
  const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
  return {
    bench: `bundle.${name}`,
    metric: 'kib_gz',
    value: Math.round((bytes / 1024) * 100) / 100,
    unit: 'KiB',
    params: { chunks: files.length },
  };
}

export const bundleBench: BenchArea = {
  area: 'bundle',
  run: () => {
    const manifest = readManifest();
    const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
    const entry = staticClosure(manifest, entries);
    // No chunk of its own: the login page is bundled into the entry (a build without lazy pages).
    const page = manifest[LOGIN_PAGE] ? staticClosure(manifest, [LOGIN_PAGE]) : [];
    const login = new Set([...entry, ...page]);
    const everyChunk = new Set(Object.values(manifest).map((chunk) => chunk.file));
    return Promise.resolve([
      figure('login', manifest, login),
      figure('entry', manifest, entry),
      figure('total', manifest, everyChunk),
    ]);
  },
};
