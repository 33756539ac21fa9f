// `npm run bench [-- <area> …]`: runs the bench areas (all, or the ones named) and prints one JSON line
// per figure. Benches measure; they never assert timings.
import { bundleBench } from './bundle';
import { contractBench } from './contract.bench';
import { identityBench } from './identity.bench';
import { journey7dayBench } from './journey7day';
import { ingestBench } from './ingest';
import type { BenchArea } from './lib/figure';
import { monitorFrameBench } from './monitorFrame';
import { realtimeBench } from './realtime';
import { replayFjordBench } from './replayFjord';
import { serverBench } from './server.bench';
import { shareFloorBench, shareLatencyBench } from './shareLatency';
import { storeBench } from './store';

const AREAS: readonly BenchArea[] = [
  contractBench,
  serverBench,
  identityBench,
  realtimeBench,
  ingestBench,
  storeBench,
  bundleBench,
  replayFjordBench,
  journey7dayBench,
  shareLatencyBench,
  shareFloorBench,
  monitorFrameBench,
];

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !AREAS.some((a) => a.area === name));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown bench area: ${unknown.join(', ')}. Areas: ${AREAS.map((a) => a.area).join(', ')}\n`,
  );
  process.exit(2);
}
// An area that fails (a page that never draws, a server that does not start) is reported and the
// others still run: one broken bench must not hide every figure after it. The exit code says so.
const failed: string[] = [];
for (const area of AREAS.filter((a) => wanted.length === 0 || wanted.includes(a.area))) {
  try {
    for (const figure of await area.run()) process.stdout.write(`${JSON.stringify(figure)}\n`);
  } catch (error) {
    failed.push(area.area);
    process.stderr.write(`bench area ${area.area} failed: ${String(error)}\n`);
  }
}
if (failed.length > 0) {
  process.stderr.write(`Failed bench areas: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
