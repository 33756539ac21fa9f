import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../../server/lifecycle/dataDirLock';

async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'lifeline-lock-'));
}

describe('lockDataDir', () => {
  it('writes this process id and frees the directory on release', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    expect((await readFile(path.join(dir, 'lifeline.pid'), 'utf8')).trim()).toBe(
      String(process.pid),
    );
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses a directory held by another live process', async () => {
    const dir = await tempDir();
    // The parent of this test process is alive for the whole test.
    await writeFile(path.join(dir, 'lifeline.pid'), `${process.ppid}\n`);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/already using DATA_DIR=/);
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'lifeline.pid'), '2147483646\n');
    const release = await lockDataDir(dir);
    expect((await readFile(path.join(dir, 'lifeline.pid'), 'utf8')).trim()).toBe(
      String(process.pid),
    );
    await release();
  });
});

describe('lockDataDir under contention', () => {
  it('lets exactly one of several processes take over the same stale lock', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'lifeline.pid'), '2147483646\n');
    const script = [
      "const { lockDataDir } = await import('./server/lifecycle/dataDirLock.ts');",
      `try { await lockDataDir(${JSON.stringify(dir)}); console.log('won'); await new Promise((r) => setTimeout(r, 1500)); }`,
      'catch (e) { console.log(e.name); }',
    ].join('\n');
    const run = () =>
      new Promise<string>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script],
          (_error, stdout) => {
            resolve(stdout.trim());
          },
        );
      });
    const outcomes = await Promise.all([run(), run(), run()]);
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(2);
  }, 30_000);

  it('does not remove a lock that another process now holds', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    await writeFile(path.join(dir, 'lifeline.pid'), `${process.ppid}\n`);
    await release();
    expect((await readFile(path.join(dir, 'lifeline.pid'), 'utf8')).trim()).toBe(
      String(process.ppid),
    );
  });
});
