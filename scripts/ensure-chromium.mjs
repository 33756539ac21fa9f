// Makes sure Debian's Chromium is installed for the end-to-end tests: installs it with apt-get when
// missing and we are root, otherwise stops with the command to run.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is not installed at ${CHROMIUM}. Install Debian's Chromium first:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at another Chromium binary.',
    );
    process.exit(1);
  }
  console.log('Installing Debian Chromium for the browser tests (apt-get) …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium', 'fonts-liberation'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
      process.exit(1);
    }
  }
}
