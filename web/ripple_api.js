
// ---- ripple's JavaScript API (docs/web.md) --------------------------------
// Appended to emscripten's loader: ripple.js is one ES module. createWater()
// (and createWaterOrCpu()) load the engine once and are asynchronous; a
// water's calls return their results directly, as the C++ calls do, and
// throw an Error with the library's one line where those throw ripple::Error.

let enginePromise = null;
function engine() {
  if (!enginePromise) {
    enginePromise = loadedEngine().then(throwingRefusals);
    enginePromise.catch(() => { enginePromise = null; });  // the next call tries again (a network come back)
  }
  return enginePromise;
}

// emscripten's loader, given the engine's WebAssembly by instantiated(),
// which names what went wrong, where emscripten's own says "both async and
// sync fetching of the wasm failed" and waits for good.
function loadedEngine() {
  let failed;
  const failure = new Promise((resolve, reject) => { failed = reject; });
  // Emscripten's file system makes an Error as it loads, its errors'
  // prototype, whose stack would keep the callers' objects for good (a
  // destroyed drop-in, its canvas): it is made with no stack.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const loading = loadRippleEngine({
      instantiateWasm(imports, receive) {
        instantiated(imports).then(({ instance, module }) => receive(instance, module), failed);
        return {};  // the exports come through receive()
      },
    });
    return Promise.race([loading, failure]);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

// The engine's WebAssembly, fetched from beside this file (as bundlers see
// it, to serve it with the bundle), compiled as it arrives where the server
// names its type, and instantiated with emscripten's `imports`.
async function instantiated(imports) {
  const url = new URL('ripple.wasm', import.meta.url).href;
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new Error(`the engine could not fetch ${url} (${error.message}): serve ripple.wasm beside ripple.js`);
  }
  if (!response.ok) {
    throw new Error(`the engine could not fetch ${url}: the server answered ${response.status} ` +
                    `${response.statusText}; serve ripple.wasm beside ripple.js`.replace(' ;', ';'));
  }
  try {
    if (WebAssembly.instantiateStreaming && response.headers.get('content-type')?.startsWith('application/wasm'))
      return await WebAssembly.instantiateStreaming(response, imports);
    return await WebAssembly.instantiate(await response.arrayBuffer(), imports);
  } catch (error) {
    const policy = /content.security.polic|CSP/i.test(error.message)
      ? ": the page's Content-Security-Policy must allow WebAssembly ('wasm-unsafe-eval' in script-src)" : '';
    throw new Error(`the engine ${url} could not be compiled${policy} (${error.message})`);
  }
}

// The engine records a call the library refuses rather than throw past
// WebAssembly's frames, which would keep the stack they held (engine.cpp):
// each of its calls is made here to throw the refusal as an Error with the
// library's line. Where a JavaScript error crosses them (the browser out of
// memory), their stack is given back. A text is passed only where the
// engine has room for embind's copy of it (its length, its UTF-8 bytes and
// a NUL). The engine's functions are those embind gives an argCount.
function throwingRefusals(m) {
  const roomFor = m.roomFor;  // as the engine has it, one call
  const throwing = (call) => function (...args) {
    for (const arg of args) {
      if (typeof arg === 'string' && !roomFor(4 + m.lengthBytesUTF8(arg) + 1)) throw new Error(m.takeRefusal());
    }
    const stack = m.stackSave();
    let result;
    try {
      result = call.apply(this, args);
    } catch (error) {
      m.stackRestore(stack);
      throw error;
    }
    if (m.refused()) throw new Error(m.takeRefusal());
    return result;
  };
  const core = m.WebWater.prototype;
  for (const name of Object.getOwnPropertyNames(core)) {
    if (name !== 'constructor' && typeof core[name] === 'function') core[name] = throwing(core[name]);
  }
  const kRefusals = ['refused', 'takeRefusal'];
  for (const [name, value] of Object.entries(m)) {
    if (typeof value === 'function' && value.argCount !== undefined && !kRefusals.includes(name))
      m[name] = throwing(value);
  }
  return m;
}

