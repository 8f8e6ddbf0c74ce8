#!/usr/bin/env bash
# Builds ripple (Release) and runs the benchmark: a table on stdout and
# bench/results.json. Run it on an idle machine; BENCHMARKS.md says how to
# read the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release
cmake --build build-release -j"$(nproc)" --target ripple-bench
mkdir -p bench
build-release/ripple-bench --json bench/results.json "$@"
