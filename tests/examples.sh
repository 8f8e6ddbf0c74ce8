#!/usr/bin/env bash
# The examples as a user builds them: `cmake --install` into a scratch prefix,
# each example configured with CMAKE_PREFIX_PATH there (find_package(ripple
# 0.3)) and built, then run: cpu_only writes its .npy, offscreen its PNG,
# embed_glfw opens its window under a virtual X display, takes a click and
# draws its overlay over the water. Any step that fails fails the test.
#   tests/examples.sh BUILD_DIR SOURCE_DIR SCRATCH [sanitize]
# `sanitize`: the build has AddressSanitizer and UBSan, and so must they.
set -euo pipefail
build=$1 source=$2 scratch=$3
flags=()
[[ ${4:-} == sanitize ]] && flags=(-fsanitize=address,undefined)
cmake_flags=()
((${#flags[@]})) && cmake_flags=("-DCMAKE_CXX_FLAGS=${flags[*]}" "-DCMAKE_EXE_LINKER_FLAGS=${flags[*]}")
rm -rf "$scratch"
mkdir -p "$scratch"
prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >"$scratch/install.log"

for example in cpu_only offscreen embed_glfw; do
  cmake -S "$source/examples/$example" -B "$scratch/$example" -DCMAKE_PREFIX_PATH="$prefix" "${cmake_flags[@]}" \
    >"$scratch/$example.configure.log" || { cat "$scratch/$example.configure.log"; exit 1; }
  cmake --build "$scratch/$example" >"$scratch/$example.build.log" || { cat "$scratch/$example.build.log"; exit 1; }
done

cd "$scratch"
# pkg-config finds it too: cpu_only built by hand from ripple.pc.
pc=$(dirname "$(find "$prefix" -name ripple.pc | head -n 1)")
g++ -std=c++17 "$source/examples/cpu_only/main.cpp" -o cpu_only_by_pkg_config "${flags[@]}" \
  $(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs ripple) -Wl,-rpath,"$(PKG_CONFIG_PATH=$pc pkg-config --variable=libdir ripple)"
./cpu_only_by_pkg_config heights_by_pkg_config.npy >/dev/null

"$scratch/cpu_only/cpu_only" heights.npy
# 320 x 180 float32 cells after a 128-byte header.
[[ $(stat -c %s heights.npy) -eq $((128 + 320 * 180 * 4)) ]] || { echo "cpu_only: heights.npy has the wrong size"; exit 1; }
cmp -s heights.npy heights_by_pkg_config.npy || { echo "cpu_only: built by pkg-config, it wrote other heights"; exit 1; }

"$scratch/offscreen/offscreen" frame.png
[[ $(identify -format '%wx%h' frame.png) == 1280x720 ]] || { echo "offscreen: frame.png is not 1280x720"; exit 1; }

# The window: a click in it moves the water there; the overlay bar stays on top.
xvfb-run -a -s "-screen 0 1024x768x24" bash -euo pipefail -c '
  # A window that never closes fails the test rather than hanging it.
  timeout 60 "$1/embed_glfw/embed_glfw" >embed.log 2>&1 &
  pid=$!
  window=$(timeout 20 xdotool search --sync --onlyvisible --name "^embed_glfw$" | head -n 1)
  sleep 1
  import -window "$window" before.png
  xdotool mousemove --window "$window" 200 150 click 1
  sleep 1
  import -window "$window" after.png
  # The press closes the window; sending the release may then find it gone.
  xdotool key --window "$window" Escape 2>/dev/null || true
  wait $pid  # its exit status: 0, or the test fails
' _ "$scratch"
grep -q "a stone at cell (100, 75)" embed.log || { echo "embed_glfw: the click dropped no stone:"; cat embed.log; exit 1; }
changed=$(compare -metric AE -extract 80x80+160+110 before.png after.png null: 2>&1 || true)
(( ${changed%% *} > 1000 )) || { echo "embed_glfw: only $changed pixels changed around the click"; exit 1; }
[[ $(convert after.png -format '%[pixel:p{320,2}]' info:) == "srgb(242,191,51)" ]] ||
  { echo "embed_glfw: no overlay bar at the top: $(convert after.png -format '%[pixel:p{320,2}]' info:)"; exit 1; }
echo "examples: built against $prefix and run"