// A WebWater of the engine, or the library's line why not: on `gl`, where
// the browser took it back meanwhile, that.
function newCore(m, width, height, backend, gl) {
  const core = new m.WebWater(width, height, backend);
  if (!m.refused()) return core;
  core.delete();
  const refusal = m.takeRefusal();
  throw new Error(gl?.isContextLost() ? kLostAsMade : refusal);
}

// The built-in scenes' names, as loadPreset() takes them.
export async function presetNames() {
  const list = (await engine()).presetNames();
  const names = [];
  for (let i = 0; i < list.size(); ++i) names.push(list.get(i));
  list.delete();
  return names;
}

// Every parameter set() and get() take: { name, kind ('number', 'whole',
// 'flag' or 'choice'), min, max, includesMax, words, meaning }.
export async function parameters() {
  return (await engine()).parameterList();
}

// The ranges of the tank's parts: { maxStoneRadius, maxStoneWeight,
// maxWallThickness, minSlowWaterSpeed, minSourcePeriod, maxSourcePeriod,
// maxSourceAmplitude }.
export async function tankLimits() {
  return (await engine()).tankLimits();
}

// The picture a preset shows: an ImageBitmap of a built-in one made by code
// (the wave tank's floor), or null for the pool (the site's pool.png).
export async function presetPicture(name) {
  const m = await engine();
  return builtinBitmap(m, m.presetPicture(String(name)));
}

// The picture a scene file's text shows, as presetPicture() gives a
// preset's; null also where it names a picture file of its own, which the
// page opens itself.
export async function scenePicture(tomlText) {
  const m = await engine();
  return builtinBitmap(m, m.scenePicture(String(tomlText)));
}

// The built-in picture `path` names ("builtin:tank") as an ImageBitmap;
// null for the pool and for a file.
function builtinBitmap(m, path) {
  if (!path.startsWith('builtin:') || path === 'builtin:pool') return null;
  const { width, height, rgba } = m.builtinPicture(path);
  return createImageBitmap(new ImageData(new Uint8ClampedArray(rgba.buffer), width, height));
}

// A still pool of width x height cells drawn into `canvas`, stepped by
// WebGL 2 ('gpu', where the browser has it with float render targets) or by
// the CPU reference ('cpu').
export async function createWater(canvas, options = {}) {
  const kinds = [globalThis.HTMLCanvasElement, globalThis.OffscreenCanvas];
  if (!kinds.some((kind) => kind && canvas instanceof kind))
    throw new Error(`createWater: ${described(canvas)} is not a canvas: give it a <canvas> element`);
  const { width = 640, height = 360, backend = 'gpu' } = waterOptions(options);
  wholes('createWater', { width, height });
  // The engine loads (and compiles, off the page's thread) while the browser
  // sets the context up.
  const loading = engine();
  const gl = backend === 'gpu' ? webGl2(canvas) : null;
  const flat = backend === 'cpu' ? contextOf(canvas, '2d') : null;
  if (backend === 'cpu' && !flat) {
    throw new Error('createWater: the canvas already holds a WebGL context, and the CPU backend draws with a ' +
                    '2-D one: give the water a canvas of its own');
  }
  const m = await loading;
  const context = gl ? registered(m, gl) : null;
  try {
    return new Water(m, canvas, context, newCore(m, width, height, backend, gl), flat);
  } catch (error) {  // refused: emscripten's registry keeps nothing of the canvas
    if (context) unregistered(m, context.handle);
    throw error;
  }
}

// The canvas's context of `kind` (asked once: Firefox's canvases in a
// worker refuse to be asked again), or null where it holds another kind,
// which Firefox's throw there too.
function contextOf(canvas, kind, attributes) {
  try {
    return canvas.getContext(kind, attributes);
  } catch {
    return null;
  }
}

