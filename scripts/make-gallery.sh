#!/usr/bin/env bash
# Makes the README's gallery, docs/gallery/PRESET.gif, one short looping GIF
# a preset, with ripple itself (headless, on Mesa's llvmpipe or a GPU):
#   scripts/make-gallery.sh [path/to/ripple]
# A preset with a steady source is filmed once its waves fill the picture,
# over one whole period, so that the loop has no seam; the others from
# their start (the moving source every two of its periods, so that it does
# not flicker from frame to frame). Each GIF is 240x135 (--video-size) with
# a palette made for it, a few hundred kilobytes.
set -euo pipefail
cd "$(dirname "$0")/.."
ripple=${1:-build/ripple}
out=docs/gallery
mkdir -p "$out"

# name          first step  every  last step  frames a second
films=(
  "seeds-pool         0      12     300        10"
  "rockpool-rain      100    15     300        10"
  "single-slit        700    1      716        16"
  "double-slit        700    1      714        14"
  "harbour            800    2      830        15"
  "lens               800    2      824        12"
  "prism              800    2      824        12"
  "waveguide          800    1      818        18"
  "two-sources        600    1      616        16"
  "doppler            0      48     900        8"
  "parabolic-mirror   800    1      816        16"
  "open-sea           0      20     300        8"
)

listed=$("$ripple" --list-presets | cut -f1 | sort)
filmed=$(printf '%s\n' "${films[@]}" | awk '{print $1}' | sort)
if [[ "$listed" != "$filmed" ]]; then
  echo "make-gallery.sh: the presets and this script's list differ; update the list" >&2
  exit 1
fi

for film in "${films[@]}"; do
  read -r name from every last fps <<<"$film"
  # The last frame is left out: it would repeat the first, a seam in the loop.
  "$ripple" --headless --preset "$name" --steps $((last - 1)) --from "$from" --every "$every" \
      --save-video "$out/$name.gif" --video-size 240x135 --fps "$fps" --quiet
  printf '%-18s %4d KiB\n' "$name" $(( $(stat -c %s "$out/$name.gif") / 1024 ))
done
