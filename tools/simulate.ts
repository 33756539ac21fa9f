// `npm run simulate -- --server <url> --key <ingest key> --track <file> …` (issue 5 item 6): replays a
// recorded track as a device over the OsmAnd protocol and answers messages as the watch would.
// Usage: tools/simulator/cliOptions.ts; guide: docs/simulator.md.
import { readTrackFile, trackDurationMs, type Track } from './tracks';
import { startSimulation } from './simulator';
import { parseCliArgs, USAGE } from './simulator/cliOptions';
import { createEventLog, formatStats } from './simulator/eventLog';
import { chooseTrack, describeTrack, formatDuration } from './simulator/trackChoice';

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

function fail(text: string): void {
  process.stderr.write(`simulate: ${text}\n`);
}

async function main(): Promise<number> {
  const request = parseCliArgs(process.argv.slice(2));
  if (request.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (request.kind === 'usage-error') {
    fail(`${request.message}\n`);
    process.stderr.write(USAGE);
    return 2;
  }
  const { config } = request;

  let tracks: Track[];
  try {
    tracks = await readTrackFile(config.trackPath);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return 1;
  }
  let track: Track;
  try {
    track = chooseTrack(tracks, config.session);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return 2;
  }
  say(`${config.trackPath}:`);
  tracks.forEach((candidate, index) => {
    say(`  ${describeTrack(candidate, index + 1)}`);
  });
  const loopMs = trackDurationMs(track) / config.speed;
  say(
    `Replaying ${config.session === null ? 'all tracks' : `track ${config.session}`} ` +
      `(${track.points.length} points) to ${config.server} at ${config.speed}× ` +
      `(${formatDuration(loopMs)} per loop)${config.loop ? ', looping' : ''}` +
      `${config.sosAt === null ? '' : `, SOS at ${config.sosAt * 100}% of each loop`}. Ctrl+C stops.`,
  );

  const simulation = startSimulation(
    {
      server: config.server,
      ingestKey: config.ingestKey,
      points: track.points,
      speed: config.speed,
      loop: config.loop,
      sosAt: config.sosAt,
      startAt: config.startAt,
      reply: config.reply,
      pollMessagesMs: config.pollMessagesMs,
      batteryStartPct: config.batteryStartPct,
      batteryDrainPctPerHour: config.batteryDrainPctPerHour,
      heartRateEveryMs: config.heartRateEveryMs,
    },
    { onEvent: createEventLog(say, Date.now) },
  );
  const interrupted = new AbortController();
  const onSignal = () => {
    if (interrupted.signal.aborted) process.exit(130);
    interrupted.abort();
    say('Stopping (Ctrl+C again to quit at once) …');
    void simulation.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const stats = await simulation.done;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  say(`${interrupted.signal.aborted ? 'Stopped' : 'Finished'}: ${formatStats(stats)}.`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