// createWater()'s options, each checked to be one: none (undefined or
// null) are the defaults.
function waterOptions(options) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object')
    throw new Error(`createWater: ${described(options)} is not an object of options, { width, height, backend }`);
  const unknown = Object.keys(options).find((name) => !['width', 'height', 'backend'].includes(name));
  if (unknown !== undefined)
    throw new Error(`createWater: '${unknown}' is not an option: the options are width, height and backend`);
  return options;
}

// A water on WebGL 2 or, where the browser cannot (no WebGL 2, no float
// render targets), on the CPU reference: in `canvas` itself where WebGL 2
// was refused it, in a fresh copy put in its place where it took a WebGL 2
// context it keeps. { water, canvas, whyCpu }: the canvas drawn into, and
// the line saying why not WebGL ('' on it).
export async function createWaterOrCpu(canvas, options = {}) {
  try {
    return { water: await createWater(canvas, { ...options, backend: 'gpu' }), canvas, whyCpu: '' };
  } catch (error) {
    if (!holdsWebGl2.has(canvas))
      return { water: await createWater(canvas, { ...options, backend: 'cpu' }), canvas, whyCpu: error.message };
    if (!canvas.cloneNode) {  // an OffscreenCanvas: nothing to put in its place
      throw new Error(`${error.message}; this OffscreenCanvas keeps the WebGL 2 context it took: give ` +
                      "createWater() another with backend: 'cpu'");
    }
    const fresh = canvas.cloneNode();
    canvas.replaceWith(fresh);
    try {
      return { water: await createWater(fresh, { ...options, backend: 'cpu' }), canvas: fresh, whyCpu: error.message };
    } catch (cpuError) {  // no water at all (a bad size, say): the page's canvas back where it was
      fresh.replaceWith(canvas);
      throw cpuError;
    }
  }
}

// The canvases createWater() was given a WebGL 2 context of, which a canvas
// keeps for good: the CPU draws into another.
const holdsWebGl2 = new WeakSet();

// The canvas's WebGL 2 context, with the two extensions the water needs:
// float render targets for the heights and slopes, and linear filtering of
// the slopes. No others are enabled here (emscripten would enable them
// all): the browser takes tens of milliseconds over some, while the page
// waits for its first frame.
function webGl2(canvas) {
  const attributes = { alpha: false, antialias: false, depth: false, stencil: false, premultipliedAlpha: false };
  const gl = contextOf(canvas, 'webgl2', attributes);
  if (gl) holdsWebGl2.add(canvas);
  if (!gl && holdsAnotherContext()) {
    throw new Error('createWater: the canvas already holds a 2-D or WebGL 1 context: give the water a canvas of ' +
                    'its own, or the one a WebGL 2 library draws into');
  }
  if (!gl) throw new Error('this browser has no WebGL 2: ripple runs on the CPU here (backend: \'cpu\')');
  enableExtensions(gl);
  return gl;
}

// Whether a canvas refused WebGL 2 holds another kind of context, which a
// fresh canvas, asked once, shows (the page's kind: a worker has no
// document); its context is let go at once.
function holdsAnotherContext() {
  const fresh = globalThis.document ? document.createElement('canvas') : new OffscreenCanvas(1, 1);
  const probe = fresh.getContext('webgl2');
  probe?.getExtension('WEBGL_lose_context')?.loseContext();
  return !!probe;
}

// Also once more when a lost context comes back, which forgets them.
function enableExtensions(gl) {
  for (const extension of ['EXT_color_buffer_float', 'OES_texture_float_linear']) {
    if (!gl.getExtension(extension)) {
      throw new Error(`this browser's WebGL 2 has no ${extension}: ripple runs on the CPU here (backend: 'cpu')`);
    }
  }
}

// A page is given so many WebGL contexts at once (16 in Chromium), beyond
// which the browser takes the oldest back, maybe the one just made.
const kLostAsMade = 'the browser took the WebGL context back as the water was made (a page holds only so many at ' +
                    "once): ripple runs on the CPU here (backend: 'cpu')";
const kContextLost = 'the browser took the WebGL context back: the water comes back, still, with its settings, ' +
                     'when the browser restores the context';

