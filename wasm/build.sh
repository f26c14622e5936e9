#!/usr/bin/env bash
# Builds the core twice from the same sources: natively (build/native: tests, bench) and with
# Emscripten (build/wasm: the ES modules, the WASM tests). `--site`: only what the page needs,
# the two ES modules (npm start), without the test and bench binaries. Either way it first
# installs what is missing: the toolchain (toolchain.sh) and the npm dependencies.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
site_only=0
for arg in "$@"; do
  case "$arg" in
    --site) site_only=1 ;;
    *) echo "wasm/build.sh: unknown option $arg (known: --site)" >&2 && exit 2 ;;
  esac
done
# shellcheck source=toolchain.sh
source "$here/toolchain.sh"
al_ensure_toolchain
al_ensure_node_modules "$root"
if [ "${AL_WANT_TORCH:-0}" = 1 ]; then al_offer_torch; fi

jobs=$(nproc 2>/dev/null || echo 2)
if [ "$site_only" = 0 ]; then
  cmake -S "$root" -B "$root/build/native" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$root/build/native" -j "$jobs"
fi
emcmake cmake -S "$root" -B "$root/build/wasm" -DCMAKE_BUILD_TYPE=Release >/dev/null
if [ "$site_only" = 1 ]; then
  cmake --build "$root/build/wasm" -j "$jobs" --target al_module al_module_scalar
else
  cmake --build "$root/build/wasm" -j "$jobs"
fi
