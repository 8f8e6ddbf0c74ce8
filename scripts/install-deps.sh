#!/usr/bin/env bash
# Installs what ripple needs to build, run and test, from Debian's packages
# (and the web site's npm packages), skipping what is already there.
# Uses sudo only when not root.
set -euo pipefail

packages=(
  build-essential cmake pkg-config          # compiler and build
  clang-format                              # the code's format, checked by scripts/test.sh
  libglfw3-dev libglm-dev libimgui-dev      # window, maths, panel
  python3-glad libstb-dev libcli11-dev      # GL loader generator, pictures, command line
  nlohmann-json3-dev                        # the benchmark's results file
  libtomlplusplus-dev                       # scene files (TOML)
  libavformat-dev libavcodec-dev libswscale-dev   # recordings: MP4 (libx264) and GIF files,
  libavfilter-dev libavutil-dev                   #   the GIF's palette (palettegen, paletteuse)
  libegl-dev libgl-dev                      # GL and EGL headers and loaders
  libegl-mesa0 libgl1-mesa-dri              # Mesa's drivers (llvmpipe where there is no GPU)
  libgtest-dev libx11-dev                   # tests (the window test drops files by XDND)
  libepoxy-dev                              # a test host with a GL loader of its own
  xvfb xauth xdotool imagemagick openbox    # the window tests: virtual display, clicks, screen grabs, a WM
  help2man                                  # the man page, made from ripple --help
  lintian                                   # the Debian packages' check (tests/debian_package.sh)
  emscripten node-acorn                     # the web engine (scripts/build-web.sh); acorn for its optimizer
  chromium firefox-esr                      # the web tests' browsers (web/test)
)
# Node.js and npm for the web tests, Debian's unless a Node.js is already here.
command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} > 0)); then
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q "${missing[@]}"
fi

# The web site's npm packages at the versions web/package-lock.json
# records (web/package.json's description says what each is for).
web=$(dirname "$0")/../web
if ! npm ls --prefix "$web" >/dev/null 2>&1; then
  npm ci --prefix "$web" --no-audit --no-fund
fi
