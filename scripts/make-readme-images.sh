#!/usr/bin/env bash
# Makes the README's pictures with ripple itself, headless (build first):
#   docs/ring_sequence.png  a click's ring at 0.25, 0.5, 1, 2 and 3 seconds, with the defaults
#   docs/before_after.png   the same click after 1 second: the seeds' values above, the defaults below
#   docs/double_slit.png    a plane wave through a double slit, in an open sea (absorbing edges)
# The grid is 640x360, the window's grid at 1280x720 (grid scale 1/2), and a
# second is 112.5 steps: 180 window pixels a second at 0.8 cells a step and
# two window pixels a cell. A stone of 20 window pixels is 10 cells.
#   scripts/make-readme-images.sh [path/to/ripple]     (default build/ripple)
set -euo pipefail
cd "$(dirname "$0")/.."
ripple=${1:-build/ripple}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$ripple" --headless --size 640x360 --drop 320,180,10,96 --steps 338 --save-frames "$work/defaults" --quiet
frames=()
for t in 0.25:28 0.5:56 1:112 2:225 3:338; do
  label="${t%:*} s"; step=${t#*:}
  convert "$work/defaults/$(printf 'frame_%06d.png' "$step")" -resize 400x225 \
    -fill white -undercolor '#00000090' -pointsize 15 -annotate +6+18 " $label " "$work/seq_$step.png"
  frames+=("$work/seq_$step.png")
done
convert "${frames[@]}" +append docs/ring_sequence.png

# The seeds' values: damping 1/32, four neighbours at 1/sqrt(2) cells a step,
# 60 steps a second on a grid of one cell a pixel (so 1 s is 60 steps of a
# 1280x720 grid), a disc of 6 pixels, refraction 1, no light.
"$ripple" --headless --size 1280x720 --drop 640,360,6,96 --steps 60 --damping 0.03125 --stencil 5 \
  --speed 0.70710678 --stone-shape disc --refraction 1 --light 0 --save-frame "$work/seeds.png" --quiet
"$ripple" --headless --size 640x360 --drop 320,180,10,96 --steps 112 --save-frame "$work/defaults.png" --quiet
convert "$work/seeds.png" -resize 640x360 -fill white -undercolor '#00000090' -pointsize 16 \
  -annotate +6+20 " the seeds' values, 1 s after a click " "$work/a.png"
convert "$work/defaults.png" -fill white -undercolor '#00000090' -pointsize 16 \
  -annotate +6+20 " the defaults, 1 s after a click " "$work/b.png"
convert "$work/a.png" "$work/b.png" -append docs/before_after.png
# The wave tank: the README's double-slit example.
"$ripple" --headless --size 400x400 --edges absorbing --image builtin:tank --height-shading 6 --light 2 \
  --wall 0,100,176,100,4 --wall 184,100,216,100,4 --wall 224,100,399,100,4 \
  --line-source 0,20,399,20,12.5,30 --steps 600 --save-frame docs/double_slit.png --quiet
echo "wrote docs/ring_sequence.png, docs/before_after.png and docs/double_slit.png"
