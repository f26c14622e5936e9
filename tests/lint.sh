#!/usr/bin/env bash
# `npm run lint` (and the first step of `npm test`): every check that reads the sources without
# running them. C++: clang-format, clang-tidy (.clang-tidy). JS: Prettier, ESLint and TypeScript's
# checker over the JSDoc types (tests/lint/tsconfig.json; the service worker: tsconfig.sw.json).
# Stops at clang-format's findings; the other checks run side by side and all finish, each with
# the tool's own message; each step prints its time.
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

# clang-tidy reads the whole core, src/, as one translation unit that includes each of its files:
# the standard library and xsimd are parsed and matched once, not once per file (8 s against 90
# core-seconds), and the diagnostics are the same, since the checks look at one file's code at a
# time. That asks one thing of the core: no two of its files define the same internal name, the
# rule its unity build keeps already; a clash fails here, as a compile error. The flags are the hot
# core's, from a configure of the native build of its own (less than a second).
cmake -S . -B build/lint -DCMAKE_BUILD_TYPE=Release -DAL_UNITY_BUILD=OFF >/dev/null
tidy() {
  local unity=build/lint/core_unity.cpp flags
  find "$root/src" -name '*.cpp' | sort |
    sed 's|.*|#include "&"  // NOLINT(bugprone-suspicious-include)|' >"$unity"
  # the compile command of a file of al_core, without the compiler, its output and its input
  flags=$(node -e '
    const db = require(process.argv[1]);
    const cmd = db.find((e) => e.command.includes("/al_core.dir/")).command.split(/\s+/);
    const skip = new Set(["-o", "-c"]);
    console.log(cmd.slice(1).filter((a, i, all) => !skip.has(a) && !skip.has(all[i - 1])).join(" "));
  ' "$root/build/lint/compile_commands.json")
  # shellcheck disable=SC2086 # the flags are words
  clang-tidy --quiet "$unity" -- $flags 2>/dev/null || {
    echo "lint: clang-tidy reads src/ as one unit ($unity): a 'redefinition' error means two" \
      "files of src/ define the same internal name; give one of them another" >&2
    return 1
  }
}
# The JS checks run beside it, in two lanes of about the same length.
types() {
  step eslint "$bin/eslint" --config tests/lint/eslint.config.js --max-warnings 0 .
  step tsc "$bin/tsc" -p tests/lint/tsconfig.json
  step tsc-sw "$bin/tsc" -p tests/lint/tsconfig.sw.json
}
types &
types_pid=$!
rc=0
step clang-tidy tidy || rc=$?
step prettier "$bin/prettier" --check --log-level warn '**/*.{js,mjs,css}' || rc=$?
wait "$types_pid" || rc=$?
exit "$rc"
