#!/usr/bin/env bash
# Runs every test: C++ unit tests (GoogleTest under node, via ctest; in the simd-threaded and the
# relaxed-simd-threaded trees), the layer check, JS unit tests (jest; and node:test files, *.node.mjs,
# for what jest's VM cannot host: pthreads, child processes), the WPT conformance runner, a smoke run of
# bench/kernels-vs-xnnpack.mjs (both engines load and agree on every operator it times), the
# onnxruntime-web model tests (WPT and models again on the relaxed SIMD build), the browser tests
# (Chromium; then Firefox ESR and WebKitGTK, test/browser/engines.mjs) and the package test
# (npm pack, then types, Node, Vite, webpack, esbuild and a strict CSP from the tarball).
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
failed=()
run() {
  local name=$1; shift
  echo "=== $name: $*"
  if "$@"; then echo "=== $name: ok"; else echo "=== $name: FAILED"; failed+=("$name"); fi
}
run layers python3 tools/check-layers.py
run ctest ctest --test-dir build/simd-threaded --output-on-failure
# The relaxed SIMD build (Node 20: behind a flag, which its tree's test command and these runs pass).
run ctest-relaxed ctest --test-dir build/relaxed-simd-threaded --output-on-failure
run jest node --experimental-vm-modules node_modules/.bin/jest --ci
run node-tests node --no-experimental-fetch --test test/unit/js/*.node.mjs
run wpt node --no-experimental-fetch test/wpt/run.mjs
run wpt-relaxed node --no-experimental-fetch --experimental-wasm-relaxed-simd test/wpt/run.mjs
run bench-smoke node --no-experimental-fetch bench/kernels-vs-xnnpack.mjs --smoke
if [[ -f test/models/ort-models.test.mjs ]]; then
  run ort-node node --no-experimental-fetch test/models/ort-models.test.mjs
  run ort-node-relaxed node --no-experimental-fetch --experimental-wasm-relaxed-simd test/models/ort-models.test.mjs
fi
if [[ -f test/browser/run.mjs && ${WEBNN_SKIP_BROWSER:-0} != 1 ]]; then run browser node test/browser/run.mjs; fi
if [[ -f test/browser/engines.mjs && ${WEBNN_SKIP_BROWSER:-0} != 1 ]]; then run engines node test/browser/engines.mjs; fi
if [[ ${WEBNN_SKIP_BROWSER:-0} == 1 ]]; then run package node test/package/run.mjs --no-browser; else run package node test/package/run.mjs; fi
if ((${#failed[@]})); then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all test suites passed"
