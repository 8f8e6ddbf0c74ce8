// Inside emscripten's module: hands ripple_api.js emscripten's WebGL
// registry, to register a canvas's context and a picture's texture with it.
Module['GL'] = GL;
