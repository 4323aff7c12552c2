#!/usr/bin/env bash
# Runs every check and test of every runner and ends with one line:
# "N passed, N failed[, N flaky]" (scripts/test/count-results.mjs).
# Static checks, unit + server integration (Vitest), a clean build, then the
# browser journeys (Playwright) on that build beside the integration tests
# again on PostgreSQL.
set -u
cd "$(dirname "$0")/../.."
out=.test-output
rm -rf "$out" && mkdir -p "$out"
status=0
# A step that is not a test runner still fails the closing line, by name.
step_failed() {
  echo "$1" >>"$out/failed-steps.txt"
  status=1
}
# Each step's header carries the clock and the time since the start, so a
# slow CI run shows which step grew.
started=$SECONDS
step() {
  echo "== [$(date +%T), +$((SECONDS - started)) s] $1"
}

# The static checks run beside the unit tests: those leave part of the
# second core idle (their integration tests wait on fsync and timers), and
# the checks are mostly one process at a time. Niced, output printed after.
step "Static checks: TypeScript, ESLint, Prettier (beside the unit tests; output below them)"
nice -n 5 npm run check --silent >"$out/check.log" 2>&1 &
check_pid=$!

step "Vitest: unit and server integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json" || status=1

wait "$check_pid" || step_failed "npm run check"
step "Static checks: their output"
cat "$out/check.log"

# A clean build: the journeys must never run against an older dist/.
step "Build the app (web, server, CLI) for the browser journeys"
rm -rf dist
built=0
if npm run build --silent; then
  built=1
else
  echo "Build failed: browser journeys not run."
  step_failed "npm run build (browser journeys not run)"
fi

# The same integration suite again on PostgreSQL (a fresh schema per test
# app), side by side with the journeys: they share nothing (the journeys run
# on their own SQLite server), and the journeys mostly wait on the browser,
# so one niced Vitest worker uses the idle core. Its output goes to a file,
# printed after the journeys, so the two logs do not interleave.
# Required where PostgreSQL is reachable and always in CI; a development
# machine without it gets a clear note instead.
pg_url="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_pid=""
if reason=$(node scripts/test/postgres-available.mjs "$pg_url"); then
  echo "vitest-postgres.json" >>"$out/expected-reports.txt"
  step "Vitest: server integration tests on PostgreSQL (beside the journeys; output below them)"
  TEST_DATABASE_URL="$pg_url" nice -n 5 npx vitest run integration --maxWorkers=1 \
    --reporter=default --reporter=json --outputFile.json="$out/vitest-postgres.json" \
    >"$out/vitest-postgres.log" 2>&1 &
  pg_pid=$!
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL pass required in CI, but no PostgreSQL at $pg_url ($reason)"
  step_failed "PostgreSQL pass (no PostgreSQL at $pg_url)"
else
  echo "PostgreSQL pass not run: no PostgreSQL at $pg_url ($reason)."
  echo "It is required in CI; start PostgreSQL or set TEST_POSTGRES_URL to run it here."
fi

if [ "$built" = 1 ]; then
  echo "playwright.json" >>"$out/expected-reports.txt"
  step "Playwright: browser journeys in Chromium, on the compiled server"
  PW_JSON_OUTPUT="$out/playwright.json" npx playwright test || status=1
fi

if [ -n "$pg_pid" ]; then
  wait "$pg_pid" || status=1
  step "Vitest on PostgreSQL: its output"
  cat "$out/vitest-postgres.log"
fi

step "Results"
node scripts/test/count-results.mjs "$out" || status=1
exit $status
