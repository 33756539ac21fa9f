import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Lifeline server (pid ${pid}) is already using DATA_DIR=${dataDir}. ` +
        'Stop it first, or start this one with another DATA_DIR.',
    );
  }
}

/** A takeover mutex older than this is left by a crashed process and may be broken, ms. */
const TAKEOVER_STALE_MS = 30_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(file: string): Promise<number | null> {
  const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Creates `file` holding this process id; false when it already exists. */
async function createExclusive(file: string): Promise<boolean> {
  try {
    const handle = await open(file, 'wx', 0o644);
    await handle.writeFile(`${process.pid}\n`);
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Runs `work` while holding `<lock>.takeover` (created exclusively), so two processes that both find a
 * stale lock cannot both replace it. A takeover mutex left by a crash is broken after 30 s.
 */
async function withTakeoverMutex<T>(lockFile: string, work: () => Promise<T>): Promise<T | null> {
  const mutex = `${lockFile}.takeover`;
  if (!(await createExclusive(mutex))) {
    const info = await stat(mutex).catch(() => null);
    if (info && Date.now() - info.mtimeMs > TAKEOVER_STALE_MS)
      await unlink(mutex).catch(() => undefined);
    return null;
  }
  try {
    return await work();
  } finally {
    await unlink(mutex).catch(() => undefined);
  }
}

/**
 * Takes the data directory for this process: creates `<dataDir>/lifeline.pid` exclusively. A lock held by
 * a live process throws {@link DataDirLockedError}, so a second `npm start` on the same DATA_DIR refuses
 * before it touches the embedded PostgreSQL; a lock left by a dead process is taken over under a
 * takeover mutex (two starts racing for one stale lock cannot both win). Returns the release function,
 * which removes the lock only while it still names this process.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'lifeline.pid');
  let released = false;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    if ((await readPid(file)) === process.pid) await unlink(file).catch(() => undefined);
  };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await createExclusive(file)) return release;
    const holder = await readPid(file);
    if (holder !== null && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    const taken = await withTakeoverMutex(file, async () => {
      // Re-read under the mutex: another process may have taken the lock over meanwhile.
      const current = await readPid(file);
      if (current !== null && current !== process.pid && isAlive(current)) {
        throw new DataDirLockedError(dataDir, current);
      }
      await unlink(file).catch(() => undefined);
      return createExclusive(file);
    });
    if (taken) return release;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Could not lock ${dataDir}`);
}
