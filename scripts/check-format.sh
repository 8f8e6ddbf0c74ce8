#!/usr/bin/env bash
# Fails, naming the files, when a C++ file of the project differs from what
# clang-format makes of it with .clang-format. To format them:
#   scripts/check-format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
else
  mapfile -t files < <(find bench examples include src tests tools web -name '*.cpp' -o -name '*.hpp')
fi
if [[ ${1:-} == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
unformatted=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" 2>/dev/null || unformatted+=("$f")
done
if ((${#unformatted[@]})); then
  echo "check-format: not formatted as .clang-format says (scripts/check-format.sh --fix):" >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
