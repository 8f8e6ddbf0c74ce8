#!/usr/bin/env bash
# `cpack -G DEB` makes Debian's three packages: libripple<X.Y> (the shared
# library in the multiarch folder), libripple-dev (headers, CMake package,
# ripple.pc, the .so link) and ripple (the program, its documents and man
# page). Checks their names, contents, Depends and control files, lintian
# (no error, when it is installed), and builds examples/cpu_only and
# tests/consumers/toml_host against the library's two packages unpacked,
# with CMake and with pkg-config, and runs them.
#   tests/debian_package.sh BUILD_DIR SOURCE_DIR SCRATCH [sanitize]
set -euo pipefail
build=$1 source=$2 scratch=$3
flags=()
[[ ${4:-} == sanitize ]] && flags=(-fsanitize=address,undefined)
cmake_flags=()
((${#flags[@]})) && cmake_flags=("-DCMAKE_CXX_FLAGS=${flags[*]}" "-DCMAKE_EXE_LINKER_FLAGS=${flags[*]}")
fail() {
  echo "$*"
  exit 1
}
rm -rf "$scratch"
mkdir -p "$scratch"
cd "$scratch"
cpack -G DEB --config "$build/CPackConfig.cmake" >cpack.log 2>&1 || { cat cpack.log; exit 1; }

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
soversion=${version%.*}
arch=$(dpkg --print-architecture)
libdir=usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)
lib=libripple${soversion}_${version}_$arch.deb dev=libripple-dev_${version}_$arch.deb program=ripple_${version}_$arch.deb
[[ $(ls -- *.deb | sort | xargs) == "$(printf '%s\n' "$lib" "$dev" "$program" | sort | xargs)" ]] ||
  fail "cpack made $(ls -- *.deb | xargs), not $lib $dev $program"

# What each package holds (files and links), and none in two.
has() {  # has PACKAGE PATH...
  local listing
  listing=$(dpkg-deb -c "$1" | awk '{print $6}')
  for path in "${@:2}"; do grep -qxF "./$path" <<<"$listing" || fail "$1 does not hold /$path"; done
}
lacks() {  # lacks PACKAGE PATTERN
  ! dpkg-deb -c "$1" | awk '{print $6}' | grep -qE "$2" || fail "$1 holds $(dpkg-deb -c "$1" | awk '{print $6}' | grep -E "$2")"
}
doc() { echo "usr/share/doc/$1/copyright usr/share/doc/$1/changelog.gz"; }
# shellcheck disable=SC2046
has "$lib" "$libdir/libripple.so.$version" "$libdir/libripple.so.$soversion" $(doc "libripple$soversion")
lacks "$lib" '(libripple\.so$|include/|/bin/)'
# shellcheck disable=SC2046
has "$dev" usr/include/ripple/ripple.hpp usr/include/ripple/export.hpp "$libdir/libripple.so" \
  "$libdir/pkgconfig/ripple.pc" "$libdir/cmake/ripple/rippleConfig.cmake" "$libdir/cmake/ripple/rippleTargets.cmake" \
  $(doc libripple-dev)
lacks "$dev" "libripple\.so\.$soversion"
# shellcheck disable=SC2046
has "$program" usr/bin/ripple usr/share/man/man1/ripple.1.gz usr/share/doc/ripple/README.md $(doc ripple)
lacks "$program" 'libripple'
twice=$(for deb in *.deb; do dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $6}'; done | sort | uniq -d)
[[ -z $twice ]] || fail "in two packages: $twice"

# Depends: the -dev package this very library; the others what they link
# (dpkg-shlibdeps) and the GL loaders they open.
depends_on() {  # depends_on PACKAGE NEEDED...
  local depends
  depends=$(dpkg-deb -f "$1" Depends)
  echo "$1: Depends: $depends"
  for needed in "${@:2}"; do grep -qF "$needed" <<<"$depends" || fail "$1 does not depend on $needed"; done
}
depends_on "$dev" "libripple$soversion (= $version)"
depends_on "$lib" libc6 libstdc++6 libstb0 libtomlplusplus3 libegl1 libgl1
depends_on "$program" libc6 libglfw3 libavcodec libegl1 libgl1 "libripple$soversion (= $version)"
# The library's control files: a shlibs file, and ldconfig run by trigger.
dpkg-deb -e "$lib" control
grep -qxF "libripple $soversion libripple$soversion (>= $version)" control/shlibs ||
  fail "$lib's shlibs file says: $(cat control/shlibs)"
grep -qx 'activate-noawait ldconfig' control/triggers || fail "$lib activates no ldconfig trigger"
[[ ! -e control/postinst && ! -e control/postrm ]] || fail "$lib has maintainer scripts: $(ls control)"

mkdir root
for deb in *.deb; do dpkg-deb -x "$deb" root; done
for binary in "root/usr/bin/ripple" "root/$libdir/libripple.so.$version"; do
  ! readelf -S "$binary" | grep -qE '\.(symtab|debug_info)' || fail "$binary is not stripped"
done
zcat root/usr/share/man/man1/ripple.1.gz | grep -qF -- '\-\-headless' || fail "ripple.1 does not list --headless"

if command -v lintian >/dev/null; then
  lintian --tag-display-limit 0 -- *.deb >lintian.log 2>&1 || true
  grep -E '^[EW]: ' lintian.log | cut -d' ' -f1-3 | sort | uniq -c || true
  ! grep -q '^E: ' lintian.log || { grep '^E: ' lintian.log; fail "lintian reports errors"; }
else
  echo "lintian is not installed: the packages were not checked by it"
fi

# The library's packages, unpacked, build a program by CMake...
for project in "$source/examples/cpu_only" "$source/tests/consumers/toml_host"; do
  name=$(basename "$project")
  cmake -S "$project" -B "$name" -DCMAKE_PREFIX_PATH="$scratch/root/usr" "${cmake_flags[@]}" \
    >"$name.configure.log" 2>&1 || { cat "$name.configure.log"; exit 1; }
  cmake --build "$name" >"$name.build.log" 2>&1 || { cat "$name.build.log"; exit 1; }
done
./cpu_only/cpu_only heights.npy >/dev/null
./toml_host/toml_host
# ...and by pkg-config alone: only the packages' .pc files in reach, not
# stb's or toml++'s, which ripple.pc must not need.
pc() { PKG_CONFIG_LIBDIR=$scratch/root/$libdir/pkgconfig PKG_CONFIG_PATH='' pkg-config "$@" ripple; }
pc --cflags --libs >/dev/null || fail "pkg-config --cflags --libs ripple fails with only ripple's packages"
for program_source in "$source/examples/cpu_only/main.cpp" "$source/tests/consumers/toml_host/main.cpp"; do
  # shellcheck disable=SC2046
  g++ -std=c++17 "${flags[@]}" "$program_source" -o by_pkg_config $(pc --cflags --libs) \
    -Wl,-rpath,"$(pc --variable=libdir)"
  ./by_pkg_config >/dev/null
done
echo "debian_package: $lib $dev $program"
