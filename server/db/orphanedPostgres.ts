import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Longest wait for an orphaned PostgreSQL to finish its fast shutdown, ms. */
const ORPHAN_STOP_TIMEOUT_MS = 30_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of process `pid` (Linux /proc), '' when it cannot be read. */
async function commandLine(pid: number): Promise<string> {
  return readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (text) => text.replaceAll('\0', ' '),
    () => '',
  );
}

/**
 * Stops a PostgreSQL server still running on `dataDir` after the server process that started it was
 * killed without a shutdown (`kill -9`, a crash, a power-cut of the terminal): its postmaster outlives
 * its parent and holds the data directory, so a new start would fail. Call only while holding the
 * DATA_DIR lock (server/lifecycle/dataDirLock.ts), which proves no live server owns this cluster.
 * Reads `postmaster.pid`; when its process is alive and is a postgres on this very directory, sends
 * SIGINT (PostgreSQL's fast shutdown: it rolls back open transactions and checkpoints, so every
 * committed row is kept) and waits for it to exit. Answers the pid it stopped, null when there was
 * none. Throws when the process does not exit within {@link ORPHAN_STOP_TIMEOUT_MS}.
 */
export async function stopOrphanedPostgres(dataDir: string): Promise<number | null> {
  const pidFile = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(pidFile?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const command = await commandLine(pid);
  if (!command.includes('postgres') || !command.includes(dataDir)) return null;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      throw new Error(`The PostgreSQL left running on ${dataDir} (pid ${pid}) did not stop`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return pid;
}
