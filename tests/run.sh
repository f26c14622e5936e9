#!/usr/bin/env bash
# `npm test`: installs what a fresh machine lacks, lints (tests/lint.sh: a lint error fails CI),
# builds, then runs every suite: C++ (native and WASM under Node, through ctest), JS (node:test
# over the module and the CLI) and the browser tests (playwright-core + Debian chromium).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export AL_NEED_BROWSER=1 AL_NEED_LINT=1
# shellcheck source=../wasm/toolchain.sh
source wasm/toolchain.sh
al_ensure_toolchain
al_ensure_node_modules "$root"
echo "== Lint (formatting, ESLint, types) =="
bash tests/lint.sh
npm run --silent build

echo "== C++ suites (native, then WASM under Node) =="
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
ctest_suite build/native
ctest_suite build/wasm

echo "== JS and browser suites =="
node --test --test-concurrency=1 tests/js/ tests/e2e/
