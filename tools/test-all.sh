#!/usr/bin/env bash
# Runs every test: C++ unit tests (GoogleTest under node, via ctest; in the simd-threaded and the
# relaxed-simd-threaded trees), the layer check, JS unit tests (jest; and node:test files, *.node.mjs,
# for what jest's VM cannot host: pthreads, child processes), the WPT conformance runner, a smoke run of
# bench/kernels-vs-xnnpack.mjs (both engines load and agree on every operator it times), the
# onnxruntime-web model tests (WPT and models again on the relaxed SIMD build), a language model's decode loop
# through onnxruntime-web (4-bit MatMulNBits, the KV cache kept in MLTensors), the node22 suite (the
# node:test files, WPT, the models and the tarball's ESM and CommonJS again under Node 22, which picks the
# relaxed SIMD build by itself; tools/test-node22.sh), the browser tests (Chromium; then Firefox ESR and
# WebKitGTK, test/browser/engines.mjs) and the package test (npm pack, then types, Node, Vite, webpack,
# esbuild and a strict CSP from the tarball).
# A suite that exits 77 cannot run on this machine (the node22 suite off Linux x86-64): it is reported
# SKIPPED and listed in the totals, and does not fail the run.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
failed=()
skipped=()
run() {
  local name=$1; shift
  echo "=== $name: $*"
  "$@"
  case $? in
    0) echo "=== $name: ok" ;;
    77) echo "=== $name: SKIPPED"; skipped+=("$name") ;;
    *) echo "=== $name: FAILED"; failed+=("$name") ;;
  esac
}
run layers python3 tools/check-layers.py
run ctest ctest --test-dir build/simd-threaded --output-on-failure
# The relaxed SIMD build (Node 20: behind a flag, which its tree's test command and these runs pass;
# Node 22 has it on and rejects the flag).
relaxed_flag=(); node --v8-options | grep -- '--experimental-wasm-relaxed-simd' >/dev/null && relaxed_flag=(--experimental-wasm-relaxed-simd)
run ctest-relaxed ctest --test-dir build/relaxed-simd-threaded --output-on-failure
run jest node --experimental-vm-modules node_modules/.bin/jest --ci
run node-tests node --no-experimental-fetch --test test/unit/js/*.node.mjs
run wpt node --no-experimental-fetch test/wpt/run.mjs
run wpt-relaxed node --no-experimental-fetch "${relaxed_flag[@]}" test/wpt/run.mjs --expect-variant relaxed-simd-threaded
run bench-smoke node --no-experimental-fetch bench/kernels-vs-xnnpack.mjs --smoke
run bench-threads-smoke node --no-experimental-fetch bench/thread-scaling.mjs --smoke
run bench-operators node --no-experimental-fetch bench/operators.mjs
if [[ -f test/models/ort-models.test.mjs ]]; then
  run ort-node node --no-experimental-fetch test/models/ort-models.test.mjs
  run ort-node-relaxed node --no-experimental-fetch "${relaxed_flag[@]}" test/models/ort-models.test.mjs --expect-variant relaxed-simd-threaded
  run ort-decode node --no-experimental-fetch test/models/decode-loop.test.mjs
fi
run node22 bash tools/test-node22.sh
run docs node test/docs/run.mjs
if [[ -f test/browser/run.mjs && ${WEBNN_SKIP_BROWSER:-0} != 1 ]]; then run browser node test/browser/run.mjs; fi
if [[ -f test/browser/engines.mjs && ${WEBNN_SKIP_BROWSER:-0} != 1 ]]; then run engines node test/browser/engines.mjs; fi
if [[ ${WEBNN_SKIP_BROWSER:-0} == 1 ]]; then run package node test/package/run.mjs --no-browser; else run package node test/package/run.mjs; fi
if ((${#skipped[@]})); then echo "SKIPPED (cannot run on this machine): ${skipped[*]}"; fi
if ((${#failed[@]})); then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
if ((${#skipped[@]})); then echo "the test suites that ran passed (${#skipped[@]} skipped)"; else echo "all test suites passed"; fi