// `gl` registered with emscripten and current.
function registered(m, gl) {
  const handle = m.GL.registerContext(gl, { majorVersion: 2, minorVersion: 0, enableExtensionsByDefault: 0 });
  m.GL.makeContextCurrent(handle);
  return { gl, handle };
}

// Emscripten's registry let go of the context `handle` names, and of the
// context current, which its `GLctx` would otherwise keep: each call makes
// its water's current first.
function unregistered(m, handle) {
  m.GL.deleteContext(handle);
  m.GL.makeContextCurrent(0);
}

class Water {
  constructor(m, canvas, context, core, context2d) {
    this.m = m;
    this.canvas = canvas;
    this.context = context;  // null on the CPU
    this.context2d = context2d;  // the CPU's
    this.core = core;
    this.picture = { source: null, width: 0, height: 0, texture: 0 };
    if (context) {
      // Lost, the context's objects and the heights in them are gone; the
      // browser restores it only where the loss was prevented from being final.
      this.contextEvents = {
        webglcontextlost: (event) => {
          event.preventDefault();
          this.letGoOfContext();
        },
        webglcontextrestored: () => this.comeBack(),
      };
      for (const [name, listener] of Object.entries(this.contextEvents)) canvas.addEventListener(name, listener);
    }
  }

  // Whether the browser has taken the WebGL context back: every call throws
  // until it restores it (a 'webglcontextrestored' event on the canvas).
  get contextLost() { return !!this.kept || (!!this.context && this.context.gl.isContextLost()); }

  // The grid's size, kept while the context is lost, however soon after the
  // loss it is asked: a pointer's cell is found before anything else calls.
  get width() { return this.contextLost ? this.keptGrid().width : this.live().width(); }
  get height() { return this.contextLost ? this.keptGrid().height : this.live().height(); }
  get backend() { return this.context ? 'gpu' : 'cpu'; }

  // A stone centred on cell (x, y): --drop X,Y,R,W.
  drop(x, y, radius, weight) {
    this.live().drop(...wholes('drop', { x, y, radius }), number('drop', 'weight', weight));
  }
  // Stones along the line from (x0, y0), left out (a drag's last stone), to
  // (x1, y1), at most half a radius apart: a drag's trail, as the window
  // drops it, however far the pointer moved.
  dropAlong(x0, y0, x1, y1, radius, weight) {
    this.live().dropAlong(...wholes('dropAlong', { x0, y0, x1, y1, radius }), number('dropAlong', 'weight', weight));
  }
  step(steps = 1) { this.live().step(whole('step', 'steps', steps)); }
  get stepsDone() { return this.live().stepsDone(); }
  reset() { this.live().reset(); }
  resize(width, height) { this.live().resize(...wholes('resize', { width, height })); }
  // A Float32Array of width * height heights, row-major, the top row first.
  heights() { return this.live().heights(); }
  // The water turned a quarter as it is, 'clockwise' (the left side comes
  // to the top) or 'anticlockwise': the grid's sides swapped, its waves,
  // cells, sources and stones still to fall turned with it.
  quarterTurn(turn = 'clockwise') { this.live().quarterTurn(String(turn)); }

  // Parameters by the command line's names and words: { damping: 0.01 }.
  // All or none: on a refused value, the ones set are put back.
  set(values) {
    const core = this.live();
    if (typeof values !== 'object' || values === null)
      throw new Error(`set: ${shown(values)} is not an object of parameters, { name: value }`);
    const before = Object.keys(values).map((name) => [name, core.get(name)]);
    try {
      setTogether(core, Object.entries(values));
    } catch (error) {
      try {
        setTogether(core, before);
      } catch {
        // what was set before holds together, so it is taken back; the refusal is the news
      }
      throw error;
    }
  }
  get(name) { return this.live().get(String(name)); }

