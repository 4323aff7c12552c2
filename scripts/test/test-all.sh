#!/usr/bin/env bash
# Runs every check and test of every runner and ends with one line:
# "N passed, N failed[, N flaky]" (scripts/test/count-results.mjs).
# The integration tests on PostgreSQL from the start, beside: static checks
# with unit + server integration tests (Vitest), a clean build, then the
# browser journeys (Playwright) on that build in two shards side by side.
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

# The same integration suite on PostgreSQL (a fresh schema per test app)
# runs from the start, niced, beside everything else: it mostly waits on the
# database and timers, so it uses what the other steps leave idle, and it was
# the long pole when it began only with the journeys. Its output goes to a
# file, printed at the end, so the logs do not interleave.
# Required where PostgreSQL is reachable and always in CI; a development
# machine without it gets a clear note instead.
pg_url="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_pid=""
if reason=$(node scripts/test/postgres-available.mjs "$pg_url"); then
  echo "vitest-postgres.json" >>"$out/expected-reports.txt"
  step "Vitest: server integration tests on PostgreSQL (beside every other step; output at the end)"
  TEST_DATABASE_URL="$pg_url" nice -n 10 npx vitest run integration --maxWorkers=1 \
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

# The static checks run beside the unit tests: those leave part of the
# second core idle (their integration tests wait on fsync and timers), and
# the checks are mostly one process at a time. Niced, output printed after.
# (Beside the journeys instead, with the PostgreSQL pass still running,
# the journeys timed out: tried on 2026-12-02.)
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

# The journeys in E2E_SHARDS shards (2) side by side, each with its own
# portal on its own port and data folder (scripts/test/e2e-server.ts): a
# journey mostly waits on the browser and the server (about a quarter of a
# core each), so two at once use the second core. The files are split by
# their recorded time (scripts/test/e2e-shards.mjs), not by count. Each
# shard's output goes to a file, printed when both are done.
if [ "$built" = 1 ]; then
  shards="${E2E_SHARDS:-2}"
  step "Playwright: browser journeys in Chromium, on the compiled server, $shards shards side by side"
  pw_pids=()
  for i in $(seq 1 "$shards"); do
    echo "playwright-$i.json" >>"$out/expected-reports.txt"
    # A list that cannot be made fails the run by name; its shard runs nothing.
    files=$(node scripts/test/e2e-shards.mjs "$i" "$shards") || step_failed "journey files of shard $i"
    E2E_PORT=$((4172 + i)) PW_JSON_OUTPUT="$out/playwright-$i.json" E2E_FILES="$files" \
      npx playwright test --output="test-results/shard-$i" \
      >"$out/playwright-$i.log" 2>&1 &
    pw_pids+=($!)
  done
  for i in $(seq 1 "$shards"); do
    wait "${pw_pids[$((i - 1))]}" || status=1
    step "Playwright shard $i of $shards: its output"
    cat "$out/playwright-$i.log"
  done
fi

if [ -n "$pg_pid" ]; then
  wait "$pg_pid" || status=1
  step "Vitest on PostgreSQL: its output"
  cat "$out/vitest-postgres.log"
fi

step "Results"
node scripts/test/count-results.mjs "$out" || status=1
exit $status
