#!/usr/bin/env bash
# Same bits: two builds of ripple run every preset on every backend (the CPU,
# the GPU's fragment and compute passes) in both modes, and their heights,
# frames, messages and exit statuses are compared with cmp. A change that
# should change nothing (a refactoring) must pass it:
#
#   scripts/same-bits.sh OLD/ripple NEW/ripple [STEPS]
#
# STEPS: run each preset for that many steps instead of its own.
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 OLD_RIPPLE NEW_RIPPLE [STEPS]" >&2
  exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
for binary in "$old" "$new"; do
  [[ -x $binary ]] || { echo "same-bits: '$binary' is not a program" >&2; exit 2; }
done
presets=$("$old" --list-presets) || { echo "same-bits: '$old --list-presets' failed" >&2; exit 2; }
steps=(${3:+--steps "$3"})
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One run of one build into DIR: its heights, frame, stderr and exit status.
run() {
  local binary=$1 dir=$2
  shift 2
  mkdir -p "$dir"
  local status=0
  "$binary" --headless --quiet "$@" "${steps[@]}" --save-height "$dir/heights.npy" --save-frame "$dir/frame.png" \
    2>"$dir/stderr" || status=$?
  echo "$status" >"$dir/status"
  sed -i "s|$dir/||g" "$dir/stderr"  # the files' folders differ between the builds
}

runs=0 differ=0
while IFS=$'\t' read -r preset _; do
  for backend in cpu gpu-fragment gpu-compute; do
    case $backend in
      cpu) how=(--backend cpu) ;;
      gpu-*) how=(--backend gpu --step-path "${backend#gpu-}") ;;
    esac
    for mode in float classic; do
      name="$preset.$backend.$mode"
      run "$old" "$out/old/$name" --preset "$preset" --mode "$mode" "${how[@]}"
      run "$new" "$out/new/$name" --preset "$preset" --mode "$mode" "${how[@]}"
      runs=$((runs + 1))
      for file in status stderr heights.npy frame.png; do
        a="$out/old/$name/$file" b="$out/new/$name/$file"
        if [[ -e $a || -e $b ]] && ! cmp -s "$a" "$b"; then
          echo "differ: $name: $file"
          differ=$((differ + 1))
        fi
      done
      printf '%-48s exit %s\n' "$name" "$(cat "$out/new/$name/status")"
    done
  done
done <<<"$presets"

echo "same-bits: $runs runs, $differ files differ"
[[ $runs -gt 0 && $differ -eq 0 ]]
