#!/usr/bin/env bash
# Checks the C++ files' format, then builds ripple and runs every test,
# twice: the normal build (with the web engine's tests in Chromium and
# Firefox), then a Debug build with AddressSanitizer + UndefinedBehaviorSanitizer
# (GL debug output on, any report fails) of a static libripple, so that
# both kinds of library meet every test but the Debian packages' (shared
# alone). CI runs this through the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

./scripts/check-format.sh

cmake -S . -B build
cmake --build build -j"$jobs"
ctest --test-dir build -j"$jobs" --output-on-failure

# The web engine and its page in headless Chromium, against build/ripple,
# then in Firefox ESR (its WebGL 2 needs a display: a virtual one).
./scripts/build-web.sh
node web/test/run.mjs build-web/site build/ripple
xvfb-run -a -s "-screen 0 1280x800x24" node web/test/firefox.mjs build-web/site build/ripple

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DRIPPLE_SANITIZE=ON -DRIPPLE_SHARED=OFF
cmake --build build-asan -j"$jobs"
ctest --test-dir build-asan -j"$jobs" --output-on-failure
