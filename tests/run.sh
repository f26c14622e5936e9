#!/usr/bin/env bash
# `npm test`: installs what a fresh machine lacks, builds, then runs every suite:
# C++ (native and WASM under Node, through ctest), JS (node:test over the module
# and the CLI) and the browser tests (playwright-core + Debian chromium).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export AL_NEED_BROWSER=1
# shellcheck source=../wasm/toolchain.sh
source wasm/toolchain.sh
al_ensure_toolchain

if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/katex ]; then
  npm ci --no-audit --no-fund
fi
npm run --silent build

echo "== C++ suites (native, then WASM under Node) =="
ctest --test-dir build/native --output-on-failure
ctest --test-dir build/wasm --output-on-failure

echo "== JS and browser suites =="
node --test --test-concurrency=1 tests/js/ tests/e2e/
