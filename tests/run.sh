#!/usr/bin/env bash
# `npm test`: installs what a fresh machine lacks, lints (tests/lint.sh: a lint error fails CI),
# builds, then runs every suite: C++ (native and WASM under Node, through ctest), JS (node:test
# over the module and the CLI) and the browser tests (playwright-core + Debian chromium). Each
# step prints its time. The JS suites, one Node process per file with no clock in their
# assertions, run as many files at a time as there are cores; the browser tests two files at a
# time, and the few tests that time what a reader waits for one file at a time, after them. The native and WebAssembly C++ suites, one process each, run side by side.
# (`npm run test:fast`: the quick loop, tests/fast.sh.)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export AL_NEED_BROWSER=1 AL_NEED_LINT=1
# shellcheck source=../wasm/toolchain.sh
source wasm/toolchain.sh
al_ensure_toolchain
al_ensure_node_modules "$root"
jobs=$(nproc 2>/dev/null || echo 2)
t0=$SECONDS
step_start=$SECONDS
done_step() {  # "== <step> took N s (M s in all) =="
  echo "== $1 took $((SECONDS - step_start)) s ($((SECONDS - t0)) s in all) =="
  step_start=$SECONDS
}

echo "== Lint (formatting, ESLint, types) =="
bash tests/lint.sh
done_step lint
npm run --silent build
done_step build

echo "== C++ suites (native, and WASM under Node, side by side) =="
ctest_suite() {  # prints the doctest summary (test cases, assertions); everything on failure
  local log
  log=$(mktemp)
  if ctest --test-dir "$1" -V >"$log" 2>&1; then
    # (colour codes stripped: doctest under Node thinks it writes to a terminal)
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '\[doctest\] (test cases|assertions)|tests passed'
  else
    tail -n 300 "$log"
    return 1
  fi
}
native_log=$(mktemp)
ctest_suite build/native >"$native_log" 2>&1 &
native=$!
wasm_ok=0
ctest_suite build/wasm || wasm_ok=$?
native_ok=0
wait "$native" || native_ok=$?
cat "$native_log"
rm -f "$native_log"
if [ "$native_ok" != 0 ] || [ "$wasm_ok" != 0 ]; then exit 1; fi
done_step 'C++ suites'

echo "== JS suites =="
node --test --test-concurrency="$jobs" tests/js/
done_step 'JS suites'

echo "== Browser suites =="
# Two files at a time, except the tests that bound how long the page's main thread is busy (a
# task's length, a Cancel's latency), declared with timedTest (tests/e2e/parts.mjs): a second
# browser beside them would stretch what they time, so they run after, one file at a time. The
# files that hold some run their other tests in the paired part (AL_E2E_PART=untimed).
mapfile -t timed < <(grep -l 'timedTest(' tests/e2e/*.test.mjs)
[ "${#timed[@]}" -gt 0 ] || { echo "run.sh: no timed browser test found" >&2; exit 1; }
# The longest paired files start first, so that no long file starts late and leaves the other
# slot idle at the end (their order only schedules; a name missing here just runs in turn). Node's
# `--test FILES` would sort them by name: tests/e2e/run-in-order.mjs keeps this order.
long_first=(page a11y embed-compact captions publish glu swap-cost embed-failure article embed ship
  transformer seeds images twin-draw figures twin-deep seeds-transformer transformer-robust
  seeds-data twin robust)
paired=()
for name in "${long_first[@]}"; do
  [ -f "tests/e2e/$name.test.mjs" ] && paired+=("tests/e2e/$name.test.mjs")
done
for f in tests/e2e/*.test.mjs; do
  [[ " ${long_first[*]} " == *" $(basename "$f" .test.mjs) "* ]] || paired+=("$f")
done
AL_E2E_PART=untimed node tests/e2e/run-in-order.mjs 2 "${paired[@]}"
AL_E2E_PART=timed node --test --test-concurrency=1 "${timed[@]}"
done_step 'browser suites'
