#!/usr/bin/env bash
# The program is a client of libripple's public API (include/ripple/): it
# includes none of the library's internal headers (src/lib/), and links the
# library as ripple::ripple alone (CMakeLists.txt; against the shared
# library an internal call would not link). What the library and the
# program share that is no API (files written whole, how values are worded)
# is src/common.
#   tests/program_includes.sh SOURCE_DIR
set -euo pipefail
cd "$1"
internal=$(cd src/lib && find . -name '*.hpp' | sed 's|^\./||' | sort)
used=$(grep -rhoE '#include [<"][^">]+[">]' src/app src/ui src/record src/main.cpp | sed -E 's/#include [<"]([^">]+)[">]/\1/' |
  sort -u | grep -xF "$internal" || true)
if [[ -n $used ]]; then
  for header in $used; do
    echo "program_includes: the program includes $header, an internal header of the library: use <ripple/...>"
  done
  exit 1
fi
echo "program_includes: the program includes no internal header of the library"
