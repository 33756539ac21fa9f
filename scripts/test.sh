#!/usr/bin/env bash
# `npm test`: everything a fresh clone needs to pass — typecheck, lint, vitest (unit, component, server
# integration against the embedded PostgreSQL), then Playwright in Debian's Chromium. Ends with one
# summary line: "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .test-data/reports
rm -f .test-data/reports/*.json

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
failed_step=""

step "typecheck" && npm run --silent typecheck || failed_step="${failed_step} typecheck"
step "lint" && npm run --silent lint || failed_step="${failed_step} lint"
step "unit, component and server tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-data/reports/vitest.json \
  || failed_step="${failed_step} vitest"
step "end-to-end tests (Playwright, Chromium)"
node scripts/e2e.mjs || failed_step="${failed_step} e2e"

node scripts/test-summary.mjs "${failed_step}"
