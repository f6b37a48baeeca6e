#!/usr/bin/env bash
# Installs what the build and tests need and is missing: Debian packages (emscripten, chromium,
# googletest, ninja) and the npm dependencies. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v emcc >/dev/null || need+=(emscripten)
command -v ninja >/dev/null || need+=(ninja-build)
command -v cmake >/dev/null || need+=(cmake)
[[ -f /usr/src/googletest/googletest/src/gtest-all.cc ]] || need+=(googletest)
[[ ${WEBNN_SKIP_BROWSER:-0} == 1 ]] || command -v chromium >/dev/null || need+=(chromium)
if ((${#need[@]})); then
  echo "setup: installing ${need[*]}"
  sudo=""; [[ $(id -u) == 0 ]] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [[ ! -d node_modules ]] || [[ package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
