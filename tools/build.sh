#!/usr/bin/env bash
# Builds the three wasm variants into dist/ and the JS bundles. Usage: tools/build.sh [--tests]
# relaxed-simd-threaded is simd-threaded with relaxed SIMD GEMM tiles, compiled by clang 19
# (cmake/relaxed-simd.cmake); the loader picks it where the engine validates relaxed SIMD.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}  # Debian's emscripten needs acorn from here
jobs=$(nproc)
tests=OFF
[[ ${1:-} == --tests ]] && tests=ON
for variant in simd-threaded simd relaxed-simd-threaded; do
  threads=ON; [[ $variant == simd ]] && threads=OFF
  relaxed=OFF; [[ $variant == relaxed-* ]] && relaxed=ON
  dir=build/$variant
  # Unit tests are built in the threaded trees only, so the thread pool is tested with real threads; the
  # relaxed tree's run its relaxed tiles (Node 20 has relaxed SIMD behind a flag).
  t=OFF; [[ $variant == *-threaded ]] && t=$tests
  emulator="/usr/bin/node;--no-experimental-fetch"
  # Node 20 has relaxed SIMD behind this flag; Node 22 has it on and rejects the flag.
  if [[ $relaxed == ON ]] && node --v8-options | grep -- '--experimental-wasm-relaxed-simd' >/dev/null; then
    emulator+=";--experimental-wasm-relaxed-simd"
  fi
  if [[ ! -f $dir/build.ninja ]]; then
    emcmake cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWEBNN_THREADS=$threads -DWEBNN_RELAXED_SIMD=$relaxed \
      -DWEBNN_BUILD_TESTS=$t "-DCMAKE_CROSSCOMPILING_EMULATOR=$emulator" >/dev/null
  else
    cmake "$dir" -DWEBNN_BUILD_TESTS=$t >/dev/null
  fi
  cmake --build "$dir" -j "$jobs"
done
node tools/bundle-js.mjs