  // With `turnToFit`, a scene laid out across an upright grid (a phone held
  // upright) is turned a quarter first, and the other way round; the turn
  // taken, 'clockwise' or 'anticlockwise', or null.
  loadPreset(name, { turnToFit = false } = {}) {
    return this.live().loadPreset(String(name), turnToFit === true) || null;
  }
  loadScene(tomlText, { turnToFit = false } = {}) {
    return this.live().loadScene(String(tomlText), turnToFit === true) || null;
  }
  // The scene as text; where cells are painted, refused unless asked
  // `withoutCells`, which leaves them to cellSpeeds().
  saveScene({ withoutCells = false } = {}) { return this.live().saveScene(withoutCells === true); }

  // ---- the wave tank: cells of the grid, as drop() takes them ----
  // Paints the cells along a stroke with a square brush `thickness` cells
  // wide: speed factor 0 a wall, 1 open water (an eraser), between them
  // slow water.
  paint(x0, y0, x1, y1, thickness, speedFactor) {
    this.live().paint(...wholes('paint', { x0, y0, x1, y1, thickness }), number('paint', 'speedFactor', speedFactor));
  }
  // A Float32Array of every cell's speed factor, as heights() lays them out.
  cellSpeeds() { return this.live().cellSpeeds(); }
  // Every cell's speed factor at once, as cellSpeeds() gives them: the
  // cells are then the whole of the walls and slow water.
  setCellSpeeds(speeds) {
    if (!(speeds instanceof Float32Array) && !Array.isArray(speeds))
      throw new Error(`setCellSpeeds: ${described(speeds)} is not a Float32Array or an array of speeds`);
    this.live().setCellSpeeds(speeds);
  }
  // Walls and slow water gone; the sources stay.
  clearCells() { this.live().clearCells(); }
  // A source of waves, { x0, y0, x1, y1, period, amplitude, start, end,
  // moving } as the C++ Source; a point where x1, y1 are left out, singing
  // from now where start is. Its index in sources().
  addSource(source = {}) { return this.live().addSource(sourceFields(source)); }
  removeSource(index) { this.live().removeSource(sourceIndex('removeSource', index)); }
  // Its first cell to (x, y), gliding there over glideSteps steps (0: at once).
  moveSource(index, x, y, glideSteps = 0) {
    this.live().moveSource(sourceIndex('moveSource', index), ...wholes('moveSource', { x, y, glideSteps }));
  }
  sources() { return this.live().sources(); }
  // The index of the source with a cell within `reach` cells of (x, y), or null.
  sourceNear(x, y, reach) {
    const index = this.live().sourceNear(...wholes('sourceNear', { x, y, reach }));
    return index < 0 ? null : index;
  }

  // The picture refracted by the water into the rectangle (x, y, width,
  // height) of the bound framebuffer, (0, 0) its top left. `picture`: an
  // <img>, ImageBitmap, <canvas> or <video>, scaled to cover the rectangle
  // as the window does. `targetHeight`: the bound framebuffer's height, which
  // WebGL cannot tell of a page's own (the canvas's unless given).
  render(picture, x, y, width, height, targetHeight = this.canvas.height) {
    const core = this.live();
    wholes('render', { x, y, width, height, targetHeight });
    if (width < 1 || height < 1) throw new Error(`render: the rectangle ${width}x${height} is empty`);
    if (targetHeight < 1) throw new Error(`render: targetHeight is ${targetHeight}; it is the bound framebuffer's height, 1 or more`);
    requirePicture(picture);
    const frame = this.takePicture(picture, width, height);
    if (this.context) {
      core.render(frame, x, targetHeight - y - height, width, height);  // GL's rows run up
      return;
    }
    const pixels = core.frame();
    this.context2d.putImageData(new ImageData(new Uint8ClampedArray(pixels.buffer), width, height), x, y);
  }

  // Whether the water can no longer move a pixel of the last frame render()
  // drew, by 2 colour levels: the page may then reset() it, which no one
  // sees, and stop drawing until something falls. Never over a video.
  restsUnseen() {
    const p = this.picture;
    return !!p.source && !p.moving && this.live().restsUnseen(p.width, p.height);
  }
  // Whether rain, a scene's stones still to fall or a source move it.
  disturbedByItself() { return this.live().disturbedByItself(); }

