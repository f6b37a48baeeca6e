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
