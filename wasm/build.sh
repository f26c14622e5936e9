#!/usr/bin/env bash
# Builds the core twice from the same sources: natively (build/native: tests,
# bench) and with Emscripten (build/wasm: the ES modules, the WASM tests).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=toolchain.sh
source "$here/toolchain.sh"
al_ensure_toolchain
if [ "${AL_WANT_TORCH:-0}" = 1 ]; then al_offer_torch; fi

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$root" -B "$root/build/native" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build/native" -j "$jobs"
emcmake cmake -S "$root" -B "$root/build/wasm" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build/wasm" -j "$jobs"