  // { pass, maxDifference, tolerance }: `steps` steps by the GPU and by the
  // CPU reference from the water as it is, compared.
  verify(steps) { return this.live().verify(whole('verify', 'steps', steps)); }
  // What steps the water, in words: 'cpu', or 'gpu (fragment pass on RENDERER)'.
  description() { return this.live().description(); }

  // Frees the water and its GL objects; every later call throws.
  destroy() {
    if (this.destroyed) return;
    if (this.contextLost) this.letGoOfContext();  // its water freed while its GL calls do nothing
    if (this.core) {
      if (this.context) this.m.GL.makeContextCurrent(this.context.handle);
      this.core.delete();
      if (this.picture.texture) {
        this.context.gl.deleteTexture(this.m.GL.textures[this.picture.texture]);
        this.m.GL.textures[this.picture.texture] = null;
      }
      this.core = null;
    }
    if (this.context) this.giveBackContext();
    this.kept = null;  // nothing comes back
    this.destroyed = true;
  }

  // Emscripten's registry and the canvas let go of the water and its
  // context, which the page may go on using, or let the browser collect.
  giveBackContext() {
    for (const [name, listener] of Object.entries(this.contextEvents)) {
      this.canvas.removeEventListener(name, listener);
    }
    unregistered(this.m, this.context.handle);
  }

  // The size a lost context keeps, letting go of the context first where
  // no call has yet.
  keptGrid() {
    this.letGoOfContext();
    if (!this.kept) this.live();  // destroyed: its line
    return this.kept;
  }

  live() {
    if (this.destroyed) throw new Error('this water was destroyed: create another');
    if (this.contextLost) {
      this.letGoOfContext();
      throw new Error(this.kept.failedToComeBack ?? kContextLost);
    }
    if (this.context) this.m.GL.makeContextCurrent(this.context.handle);
    return this.core;
  }

  // The context lost: the engine lets go of its water, keeping its grid
  // and scene, while its GL calls do nothing.
  letGoOfContext() {
    if (this.kept || !this.core) return;
    this.m.GL.makeContextCurrent(this.context.handle);
    this.kept = { width: this.core.width(), height: this.core.height() };
    this.core.letGoOfContext();
    if (this.picture.texture) this.m.GL.textures[this.picture.texture] = null;
    this.picture = { source: null, width: 0, height: 0, texture: 0 };
  }

  // The context restored: a still water of the same grid and scene.
  comeBack() {
    if (!this.kept || this.context.gl.isContextLost()) return;
    this.m.GL.makeContextCurrent(this.context.handle);
    try {
      enableExtensions(this.context.gl);
      this.context.largestTexture = undefined;
      this.core.comeBack();
    } catch (error) {
      this.kept.failedToComeBack = `the WebGL context came back, but the water could not: ${error.message}`;
      return;
    }
    this.kept = null;
  }

  // The picture covering a frame of width x height, given to the engine when
  // it changes (a video's every frame): on the GPU as a texture, whose name
  // this returns; on the CPU as pixels.
  takePicture(source, width, height) {
    if (unsharedFromAnotherOrigin(source)) throw new Error(kFromAnotherOrigin);
    const p = this.picture;
    const moving = typeof HTMLVideoElement !== 'undefined' && source instanceof HTMLVideoElement;
    if (p.source === source && p.width === width && p.height === height && !moving) return p.texture;
    const core = this.live();
    if (this.context) this.requireTextureFor(width, height);
    try {
      const covered = coverPicture(this.m, source, width, height);
      if (!this.context || !moving) {  // the CPU draws it; over a still one, rest is judged
        const rgba = covered.getContext('2d').getImageData(0, 0, width, height).data;
        core.pictureRoom(width, height).set(rgba);
        core.usePicture();
      }
      if (this.context) {
        p.texture = p.texture || this.newTexture();
        upload(this.context.gl, this.m.GL.textures[p.texture], covered);
      }
    } catch (error) {
      if (error instanceof RangeError)  // the browser's memory
        throw new Error(`render: the browser could not make a frame of ${width}x${height}: ${error.message}`);
      if (error.name !== 'SecurityError') throw error;
      throw new Error(kFromAnotherOrigin);
    }
    Object.assign(p, { source, width, height, moving });
    return p.texture;
  }

