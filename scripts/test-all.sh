#!/usr/bin/env bash
# Runs every test of every runner and ends with one line: "N passed, N failed".
# Unit + server integration (Vitest), then the browser journeys (Playwright) on the built app.
set -u
cd "$(dirname "$0")/.."
out=.test-output
rm -rf "$out" && mkdir -p "$out"
status=0

echo "== Vitest: unit and server integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json" || status=1

echo "== Build the app for the browser journeys"
npm run build --silent || status=1

echo "== Playwright: browser journeys in Chromium"
PW_JSON_OUTPUT="$out/playwright.json" npx playwright test || status=1

node scripts/count-results.mjs "$out" || status=1
exit $status
