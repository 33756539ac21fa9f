import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, USAGE } from '../../../tools/simulator/cliOptions';
import { createEventLog, formatStats, PROGRESS_EVERY_MS } from '../../../tools/simulator/eventLog';
import { chooseTrack, describeTrack, formatDuration } from '../../../tools/simulator/trackChoice';
import type { Track } from '../../../tools/tracks';

const REQUIRED = ['--server', 'http://localhost:3000', '--key', 'k-1', '--track', 'a.gpx'];

describe('parseCliArgs', () => {
  it('reads the required flags with the defaults', () => {
    expect(parseCliArgs(REQUIRED)).toEqual({
      kind: 'run',
      config: {
        server: 'http://localhost:3000',
        ingestKey: 'k-1',
        trackPath: 'a.gpx',
        speed: 1,
        loop: false,
        sosAt: null,
        startAt: null,
        session: null,
        reply: 'last',
        pollMessagesMs: 10_000,
        batteryStartPct: 100,
        batteryDrainPctPerHour: 10,
        heartRateEveryMs: null,
      },
    });
  });

  it('reads every option', () => {
    const request = parseCliArgs([
      ...REQUIRED.slice(0, 4),
      '--track',
      'ride.FIT',
      '--speed',
      '12.5',
      '--loop',
      '--sos-at',
      '0.25',
      '--start-at',
      '0.1',
      '--session',
      '3',
      '--reply',
      'random',
      '--poll-messages',
      '2.5',
      '--battery',
      '40',
      '--drain',
      '0',
      '--heart-rate',
      '5',
    ]);
    expect(request).toMatchObject({
      kind: 'run',
      config: {
        trackPath: 'ride.FIT',
        speed: 12.5,
        loop: true,
        sosAt: 0.25,
        startAt: 0.1,
        session: 3,
        reply: 'random',
        pollMessagesMs: 2_500,
        batteryStartPct: 40,
        batteryDrainPctPerHour: 0,
        heartRateEveryMs: 5_000,
      },
    });
  });

  it('turns messages off with --poll-messages 0', () => {
    expect(parseCliArgs([...REQUIRED, '--poll-messages', '0'])).toMatchObject({
      config: { pollMessagesMs: null },
    });
  });

  it('takes an ingest key that begins with a dash after --key (base64url: one key in 64)', () => {
    const key = '-EAi9QwM-dashed_key-0123456789ab';
    for (const args of [
      ['--server', 'http://x', '--key', key, '--track', 'a.gpx'],
      ['--key', key, '--server', 'http://x', '--track', 'a.gpx'],
      ['--server', 'http://x', `--key=${key}`, '--track', 'a.gpx'],
      ['--server', 'http://x', '--key', `--${key}`, '--track', 'a.gpx'],
    ]) {
      const request = parseCliArgs(args);
      expect(request.kind === 'run' ? request.config.ingestKey : request).toBe(
        args.find((arg) => arg.includes('dashed_key'))?.replace('--key=', ''),
      );
    }
  });

  it('answers --help before anything else', () => {
    expect(parseCliArgs(['--bogus', '--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['--speed', '-3', '-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], /--server is required/],
    [REQUIRED.slice(0, 4), /--track is required/],
    [['--server', 'http://x', '--track', 'a.gpx'], /--key is required/],
    [['--server', 'http://x', '--key', '--track', 'a.gpx'], /--key.*ambiguous/],
    [['--server', 'http://x', '--track', 'a.gpx', '--key'], /--key/],
    [[...REQUIRED, '--server', 'localhost:3000'], /--server must be an http\(s\) URL/],
    [[...REQUIRED.slice(0, 4), '--track', 'a.kml'], /--track must be a \.gpx, \.tcx, \.fit file/],
    [[...REQUIRED, '--speed', '0'], /--speed must be a number above 0, not "0"/],
    [[...REQUIRED, '--speed', 'fast'], /--speed must be a number above 0/],
    [[...REQUIRED, '--sos-at', '1.2'], /--sos-at must be a fraction from 0 to 1/],
    [[...REQUIRED, '--start-at', '1.5'], /--start-at must be a fraction from 0 to 1/],
    [[...REQUIRED, '--session', '0'], /--session must be a whole number from 1/],
    [[...REQUIRED, '--session', '1.5'], /--session must be a whole number from 1/],
    [[...REQUIRED, '--reply', 'maybe'], /--reply must be one of first, last, random, none/],
    [[...REQUIRED, '--poll-messages=-1'], /--poll-messages must be 0 or more seconds/],
    [[...REQUIRED, '--drain', '-1'], /argument is ambiguous/],
    [[...REQUIRED, '--battery', '101'], /--battery must be a percentage from 0 to 100/],
    [[...REQUIRED, '--drain=-1'], /--drain must be 0 or more percent per hour/],
    [[...REQUIRED, '--heart-rate', 'often'], /--heart-rate must be 0 or more seconds/],
    [[...REQUIRED, '--bogus'], /Unknown option '--bogus'/],
    [[...REQUIRED, 'extra'], /positional argument/],
    [[...REQUIRED, '--speed'], /--speed/],
  ])('refuses %j', (args, message) => {
    const request = parseCliArgs(args);
    expect(request.kind).toBe('usage-error');
    expect(request.kind === 'usage-error' ? request.message : '').toMatch(message);
  });
});

describe('the simulate command', () => {
  const run = promisify(execFile);
  const cli = path.resolve(import.meta.dirname, '../../../tools/simulate.ts');
  const node = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], { timeout: 15_000 });

  it('prints the usage for --help (exit 0) and with the reason for bad input (exit 2)', async () => {
    const [help, bad] = await Promise.all([
      node(['--help']),
      node(['--server', 'http://localhost:3000', '--speed', 'x']).catch(
        (error: unknown) => error as { code: number; stderr: string },
      ),
    ]);
    expect(help.stdout).toBe(USAGE);
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toContain('simulate: --key is required');
    expect((bad as { stderr: string }).stderr).toContain(USAGE);
  });
});