  // A frame larger than the context's textures, said before the picture is
  // covered at that size (seconds, for a large one), not after WebGL refused
  // it. The largest is asked once a context (a restored one may differ).
  requireTextureFor(width, height) {
    const { gl } = this.context;
    const most = (this.context.largestTexture ??= gl.getParameter(gl.MAX_TEXTURE_SIZE));
    if (width > most || height > most) {
      throw new Error(`render: the frame ${width}x${height} is larger than the pictures this browser's WebGL holds ` +
                      `(${most}x${most})`);
    }
  }

  // A texture of the water's context, named in emscripten's registry as
  // glGenTextures names one, for render() to take.
  newTexture() {
    const GL = this.m.GL;
    const name = GL.getNewId(GL.textures);
    const texture = this.context.gl.createTexture();
    texture.name = name;
    GL.textures[name] = texture;
    return name;
  }
}

// ---- the engine's arguments ----
// The engine's whole numbers are C++ ints, which a number would reach
// wrapped or truncated (2^32 + 10 as 10, 'ten' as 0): what is not one is
// refused here, named as it was given; the library checks its own ranges.
const kLeastInt = -(2 ** 31), kMostInt = 2 ** 31 - 1;
const shown = (value) => (typeof value === 'string' ? `'${value}'` : String(value));
function whole(call, name, value) {
  if (Number.isInteger(value) && value >= kLeastInt && value <= kMostInt) return value;
  throw new Error(`${call}: ${name} is ${shown(value)}, not a whole number from ${kLeastInt} to ${kMostInt}`);
}
// Each of `named` ({ x, y, ... }) checked as whole() checks it; their values in order.
function wholes(call, named) {
  return Object.entries(named).map(([name, value]) => whole(call, name, value));
}
function number(call, name, value) {
  if (typeof value === 'number') return value;
  throw new Error(`${call}: ${name} is ${shown(value)}, not a number`);
}

// A source's index as the engine takes it: a whole number from 0.
function sourceIndex(call, index) {
  if (!Number.isInteger(index) || index < 0 || index > kMostInt)
    throw new Error(`${call}: ${shown(index)} is not a source's index (0, 1, ...)`);
  return index;
}

// addSource()'s fields, each checked as the engine takes it; those left out
// stay out, for the engine's defaults.
function sourceFields(source) {
  if (typeof source !== 'object' || source === null)
    throw new Error(`addSource: ${shown(source)} is not a source, { x0, y0, ... }`);
  const fields = {};
  const given = (name) => source[name] !== undefined;
  for (const name of ['x0', 'y0', 'x1', 'y1']) if (given(name)) fields[name] = whole('addSource', name, source[name]);
  for (const name of ['period', 'amplitude']) if (given(name)) fields[name] = number('addSource', name, source[name]);
  for (const name of ['start', 'end']) {
    if (!given(name)) continue;
    if (!Number.isSafeInteger(source[name]))
      throw new Error(`addSource: ${name} is ${shown(source[name])}, not a whole number of steps`);
    fields[name] = source[name];
  }
  if (given('moving')) {
    if (typeof source.moving !== 'boolean')
      throw new Error(`addSource: moving is ${shown(source.moving)}, not true or false`);
    fields.moving = source.moving;
  }
  return fields;
}

// Sets each [name, value] of `entries` on the engine's water. Values that
// only hold together (a speed and the stencil that allows it) are taken in
// any order: one refused is tried again once the others are set; what is
// refused when nothing more can be set throws.
function setTogether(core, entries) {
  let waiting = entries;
  while (waiting.length) {
    const refused = [];
    let firstError = null;
    for (const [name, value] of waiting) {
      try {
        core.set(name, String(value));
      } catch (error) {
        refused.push([name, value]);
        firstError = firstError ?? error;
      }
    }
    if (refused.length === waiting.length) throw firstError;
    waiting = refused;
  }
}

