#!/usr/bin/env bash
# Finds the toolchain Activation Lab builds with, and installs what is missing
# where it can (Debian/Ubuntu as root, from the distribution's packages).
# Elsewhere it stops with one message naming exactly what to install.
# Sourced by wasm/build.sh and tests/run.sh; also runnable alone.
set -euo pipefail

# em++ of Debian's emscripten finds its JS dependencies (acorn, ...) only here.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"

al_missing_packages() {
  local missing=()
  command -v cmake >/dev/null            || missing+=(cmake)
  command -v g++ >/dev/null              || missing+=(g++)
  command -v em++ >/dev/null             || missing+=(emscripten)
  [ -f /usr/include/xsimd/xsimd.hpp ] || [ -f /usr/local/include/xsimd/xsimd.hpp ] \
                                         || missing+=(libxsimd-dev)
  [ -f /usr/include/doctest/doctest.h ] || [ -f /usr/local/include/doctest/doctest.h ] \
                                         || missing+=(doctest-dev)
  command -v wasm-objdump >/dev/null     || missing+=(wabt)
  if [ "${AL_NEED_LINT:-0}" = 1 ]; then
    command -v clang-format >/dev/null   || missing+=(clang-format)
    command -v clang-tidy >/dev/null     || missing+=(clang-tidy)
  fi
  if [ "${AL_NEED_BROWSER:-0}" = 1 ]; then
    command -v chromium >/dev/null       || missing+=(chromium)
  fi
  echo "${missing[@]:-}"
}

al_ensure_toolchain() {
  local missing
  al_offer_images
  [ "${AL_NEED_BROWSER:-0}" = 1 ] && al_offer_hugo
  missing=$(al_missing_packages)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "toolchain: installing $missing (apt-get)" >&2
    apt-get update -qq >&2
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2
    missing=$(al_missing_packages)
    [ -z "$missing" ] && return 0
  fi
  cat >&2 <<MSG
toolchain: missing: $missing
Install them: on Debian/Ubuntu 'apt-get install $missing' (as root); elsewhere
Emscripten >= 3.1 (emsdk), xsimd >= 8 and doctest >= 2.4 headers (set AL_DEPS_INCLUDE
to the folder that holds xsimd/ and doctest/), cmake >= 3.18, wabt, Chromium,
clang-format and clang-tidy.
MSG
  return 1
}

# The npm dependencies (KaTeX for the build; playwright-core and the linters for the tests):
# `npm ci` when node_modules lacks one of package.json's devDependencies. $1: the repository.
al_ensure_node_modules() {
  local root=$1
  # (node -e is CommonJS: require reads package.json)
  if (cd "$root" && node -e 'const fs = require("fs");
    const deps = Object.keys(require("./package.json").devDependencies);
    process.exit(deps.every((d) => fs.existsSync("node_modules/" + d + "/package.json")) ? 0 : 1)'); then
    return 0
  fi
  if ! command -v npm >/dev/null; then
    echo "toolchain: missing: npm (Node.js >= 18 with npm; Debian/Ubuntu: apt-get install npm)" >&2
    return 1
  fi
  echo "toolchain: installing the npm dependencies (npm ci)" >&2
  (cd "$root" && npm ci --no-audit --no-fund >&2)
}

# PyTorch for /usr/bin/python3, which only the bench's reference runs use, scikit-learn for the
# moons runs' data (moons_torch_bench.py draws them with make_moons), and OpenBLAS for PyTorch:
# Debian's python3-torch calls libblas.so.3, which is the reference BLAS (naive loops, ~50x
# slower on the bench's products) unless libopenblas0-pthread takes that alternative. Installed
# where they can be; elsewhere the bench goes on, and its figures name the BLAS they ran on.
al_offer_torch() {
  local want=()
  /usr/bin/python3 -c 'import torch' 2>/dev/null || want+=(python3-torch)
  /usr/bin/python3 -c 'import sklearn' 2>/dev/null || want+=(python3-sklearn)
  [ -e /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3 ] ||
    [ -e /usr/lib/aarch64-linux-gnu/openblas-pthread/libblas.so.3 ] ||
    want+=(libopenblas0-pthread)
  [ ${#want[@]} = 0 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "toolchain: installing ${want[*]} (apt-get), for the bench's PyTorch run" >&2
    if apt-get update -qq >&2 &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${want[@]}" >&2; then
      return 0
    fi
  fi
  echo "toolchain: missing ${want[*]} for /usr/bin/python3; the bench will run its PyTorch" \
    "reference without it (or not at all without python3-torch)" >&2
}

# Hugo, which only tests/e2e/hugo.test.mjs uses (it builds a blog with the shipped shortcode):
# installed with the browser tests' dependencies where it can be; elsewhere that test is skipped.
al_offer_hugo() {
  command -v hugo >/dev/null && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "toolchain: installing hugo (apt-get), for the Hugo shortcode's browser test" >&2
    # (the package lists first where they are empty or stale: a fresh container has none)
    local install=(apt-get install -y -qq --no-install-recommends hugo)
    DEBIAN_FRONTEND=noninteractive "${install[@]}" >&2 2>/dev/null && return 0
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive "${install[@]}" >&2 && return 0
  fi
  echo "toolchain: no hugo; tests/e2e/hugo.test.mjs will be skipped" >&2
  return 0
}

# Fashion-MNIST (Debian's dataset-fashion-mnist, MIT), whose subset the build ships
# (web/ship/images.mjs): installed where it can be; elsewhere the build says it skips the subset.
# A folder named by AL_FASHION_MNIST_DIR (wasm/cli-images.mjs IMAGES_DIR) stands in for it.
al_offer_images() {
  [ -d "${AL_FASHION_MNIST_DIR:-/usr/share/datasets/fashion-mnist}" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "toolchain: installing dataset-fashion-mnist (apt-get), for the image subset" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      dataset-fashion-mnist >&2 && return 0
  fi
  echo "toolchain: no dataset-fashion-mnist; the build will not ship the image subset" >&2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  al_ensure_toolchain && echo "toolchain: complete"
fi