describe('chooseTrack and describeTrack', () => {
  const point = (timeMs: number) => ({
    timeMs,
    lat: 48,
    lon: 8,
    altM: null,
    speedMps: null,
    heartRateBpm: null,
  });
  const day1: Track = { name: 'Tag 1', sport: 'hiking', points: [point(0), point(60_000)] };
  const day2: Track = { name: 'Tag 2', sport: 'hiking', points: [point(86_400_000)] };

  it('picks the n-th track from 1, or joins them all', () => {
    expect(chooseTrack([day1, day2], 2)).toBe(day2);
    expect(chooseTrack([day1, day2], null)).toEqual({
      name: 'Tag 1 + Tag 2',
      sport: 'hiking',
      points: [...day1.points, ...day2.points],
    });
    expect(() => chooseTrack([day1, day2], 3)).toThrow(/--session 3: the file has 2 track\(s\)/);
    expect(() => chooseTrack([], null)).toThrow(/no track with timed positions/);
  });

  it('describes a track in one line', () => {
    expect(describeTrack(day1, 1)).toBe('1. Tag 1 (hiking): 2 points over 1 min');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(6.84 * 3_600_000)).toBe('6 h 50 min');
  });
});

describe('createEventLog', () => {
  it('prints SOS, refusals, retries and messages, and points at most every 5 s', () => {
    const lines: string[] = [];
    let now = Date.UTC(2025, 5, 1, 12, 0, 0);
    const log = createEventLog(
      (line) => lines.push(line),
      () => now,
    );
    const sent = (index: number, sos = false) => {
      log({
        type: 'point-sent',
        loop: 0,
        index,
        count: 10,
        deviceTimeMs: now,
        sos,
        batteryPct: 99,
        heartRateBpm: null,
      });
    };
    sent(0);
    now += 1_000;
    sent(1);
    now += PROGRESS_EVERY_MS;
    sent(2);
    sent(3, true);
    log({ type: 'point-rejected', loop: 0, index: 4, count: 10, status: 400, message: 'bad' });
    log({ type: 'retrying', attempt: 2, delayMs: 2_000, reason: 'HTTP 503: busy' });
    log({ type: 'message-delivered', messageId: 3, senderName: 'Ann', text: 'OK?' });
    log({ type: 'message-replied', messageId: 3, replyText: 'Yes' });
    log({ type: 'messages-unavailable' });
    log({ type: 'loop-finished', loop: 0 });
    expect(lines).toEqual([
      '[12:00:00] 1 points sent; at point 1/10 of loop 1, battery 99%',
      '[12:00:06] 3 points sent; at point 3/10 of loop 1, battery 99%',
      '[12:00:06] SOS sent with point 4/10 of loop 1',
      '[12:00:06] point 5/10 of loop 1 refused (HTTP 400): bad; skipped',
      '[12:00:06] request failed (HTTP 503: busy); retry 2 in 2 s',
      '[12:00:06] message 3 from Ann: "OK?" (delivered)',
      '[12:00:06] message 3 answered "Yes"',
      '[12:00:06] warning: the server has no message routes (404); messages are not simulated',
      '[12:00:06] loop 1 finished (4 points sent so far)',
    ]);
  });

  it('sums the counts up in one line', () => {
    expect(
      formatStats({
        pointsSent: 5,
        pointsRejected: 1,
        retries: 2,
        sosSent: 1,
        heartRatesSent: 2,
        loopsCompleted: 1,
        messagesDelivered: 1,
        messagesSeen: 1,
        messagesReplied: 0,
      }),
    ).toBe(
      '5 points sent (2 with heart rate), 1 refused, 2 retries, 1 SOS, 1 loops; messages: 1 delivered, 1 seen, 0 answered',
    );
  });
});
