#!/usr/bin/env bash
# libripple.so exports ripple's own symbols and nothing else: its API's
# calls, and the typeinfo and vtable of its error type (cmake/libripple.map).
#   tests/exported_symbols.sh path/to/libripple.so
set -euo pipefail
symbols=$(nm -D --defined-only -C "$1" | cut -d' ' -f3-)
others=$(grep -vE '^(ripple::|typeinfo for ripple::|typeinfo name for ripple::|vtable for ripple::)' <<<"$symbols" || true)
if [[ -n $others ]]; then
  echo "libripple exports symbols that are not ripple's:"
  echo "$others"
  exit 1
fi
grep -qxF 'ripple::Water::Water(int, int, ripple::Backend)' <<<"$symbols" || { echo "no ripple::Water constructor exported"; exit 1; }
grep -qxF 'typeinfo for ripple::Error' <<<"$symbols" || { echo "ripple::Error's typeinfo is not exported"; exit 1; }
echo "libripple exports $(wc -l <<<"$symbols") symbols, all ripple's"
