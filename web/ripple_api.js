
// ---- ripple's JavaScript API (docs/web.md) --------------------------------
// Appended to emscripten's loader: ripple.js is one ES module. createWater()
// is the only asynchronous call (it loads the engine once); every other call
// returns its result directly, as the C++ call does, and throws an Error
// with the library's one line where the C++ call throws ripple::Error.

let enginePromise = null;
function engine() {
  if (!enginePromise) enginePromise = loadRippleEngine();
  return enginePromise;
}

// The built-in scenes' names, as loadPreset() takes them.
export async function presetNames() {
  const list = (await engine()).presetNames();
  const names = [];
  for (let i = 0; i < list.size(); ++i) names.push(list.get(i));
  list.delete();
  return names;
}

// A still pool of width x height cells drawn into `canvas`.
export async function createWater(canvas, options = {}) {
  const m = await engine();
  const { width = 640, height = 360, backend = 'cpu' } = options;
  return new Water(canvas, new m.WebWater(width, height, backend));
}

class Water {
  constructor(canvas, core) {
    this.canvas = canvas;
    this.core = core;
    this.picture = { source: null, width: 0, height: 0 };
  }

  get width() { return this.live().width(); }
  get height() { return this.live().height(); }
  get backend() { return this.live().description().startsWith('cpu') ? 'cpu' : 'gpu'; }

  // A stone centred on cell (x, y): --drop X,Y,R,W.
  drop(x, y, radius, weight) { this.live().drop(x, y, radius, weight); }
  step(steps = 1) { this.live().step(steps); }
  get stepsDone() { return this.live().stepsDone(); }
  reset() { this.live().reset(); }
  resize(width, height) { this.live().resize(width, height); }
  // A Float32Array of width * height heights, row-major, the top row first.
  heights() { return this.live().heights(); }

  // Parameters by the command line's names and words: { damping: 0.01 }.
  // All or none: on a refused value, the ones before it are put back.
  set(values) {
    const core = this.live();
    const before = Object.keys(values).map((name) => [name, core.get(name)]);
    try {
      for (const [name, value] of Object.entries(values)) core.set(name, String(value));
    } catch (error) {
      for (const [name, text] of before) core.set(name, text);
      throw error;
    }
  }
  get(name) { return this.live().get(name); }

  loadPreset(name) { this.live().loadPreset(name); }
  loadScene(tomlText) { this.live().loadScene(tomlText); }
  saveScene() { return this.live().saveScene(); }

  // The picture refracted by the water into the canvas' rectangle (x, y,
  // width, height), (0, 0) its top left. `picture`: an <img>, ImageBitmap,
  // <canvas> or <video>, scaled to cover the rectangle as the window does.
  render(picture, x, y, width, height) {
    const core = this.live();
    this.takePicture(picture, width, height);
    const pixels = core.frame();
    const frame = new ImageData(new Uint8ClampedArray(pixels.buffer), width, height);
    this.context2d().putImageData(frame, x, y);
  }

  // { pass, maxDifference, tolerance }: `steps` steps by the GPU and by the
  // CPU reference from the water as it is, compared.
  verify(steps) { return this.live().verify(steps); }

  // Frees the water; every later call throws.
  destroy() {
    if (this.core) this.core.delete();
    this.core = null;
  }

  live() {
    if (!this.core) throw new Error('this water was destroyed: create another');
    return this.core;
  }

  context2d() {
    if (!this.context) this.context = this.canvas.getContext('2d');
    return this.context;
  }

  // The picture at the frame's size, given to the engine when it changes (a
  // video's every frame).
  takePicture(source, width, height) {
    const p = this.picture;
    const moving = typeof HTMLVideoElement !== 'undefined' && source instanceof HTMLVideoElement;
    if (p.source === source && p.width === width && p.height === height && !moving) return;
    const sw = source.videoWidth || source.naturalWidth || source.width;
    const sh = source.videoHeight || source.naturalHeight || source.height;
    if (!(sw > 0 && sh > 0)) throw new Error('render: the picture has no pixels yet (load it first)');
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    const scale = Math.max(width / sw, height / sh);  // cover: fill, crop the excess equally
    const cw = width / scale, ch = height / scale;
    context.drawImage(source, (sw - cw) / 2, (sh - ch) / 2, cw, ch, 0, 0, width, height);
    const rgba = context.getImageData(0, 0, width, height).data;
    this.live().setPicture(width, height, new Uint8Array(rgba.buffer));
    Object.assign(p, { source, width, height });
  }
}
