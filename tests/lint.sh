#!/usr/bin/env bash
# `npm run lint` (and the first step of `npm test`): every check that reads the sources without
# running them. C++: clang-format, clang-tidy (.clang-tidy). JS: Prettier, ESLint and TypeScript's
# checker over the JSDoc types (tests/lint/tsconfig.json; the service worker: tsconfig.sw.json).
# Stops at the first step that finds something, with the tool's own message (clang-tidy and the
# JS checks run side by side: both finish); each step prints its time.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export AL_NEED_LINT=1
# shellcheck source=../wasm/toolchain.sh
source wasm/toolchain.sh
al_ensure_toolchain
al_ensure_node_modules "$root"
bin=node_modules/.bin

step() {  # step NAME COMMAND...: runs it, then prints "lint: NAME ok (1.2 s)" (or "failed")
  local name=$1 t0=${EPOCHREALTIME/./} rc=0
  shift
  "$@" || rc=$?
  local us=$((${EPOCHREALTIME/./} - t0))
  printf 'lint: %s %s (%d.%d s)\n' "$name" "$([ "$rc" = 0 ] && echo ok || echo failed)" \
    $((us / 1000000)) $((us / 100000 % 10))
  return "$rc"
}

# Every C++ source the project writes (Emscripten's output in build/ is not ours).
mapfile -t cxx < <(find src wasm tests/cpp tests/bench -name '*.cpp' -o -name '*.hpp' | sort)

step clang-format clang-format --dry-run -Werror "${cxx[@]}"

# clang-tidy compiles each file as the native build does, from the compile_commands.json of a
# configure of its own (seconds; it picks up new files) with the unity build off, so that the
# database has one command per source file. Only src/, the core: it is the slow step, one file
# per process on every core. The JS checks run beside it, each on one core, so that the slowest
# of the two sides sets the time; a failing side prints its own message.
cmake -S . -B build/lint -DCMAKE_BUILD_TYPE=Release -DAL_UNITY_BUILD=OFF >/dev/null
tidy() {
  find src -name '*.cpp' | sort |
    xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 clang-tidy -p build/lint --quiet 2>/dev/null
}
js_checks() {
  step prettier "$bin/prettier" --check --log-level warn '**/*.{js,mjs,css}'
  step eslint "$bin/eslint" --config tests/lint/eslint.config.js --max-warnings 0 .
  step tsc "$bin/tsc" -p tests/lint/tsconfig.json
  step tsc-sw "$bin/tsc" -p tests/lint/tsconfig.sw.json
}
js_checks &
js=$!
tidy_ok=0
step clang-tidy tidy || tidy_ok=$?
js_ok=0
wait "$js" || js_ok=$?
if [ "$tidy_ok" != 0 ] || [ "$js_ok" != 0 ]; then exit 1; fi
