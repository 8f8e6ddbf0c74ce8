#!/usr/bin/env bash
# The program is a client of libripple's public API (include/ripple/): it
# may include the library's internal headers (src/lib/) only where the list
# below still allows, and the list only shrinks. A header the program no
# longer includes must leave the list; a new one fails.
#   tests/program_includes.sh SOURCE_DIR
set -euo pipefail
cd "$1"
# What src/app, src/ui, src/record and main.cpp still take from src/lib, to
# be moved to the public API or into the program.
allowed=(
  api/scene_values.hpp core/error.hpp core/param_table.hpp core/params.hpp
)
listed=$(printf '%s\n' "${allowed[@]}")
internal=$(cd src/lib && find . -name '*.hpp' | sed 's|^\./||' | sort)
used=$(grep -rhoE '#include [<"][^">]+[">]' src/app src/ui src/record src/main.cpp | sed -E 's/#include [<"]([^">]+)[">]/\1/' |
  sort -u | grep -xF "$internal" || true)
status=0
for header in $used; do
  if ! grep -qxF "$header" <<<"$listed"; then  # no pipe: grep -q would end it early (SIGPIPE, pipefail)
    echo "program_includes: the program includes $header, an internal header of the library: use <ripple/...>"
    status=1
  fi
done
for header in "${allowed[@]}"; do
  if ! grep -qxF "$header" <<<"$used"; then
    echo "program_includes: the program no longer includes $header: take it off the list in $0"
    status=1
  fi
done
((status == 0)) && echo "program_includes: the program takes $(wc -w <<<"$used") internal headers, all on the list"
exit $status
