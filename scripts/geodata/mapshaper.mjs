// Runs the `mapshaper` command-line tool (npm package mapshaper, MPL-2.0), which the coastline build
// uses for clipping, erasing, simplifying and buffering. It is a one-off data tool, not a dependency
// of the project: run the build under `npm exec --package=mapshaper@<version>` so it is on PATH.
import { spawnSync } from 'node:child_process';

/**
 * The version of the `mapshaper` on PATH, e.g. "0.6.121".
 * @returns {string}
 * @throws {Error} when mapshaper is not on PATH
 */
export function mapshaperVersion() {
  const result = spawnSync('mapshaper', ['-v'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(
      'mapshaper is not on PATH: run this script under `npm exec --yes --package=mapshaper@0.6.121 -- node …`',
    );
  }
  return `${result.stdout}${result.stderr}`.trim();
}

/**
 * Runs one mapshaper command line; its log goes to this process's stderr.
 * @param {string[]} args mapshaper arguments, e.g. `['-i', 'in.json', '-o', 'out.json']`
 * @throws {Error} when mapshaper exits non-zero
 */
export function mapshaper(args) {
  const result = spawnSync('mapshaper', ['-quiet', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error || result.status !== 0) {
    throw new Error(`mapshaper ${args.join(' ')} failed (exit ${result.status})`);
  }
}
