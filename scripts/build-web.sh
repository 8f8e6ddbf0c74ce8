#!/usr/bin/env bash
# Builds the web site with Debian's emscripten: build-web/site/ holds the
# page, ripple.js and ripple.wasm (the engine: libripple compiled to
# WebAssembly), the pool's picture and lil-gui (from npm, installed by
# install-deps.sh). Any static server serves it:
#   python3 -m http.server -d build-web/site 8000
# It also packs the engine as an npm package: build-web/ripple-water-X.Y.Z.tgz.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's emscripten runs its JavaScript optimizer on Debian's node-acorn.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

emcmake cmake -S . -B build-web -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-web -j"$(nproc)"

site=build-web/site
rm -rf "$site"
mkdir -p "$site"
cp build-web/web/ripple.js build-web/web/ripple.wasm web/site/* "$site/"
cp assets/default_picture.png "$site/pool.png"
cp web/ripple.jquery.js "$site/"
cp web/node_modules/lil-gui/dist/lil-gui.esm.min.js "$site/lil-gui.js"
cp web/node_modules/jquery/dist/jquery.min.js "$site/jquery.js"  # for jquery-demo.html

# The npm package: the engine, its types, the jquery.ripples drop-in.
npm_folder=build-web/npm
rm -rf "$npm_folder"
mkdir -p "$npm_folder"
version=$(sed -n 's/^project(ripple VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
sed "s/@VERSION@/$version/" web/npm-package.json >"$npm_folder/package.json"
cp build-web/web/ripple.js build-web/web/ripple.wasm web/ripple.d.ts web/ripple.jquery.js web/ripple.jquery.module.js \
   web/jquery_as_global.js LICENSE "$npm_folder/"
cp docs/web.md "$npm_folder/README.md"
(cd build-web && npm pack ./npm --quiet >/dev/null)
echo "build-web.sh: the site is in $site, the npm package build-web/ripple-water-$version.tgz"
