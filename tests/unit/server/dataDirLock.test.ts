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
