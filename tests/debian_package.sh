#!/usr/bin/env bash
# `cpack -G DEB` makes a Debian package of the program, the library, its
# headers and its CMake and pkg-config files, with its dependencies found by
# dpkg-shlibdeps; cpu_only builds against the package unpacked and runs.
#   tests/debian_package.sh BUILD_DIR SOURCE_DIR SCRATCH [sanitize]
set -euo pipefail
build=$1 source=$2 scratch=$3
cmake_flags=()
[[ ${4:-} == sanitize ]] &&
  cmake_flags=("-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined" "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined")
rm -rf "$scratch"
mkdir -p "$scratch"
(cd "$scratch" && cpack -G DEB --config "$build/CPackConfig.cmake" >cpack.log) || { cat "$scratch/cpack.log"; exit 1; }
deb=$(ls "$scratch"/ripple_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
echo "$(basename "$deb"): Depends: $depends"
for needed in libc6 libglfw3 libavcodec libstb0 libegl1 libgl1; do
  grep -q "$needed" <<<"$depends" || { echo "the package does not depend on $needed"; exit 1; }
done
dpkg-deb -x "$deb" "$scratch/root"
for f in usr/bin/ripple usr/include/ripple/ripple.hpp usr/include/ripple/export.hpp; do
  [[ -e $scratch/root/$f ]] || { echo "not in the package: $f"; exit 1; }
done
for f in 'libripple.so.0.2.0' 'rippleConfig.cmake' 'ripple.pc'; do
  [[ -n $(find "$scratch/root" -name "$f") ]] || { echo "not in the package: $f"; exit 1; }
done
cmake -S "$source/examples/cpu_only" -B "$scratch/cpu_only" -DCMAKE_PREFIX_PATH="$scratch/root/usr" "${cmake_flags[@]}" \
  >"$scratch/configure.log" || { cat "$scratch/configure.log"; exit 1; }
cmake --build "$scratch/cpu_only" >"$scratch/build.log" || { cat "$scratch/build.log"; exit 1; }
(cd "$scratch" && ./cpu_only/cpu_only heights.npy)
