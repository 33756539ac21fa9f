import { readFileSync } from 'node:fs';

/** USER_HZ of Linux's /proc/stat: its CPU counters tick 100 times a second. */
const TICKS_PER_SECOND = 100;

/** CPU time the whole machine spent busy (user, nice, system, irq, softirq; all cores), ms; null off Linux. */
function busyMs(): number | null {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  const fields = (stat.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields;
  return ((user + nice + system + irq + softirq) * 1000) / TICKS_PER_SECOND;
}

/**
 * Runs `work` and answers its result with the CPU time the whole machine spent meanwhile, ms (every
 * process: the server, PostgreSQL, the load's client): a figure that, unlike a rate, does not fall
 * when the host lends this machine less of its cores. `cpuMs` is null where /proc/stat is missing.
 */
export async function withMachineCpu<T>(
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: number | null }> {
  const before = busyMs();
  const result = await work();
  const after = busyMs();
  return { result, cpuMs: before === null || after === null ? null : after - before };
}