// `picture` into `texture` as it is, whatever unpacking the page left set,
// which is put back after, with the page's texture bound, as the library's
// calls keep a host's state (docs/api.md).
function upload(gl, texture, picture) {
  const unpacking = [[gl.UNPACK_FLIP_Y_WEBGL, false], [gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false],
                     [gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.BROWSER_DEFAULT_WEBGL], [gl.UNPACK_ROW_LENGTH, 0],
                     [gl.UNPACK_SKIP_ROWS, 0], [gl.UNPACK_SKIP_PIXELS, 0], [gl.UNPACK_ALIGNMENT, 4]];
  const kept = unpacking.map(([name]) => gl.getParameter(name));
  const bound = gl.getParameter(gl.TEXTURE_BINDING_2D), unpackBuffer = gl.getParameter(gl.PIXEL_UNPACK_BUFFER_BINDING);
  for (const [name, value] of unpacking) gl.pixelStorei(name, value);
  gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
  gl.bindTexture(gl.TEXTURE_2D, texture);
  try {
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, picture);
  } finally {  // a picture refused (another origin's) leaves the page's state too
    gl.bindTexture(gl.TEXTURE_2D, bound);
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, unpackBuffer);
    unpacking.forEach(([name], i) => gl.pixelStorei(name, kept[i]));
  }
}

// What render() draws: what the browser both draws on a canvas and gives
// WebGL as a texture (ripple.d.ts's PictureSource).
const kPictureKinds = ['HTMLImageElement', 'SVGImageElement', 'HTMLCanvasElement', 'HTMLVideoElement', 'ImageBitmap',
                       'OffscreenCanvas', 'VideoFrame'];
function requirePicture(value) {
  if (kPictureKinds.some((kind) => globalThis[kind] && value instanceof globalThis[kind])) return;
  throw new Error(`render: ${described(value)} is not a picture: give an <img>, ImageBitmap, <canvas> or <video>`);
}

const kFromAnotherOrigin = 'render: the picture comes from another origin, which has not let the page read it: ' +
                           "load it with crossOrigin = 'anonymous' from a server that allows it (CORS)";

// Whether an <img> or <video> comes from another origin, not asked to
// share it (no crossOrigin): never the page's to read. Known from its
// address, as drawing it does not always tell: Chromium draws a video it
// has no frame of (its player let go) as nothing, and taints nothing.
function unsharedFromAnotherOrigin(source) {
  const kinds = [globalThis.HTMLImageElement, globalThis.HTMLVideoElement];
  if (!kinds.some((kind) => kind && source instanceof kind) || source.crossOrigin !== null) return false;
  const address = new URL(source.currentSrc || source.src, globalThis.location.href);
  return /^https?:$/.test(address.protocol) && address.origin !== globalThis.location.origin;
}

// A value a call was given, as its line names it: an object by its kind.
function described(value) {
  if (typeof value !== 'object' || value === null) return shown(value);
  return `an object of kind ${value.constructor?.name ?? 'none'}`;
}

// `source` scaled to cover width x height as the library covers a frame
// with a picture (ripple::coverCrop: its aspect ratio kept, the excess
// cropped equally from both sides), drawn by the browser.
function coverPicture(m, source, width, height) {
  const sw = source.videoWidth || source.naturalWidth || source.width;
  const sh = source.videoHeight || source.naturalHeight || source.height;
  if (!(sw > 0 && sh > 0)) throw new Error('render: the picture has no pixels yet (load it first)');
  const crop = m.coverCrop(sw, sh, width, height);
  const canvas = globalThis.OffscreenCanvas  // Safari before 16.4 has none
    ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
  // Read back at once: a canvas kept in memory, not the GPU's.
  canvas.getContext('2d', { willReadFrequently: true })
      .drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  return canvas;
}
