// Inside emscripten's module: hands ripple_api.js emscripten's WebGL
// registry, to register a canvas's context and a picture's texture with it,
// and the measure of a text's UTF-8 bytes, which the engine must have room
// for before embind copies the text in.
Module['GL'] = GL;
Module['lengthBytesUTF8'] = lengthBytesUTF8;
