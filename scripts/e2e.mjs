// `npm run test:e2e`: Chromium present, a fresh build, a fresh data directory, then Playwright.
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ['scripts/ensure-chromium.mjs']);
run('npm', ['run', '--silent', 'build']);
await rm(process.env.E2E_DATA_DIR ?? '.test-data/e2e', { recursive: true, force: true });
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
