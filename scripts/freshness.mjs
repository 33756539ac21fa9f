// Decides whether a build output is older than the sources it is built from (used by npm start).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Newest modification time (ms) of the files under the given paths; 0 when none exist. */
export async function newestMtime(paths) {
  let newest = 0;
  const visit = async (p) => {
    let info;
    try {
      info = await stat(p);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of await readdir(p)) {
        if (entry === 'node_modules' || entry.startsWith('.')) continue;
        await visit(path.join(p, entry));
      }
    } else {
      newest = Math.max(newest, info.mtimeMs);
    }
  };
  for (const p of paths) await visit(p);
  return newest;
}

/** True when `output` is missing or older than any file under `inputs`. */
export async function isStale(output, inputs) {
  let built;
  try {
    built = (await stat(output)).mtimeMs;
  } catch {
    return true;
  }
  return (await newestMtime(inputs)) > built;
}
