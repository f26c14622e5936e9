#!/usr/bin/env bash
# `npm run lint` (and the first step of `npm test`): every check that reads the sources without
# running them. C++: clang-format, clang-tidy (.clang-tidy). JS: Prettier, ESLint and TypeScript's
# checker over the JSDoc types (tests/lint/tsconfig.json; the service worker: tsconfig.sw.json).
# Stops at the first step that finds something, with the tool's own message; each step prints
# its time.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export AL_NEED_LINT=1
# shellcheck source=../wasm/toolchain.sh
source wasm/toolchain.sh
al_ensure_toolchain
al_ensure_node_modules "$root"
bin=node_modules/.bin

step() {  # step NAME COMMAND...: runs it, then prints "lint: NAME ok (1.2 s)"
  local name=$1 t0=${EPOCHREALTIME/./}
  shift
  "$@"
  local us=$((${EPOCHREALTIME/./} - t0))
  printf 'lint: %s ok (%d.%d s)\n' "$name" $((us / 1000000)) $((us / 100000 % 10))
}

# Every C++ source the project writes (Emscripten's output in build/ is not ours).
mapfile -t cxx < <(find src wasm tests/cpp tests/bench -name '*.cpp' -o -name '*.hpp' | sort)

step clang-format clang-format --dry-run -Werror "${cxx[@]}"

# clang-tidy compiles each file as the native build does, from its compile_commands.json (written
# by configuring, which takes seconds and picks up new files). Only src/, the core: it is the slow
# step, one file per process on every core.
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
tidy() {
  find src -name '*.cpp' | sort |
    xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 clang-tidy -p build/native --quiet 2>/dev/null
}
step clang-tidy tidy
step prettier "$bin/prettier" --check --log-level warn '**/*.{js,mjs,css}'
step eslint "$bin/eslint" --config tests/lint/eslint.config.js --max-warnings 0 .
step tsc "$bin/tsc" -p tests/lint/tsconfig.json
step tsc-sw "$bin/tsc" -p tests/lint/tsconfig.sw.json
