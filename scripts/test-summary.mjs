// Prints the closing line of `npm test` from the vitest and Playwright JSON reports and exits non-zero
// when any step failed: "tests: N passed, N failed" (plus ", N skipped" when there are any).
import { readFile } from 'node:fs/promises';

async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = await readJson('.test-data/reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
const e2e = await readJson('.test-data/reports/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
  skipped += e2e.stats.skipped ?? 0;
}
const failedSteps = (process.argv[2] ?? '').trim();
if (failedSteps) console.log(`\nFailed steps: ${failedSteps}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps || failed > 0 || passed === 0 ? 1 : 0);
