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
import { shareLatencyBench } from './shareLatency';
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
for (const area of AREAS.filter((a) => wanted.length === 0 || wanted.includes(a.area))) {
  for (const figure of await area.run()) process.stdout.write(`${JSON.stringify(figure)}\n`);
}
