// Prints the closing line of `npm test` from the vitest and Playwright JSON reports and exits non-zero
// when any step failed: "tests: N passed, N failed" (plus ", N skipped" when there are any). Above it, the
// name, file and first message line of each failed test, so the tail of a CI log says what failed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

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
/** "file › test name: first line of the failure" for each failed test. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';
const vitest = await readJson('.test-data/reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${name}: ${firstLine(file.message)}`);
    }
  }
}
const e2e = await readJson('.test-data/reports/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
  skipped += e2e.stats.skipped ?? 0;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        failures.push(
          `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${test.status}): ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, suite.file ? titles : [...titles, suite.title]);
  };
  for (const suite of e2e.suites ?? []) visit(suite, []);
}
if (failures.length > 0) {
  console.log('\nFailed tests:');
  // eslint-disable-next-line no-control-regex -- failure messages carry ANSI colour codes
  for (const failure of failures) console.log(`  ✗ ${failure.replace(/\u001b\[[0-9;]*m/g, '')}`);
}
const failedSteps = (process.argv[2] ?? '').trim();
if (failedSteps) console.log(`\nFailed steps: ${failedSteps}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps || failed > 0 || passed === 0 ? 1 : 0);
