#!/usr/bin/env bash
# Builds both wasm variants into dist/ and the JS bundles. Usage: tools/build.sh [--tests]
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}  # Debian's emscripten needs acorn from here
jobs=$(nproc)
tests=OFF
[[ ${1:-} == --tests ]] && tests=ON
for variant in simd-threaded simd; do
  threads=ON; [[ $variant == simd ]] && threads=OFF
  dir=build/$variant
  # Unit tests are built in the threaded tree only, so the thread pool is tested with real threads.
  t=OFF; [[ $variant == simd-threaded ]] && t=$tests
  if [[ ! -f $dir/build.ninja ]]; then
    emcmake cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWEBNN_THREADS=$threads \
      -DWEBNN_BUILD_TESTS=$t "-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node;--no-experimental-fetch" >/dev/null
  else
    cmake "$dir" -DWEBNN_BUILD_TESTS=$t >/dev/null
  fi
  cmake --build "$dir" -j "$jobs"
done
node tools/bundle-js.mjs
