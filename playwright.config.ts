import { defineConfig, devices } from '@playwright/test';

/** Port of the server the end-to-end run starts (scripts/e2e.mjs gives it a fresh DATA_DIR). */
const port = Number(process.env.E2E_PORT ?? 8181);
const origin = `http://127.0.0.1:${port}`;

/** External link targets served by our own server, since the machine has no internet. */
export const E2E_LINKS = {
  HELP_URL: `${origin}/docs/1/eula-en.md?help`,
  CONTACT_US_URL: `${origin}/docs/1/eula-en.md?contact`,
  FIND_OUT_MORE_URL: `${origin}/docs/1/privacy-en.md?more`,
  SHOP_URL: `${origin}/docs/1/privacy-en.md?shop`,
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Tests that walk the whole sign-up order take ~10 s alone, several times that on a loaded 2-core CI.
  timeout: 120_000,
  // A page's first assertions wait on its main thread. On a loaded 2-core CI a map's software-rendered
  // WebGL set-up holds that thread for seconds (CI of 7e2e310: a guardian page's heading and journey
  // map not found within the default 5 s), so an assertion waits up to 15 s before it fails.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.test-data/reports/e2e.json' }]],
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here (TOOLCHAIN.md).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node --enable-source-maps dist/server/main.js',
    url: `${origin}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.test-data/e2e',
      // The live demo runs (fast) so the share tests watch a real wearer (tests/e2e/share.spec.ts).
      DEMO: '1',
      DEMO_SPEED: '8',
      // The suite signs up about a dozen members from this one address within minutes; production's
      // budget (10 per 10 minutes, server/identity/ipRateLimit.ts) would refuse the last ones.
      SIGNUPS_PER_IP: '100',
      LOG_LEVEL: 'warn',
      ...E2E_LINKS,
    },
  },
});
