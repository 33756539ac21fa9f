import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/*
 * `npx tsx bench/profileSelfTime.ts <file.cpuprofile> [top]`: where a page's CPU profile (written by
 * a bench's *_PROFILE_FILE knob) spent its self time, by source file of the built web app: each
 * sample's frame is mapped through dist/web's source maps to its original file, and library files
 * are grouped by package. Prints the share of the profile's sampled time per file, the top `top`
 * (default 40), and the total sampled ms. With `--lines`, per original line and function instead.
 */

/** The fields of a V8 `Profiler.Profile` read here. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
      readonly columnNumber: number;
    };
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const DIST = path.resolve(import.meta.dirname, '../dist/web');
const consumers = new Map<string, SourceMapConsumer | null>();

/** The source map of a built asset's URL, or null (not ours, or no map). */
function consumerFor(url: string): SourceMapConsumer | null {
  if (consumers.has(url)) return consumers.get(url) ?? null;
  const match = /\/assets\/[^?#]+\.js/.exec(url);
  const mapFile = match ? path.join(DIST, `${match[0]}.map`) : '';
  const consumer =
    mapFile && existsSync(mapFile)
      ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap)
      : null;
  consumers.set(url, consumer);
  return consumer;
}

/** A frame's label: its original file (library files by package), else V8's own name. */
function label(frame: CpuProfile['nodes'][number]['callFrame']): string {
  if (!frame.url)
    return frame.functionName.startsWith('(')
      ? frame.functionName
      : `(${frame.functionName || 'anonymous'})`;
  // A script's top level has no position (line -1): the file itself.
  if (frame.lineNumber < 0) return frame.url;
  const original = consumerFor(frame.url)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  const source = original?.source;
  if (!source) return frame.url;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  const name = inModules ? `npm:${inModules[1] ?? ''}` : source.replace(/^(\.\.\/)+/, '');
  // `--lines`: the original line and the name of the function (original name where the map has it).
  return BY_LINE ? `${name}:${String(original.line)} ${original.name || frame.functionName}` : name;
}

const BY_LINE = process.argv.includes('--lines');
const [file, topArg] = process.argv.slice(2).filter((arg) => arg !== '--lines');
if (!file) throw new Error('usage: profileSelfTime.ts <file.cpuprofile> [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const node = nodes.get(id);
  if (!node) return;
  const key = label(node.callFrame);
  selfUs.set(key, (selfUs.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
const busyUs = [...selfUs].reduce((sum, [key, us]) => (idle.has(key) ? sum : sum + us), 0);
process.stdout.write(`busy ${(busyUs / 1000).toFixed(0)} ms (idle, program, GC apart)\n`);
for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 40))) {
  const share = idle.has(key) ? '' : `${((100 * us) / busyUs).toFixed(1)}%`;
  process.stdout.write(`${share.padStart(6)} ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}\n`);
}
