#!/usr/bin/env bash
# `npm run test:fast`: the developer's loop, a few minutes instead of `npm test`'s many. Builds what
# changed (the native test binary, the two ES modules, dist/), then runs the C++ suite natively,
# the node suites that take seconds (tests/js without the CLI, parity and image-training files,
# which `npm test` runs), and one browser smoke test: the whole article loads with every figure
# and no console error. No lint, no WebAssembly C++ suite, no other browser test: `npm test` (and
# CI) runs everything.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export AL_NEED_BROWSER=1
# shellcheck source=../wasm/toolchain.sh
source wasm/toolchain.sh
al_ensure_toolchain
al_ensure_node_modules "$root"
jobs=$(nproc 2>/dev/null || echo 2)
t0=$SECONDS
lap() { echo "-- $1 ($((SECONDS - t0)) s so far)"; }

echo "== Build (what changed) =="
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j "$jobs" --target al_tests
bash wasm/build.sh --site
node web/build.mjs
lap build

echo "== C++ suite (native) =="
ctest --test-dir build/native --output-on-failure | tail -n 3
lap 'C++ native'

echo "== Node suites (the quick ones) =="
mapfile -t quick < <(
  find tests/js -maxdepth 1 -name '*.test.mjs' \
    ! -name 'cli*' ! -name 'lm-cli*' ! -name '*parity*' ! -name 'image-*' | sort
)
node --test --test-concurrency="$jobs" "${quick[@]}"
lap node

echo "== Browser smoke (the article, every figure) =="
node --test --test-name-pattern='^loads with no console error' tests/e2e/page.test.mjs
lap browser
