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

# The same integration suite again on PostgreSQL (a fresh schema per test app).
pg_url="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
echo "== Vitest: server integration tests on PostgreSQL"
if reason=$(node scripts/postgres-available.mjs "$pg_url"); then
  TEST_DATABASE_URL="$pg_url" npx vitest run integration --reporter=default \
    --reporter=json --outputFile.json="$out/vitest-postgres.json" || status=1
else
  echo "PostgreSQL pass not run: no PostgreSQL at $pg_url ($reason)"
fi

echo "== Build the app for the browser journeys"
npm run build --silent || status=1

echo "== Playwright: browser journeys in Chromium"
PW_JSON_OUTPUT="$out/playwright.json" npx playwright test || status=1

node scripts/count-results.mjs "$out" || status=1
exit $status
