#!/usr/bin/env bash
# ripple taken in by another project's add_subdirectory()
# (tests/consumers/subdirectory): the library builds alone, with none of the
# program's dependencies to be found, and static, so that a host with a glad
# of its own links it and runs ripple's water on its own context.
#   tests/subdirectory_consumer.sh SOURCE_DIR SCRATCH
set -euo pipefail
source=$1 scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch/pkgconfig"
cd "$scratch"

# The program's dependencies are out of reach: the only .pc file is stb's,
# so a pkg_check_modules for ImGui or FFmpeg's libraries fails, and a
# find_package for GLFW, CLI11, nlohmann-json or GoogleTest is refused.
ln -s "$(pkg-config --variable=pcfiledir stb)/stb.pc" pkgconfig/
not_needed=()
for package in glfw3 CLI11 nlohmann_json GTest; do not_needed+=("-DCMAKE_DISABLE_FIND_PACKAGE_$package=ON"); done
PKG_CONFIG_LIBDIR=$scratch/pkgconfig PKG_CONFIG_PATH='' \
  cmake -S "$source/tests/consumers/subdirectory" -B build -DRIPPLE_SOURCE_DIR="$source" "${not_needed[@]}" \
  >configure.log 2>&1 || { cat configure.log; exit 1; }
cmake --build build -j"$(nproc)" >build.log 2>&1 || { grep -v '^\[' build.log | tail -n 60; exit 1; }

# The archive defines none of glad's names: they are ripple_glad...
archive=$(find build/ripple -name libripple.a)
defined=$(nm --defined-only --extern-only "$archive" | awk 'NF == 3 {print $3}')
clashing=$(grep -E '^(glad|GLAD_)' <<<"$defined" || true)
[[ -z $clashing ]] || { echo "libripple.a defines glad's own names: $(head -n 5 <<<"$clashing" | xargs)..."; exit 1; }
grep -qx ripple_gladLoadGL <<<"$defined" || { echo "libripple.a has no ripple_gladLoadGL: its glad was not renamed"; exit 1; }

./build/cpu_only heights.npy
[[ $(stat -c %s heights.npy) -eq $((128 + 320 * 180 * 4)) ]] || { echo "cpu_only: heights.npy has the wrong size"; exit 1; }
./build/glad_host
