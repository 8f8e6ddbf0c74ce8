// The page: the water over the pool filling the window, as the native
// window shows it. A click drops a stone, a drag leaves a trail, or the
// tank's tools paint walls and slow water and place sources; the panel
// (lil-gui) tunes the water by the parameter table's names and opens the
// presets, as a link does (#preset=double-slit), and makes a link to the
// water as it is; a dropped picture or scene file opens; the canvas records
// to WebM. The engine is ripple.js (docs/web.md).
import GUI from './lil-gui.js';
import { createWaterOrCpu, parameters, presetNames, presetPicture, scenePicture, tankLimits } from './ripple.js';

// CSS pixels a cell, each way: the water looks alike on every screen, the
// frame in device pixels drawing it sharper on a finer one.
const kGridScale = 2;
const kRestCheckFrames = 30; // frames between looks for rest
const kSourceReach = 12;     // CSS pixels: a click this near a source grabs it, a fingertip's width

let canvas = document.getElementById('water');
const status = document.getElementById('status');
const say = (text) => { status.textContent = text; };
// A screen of touch alone (a phone) is not told of keys: "what (key)" elsewhere.
const touchOnly = window.matchMedia('(pointer: coarse)').matches && !window.matchMedia('(any-pointer: fine)').matches;
const withKey = (what, key) => (touchOnly ? what : `${what} (${key})`);

const kTools = ['stones', 'wall', 'eraser', 'slow water', 'source'];  // keys 1-5, as the window's

const view = {
  stepsPerFrame: 2,
  stoneSize: 20,  // CSS pixels
  stoneDepth: 96,
  paused: false,
  tool: 'stones',
  brushSize: 10,        // CSS pixels across
  slowWaterSpeed: 0.5,  // a share of open water's
  sourcePeriod: 24,     // steps a wave
  sourceAmplitude: 96,  // as a stone's depth
};

// A change of the screen's pixels a CSS pixel (the window moved to a
// screen of another density) changes no CSS size, so neither a resize
// nor a ResizeObserver says it: a media query of the ratio now does,
// asked again after each change. (Headless Chromium's emulated densities
// send it no change: its checks send it by hand.)
function followPixelRatio(then) {
  window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener('change', () => {
    then();
    followPixelRatio(then);
  }, { once: true });
}

function frameSize() {
  const ratio = window.devicePixelRatio || 1;
  return [Math.max(1, Math.round(canvas.clientWidth * ratio)), Math.max(1, Math.round(canvas.clientHeight * ratio))];
}
// The grid under the canvas, kGridScale CSS pixels a cell.
function gridSize() {
  return { width: Math.max(1, Math.ceil(canvas.clientWidth / kGridScale)),
           height: Math.max(1, Math.ceil(canvas.clientHeight / kGridScale)) };
}

// Two numbers in three significant figures (0.0174), or as many more as
// keep them apart: a failed check never shows its difference equal to its
// tolerance.
function shortly(a, b) {
  let digits = 3;
  while (digits < 17 && a !== b && Number(a.toPrecision(digits)) === Number(b.toPrecision(digits))) ++digits;
  return [a, b].map((value) => Number(value.toPrecision(digits)));
}

// Bytes deflated and written in base64url, for a link; and back.
async function packed(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const deflated = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < deflated.length; i += 0x8000) binary += String.fromCharCode(...deflated.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
async function unpacked(text) {
  const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The cells a link holds, "WxH.DATA": { width, height, bytes }, each byte
// a speed factor in 255ths, as slow water's speeds are.
async function cellsOfLink(spec) {
  const [, width, height, data] = spec.match(/^(\d+)x(\d+)\.(.*)$/) ?? [];
  const bytes = await unpacked(data ?? '');
  if (!(width > 0 && height > 0) || bytes.length !== width * height) throw new Error('its cells do not fit their grid');
  return { width: Number(width), height: Number(height), bytes };
}
// The cells turned a quarter as loadScene() turned their scene ('clockwise'
// brings the left side to the top, as ripple::quarterTurned() does).
function turnedCells(cells, turn) {
  if (!turn) return cells;
  const { width, height, bytes } = cells;
  const turned = new Uint8Array(bytes.length);
  for (let y = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x) {
      const [tx, ty] = turn === 'clockwise' ? [height - 1 - y, x] : [y, width - 1 - x];
      turned[ty * height + tx] = bytes[y * width + x];
    }
  }
  return { width: height, height: width, bytes: turned };
}
// Those cells on a grid of width x height, each the least speed of the
// cells under it, so that no thin wall leaks on a coarser grid.
function cellsOnto(cells, width, height) {
  const speeds = new Float32Array(width * height);
  const span = (i, from, to) => [Math.floor((i * from) / to), Math.max(Math.floor((i * from) / to) + 1,
                                                                        Math.floor(((i + 1) * from) / to))];
  for (let y = 0; y < height; ++y) {
    const [y0, y1] = span(y, cells.height, height);
    for (let x = 0; x < width; ++x) {
      const [x0, x1] = span(x, cells.width, width);
      let least = 255;
      for (let cy = y0; cy < y1; ++cy)
        for (let cx = x0; cx < x1; ++cx) least = Math.min(least, cells.bytes[cy * cells.width + cx]);
      speeds[y * width + x] = least / 255;
    }
  }
  return speeds;
}

// The bytes of the picture at `url`, from `answer`, a fetch() of it: to be
// decoded as a dropped picture is (a fresh page's first <img> decode is
// slow to start, several times createImageBitmap's).
async function pictureFile(answer, url) {
  const response = await answer;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.blob();
}

// The water on WebGL 2 or, where the browser cannot, on the CPU reference
// in a fresh canvas, with a line saying so.
async function createAnyWater() {
  const made = await createWaterOrCpu(canvas, gridSize());
  canvas = made.canvas;
  return { water: made.water, note: made.whyCpu && `${made.whyCpu} ` };
}

async function main() {
  const [width, height] = frameSize();
  canvas.width = width;
  canvas.height = height;
  // The picture's bytes first: setting WebGL up holds the page's thread for
  // hundreds of milliseconds, which the decode then runs beside. index.html's
  // first script asked for them; they are asked for here where it did not
  // run (a policy against inline scripts).
  const poolFile = await pictureFile(window.poolPicture ?? fetch('pool.png'), 'pool.png');
  const [pool, { water, note }, table, presets, limits] = await Promise.all(
      [createImageBitmap(poolFile), createAnyWater(), parameters(), presetNames(), tankLimits()]);
  let picture = pool;
  let framesToRestCheck = kRestCheckFrames;
  let fittedRatio = window.devicePixelRatio;  // the canvas's pixels a CSS pixel, as last fitted
  let running = false;
  let screenshotWanted = false;

  // ---- the loop: steps and a frame each animation frame, until it rests ----
  const frame = () => {
    if (window.devicePixelRatio !== fittedRatio) fitCanvas();
    try {
      if (!view.paused) water.step(view.stepsPerFrame);
      water.render(picture, 0, 0, canvas.width, canvas.height);
    } catch (error) {  // the WebGL context lost, say: the line, and the loop waits to be woken
      say(error.message);
      running = false;
      return;
    }
    if (!performance.getEntriesByName('ripple-first-frame').length) performance.mark('ripple-first-frame');
    if (screenshotWanted) saveScreenshot();
    screenshotWanted = false;
    if (--framesToRestCheck <= 0) {
      framesToRestCheck = kRestCheckFrames;
      if (view.paused || (!water.disturbedByItself() && water.restsUnseen())) {
        if (!view.paused) water.reset();  // no one can see it: still water costs nothing
        running = false;
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  const wake = () => {
    framesToRestCheck = kRestCheckFrames;
    if (running) return;
    running = true;
    requestAnimationFrame(frame);
  };

  const download = (blob, extension) => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `ripple-${new Date().toISOString().replace(/[:.]/g, '-')}.${extension}`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const saveScreenshot = () => canvas.toBlob((blob) => download(blob, 'png'), 'image/png');

  // ---- the pointer: the tool's press, drag and release on cells ----
  const cellOf = (event) => {
    const box = canvas.getBoundingClientRect();
    return [Math.floor(((event.clientX - box.left) / box.width) * water.width),
            Math.floor(((event.clientY - box.top) / box.height) * water.height)];
  };
  const cells = (pixels, most) => Math.min(most, Math.max(1, Math.round(pixels / kGridScale)));
  const paint = ([x0, y0], [x1, y1]) => {
    const speed = view.tool === 'wall' ? 0 : view.tool === 'eraser' ? 1 : view.slowWaterSpeed;
    water.paint(x0, y0, x1, y1, cells(view.brushSize, limits.maxWallThickness), speed);
  };
  // The source tool: a press grabs the source near it or starts one there;
  // a drag moves it, gliding (a moving source); a click on one stops it.
  const held = { index: null, isNew: false, moved: false };
  const tools = {
    press(cell) {
      if (view.tool === 'stones') water.drop(...cell, cells(view.stoneSize, limits.maxStoneRadius), view.stoneDepth);
      else if (view.tool !== 'source') paint(cell, cell);
      else {
        held.index = water.sourceNear(...cell, Math.max(3, cells(kSourceReach, Infinity)));
        held.isNew = held.index === null;
        held.moved = false;
        held.index ??= water.addSource(
            { x0: cell[0], y0: cell[1], period: view.sourcePeriod, amplitude: view.sourceAmplitude });
      }
    },
    drag(from, to) {
      const stoneRadius = cells(view.stoneSize, limits.maxStoneRadius);
      if (view.tool === 'stones') water.dropAlong(...from, ...to, stoneRadius, view.stoneDepth);
      else if (view.tool !== 'source') paint(from, to);
      else if (held.index !== null && (to[0] !== from[0] || to[1] !== from[1])) {
        const s = water.sources()[held.index];
        water.moveSource(held.index, s.x0 + to[0] - from[0], s.y0 + to[1] - from[1], view.stepsPerFrame);
        held.moved = true;
      }
    },
    release() {
      if (held.index === null) return;
      if (held.moved) {
        const s = water.sources()[held.index];
        water.moveSource(held.index, s.x0, s.y0);  // there now, gliding no more
      } else if (!held.isNew) {
        water.removeSource(held.index);
      }
      held.index = null;
    },
  };
  const withTool = (use) => {
    try {
      use();
    } catch (error) {
      say(error.message);
    }
    wake();
  };
  let lastCell = null;
  canvas.addEventListener('pointerdown', (event) => {
    canvas.setPointerCapture(event.pointerId);
    lastCell = cellOf(event);
    withTool(() => tools.press(lastCell));
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!lastCell) return;
    const cell = cellOf(event);
    const from = lastCell;
    lastCell = cell;
    withTool(() => tools.drag(from, cell));
  });
  const release = () => {
    if (!lastCell) return;
    lastCell = null;
    withTool(() => tools.release());
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);

  // ---- recording: the canvas as WebM, the browser's MediaRecorder ----
  let recorder = null;
  const toggleRecording = () => {
    if (recorder) {
      recorder.stop();
      return;
    }
    const chunks = [];
    recorder = new MediaRecorder(canvas.captureStream(60), { mimeType: 'video/webm' });
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onstop = () => {
      recorder = null;
      const video = new Blob(chunks, { type: 'video/webm' });
      if (!video.size) {  // stopped before the encoder gave a frame: no empty file
        say(withKey('the recording held no frame yet: record a little longer', 'V'));
        return;
      }
      download(video, 'webm');
      say('recording saved');
    };
    recorder.start();
    say(withKey('recording', 'V stops'));
  };

  // ---- the panel: the parameter table's ranges and words ----
  const gui = new GUI({ title: withKey('ripple', 'H hides') });
  // A phone's narrow screen shows the water, the panel closed to its title
  // (a tap opens it): open, it would cover most of the water.
  if (window.matchMedia('(max-width: 600px)').matches) gui.close();
  const values = {};
  const byName = Object.fromEntries(table.map((p) => [p.name, p]));
  const controllers = [];
  const parameterControl = (folder, name, label) => {
    const p = byName[name];
    const read = () => {
      const text = water.get(name);
      values[name] = p.kind === 'flag' ? text === 'true' : p.kind === 'choice' ? text : Number(text);
    };
    read();
    let control;
    if (p.kind === 'choice') control = folder.add(values, name, p.words);
    else if (p.kind === 'flag') control = folder.add(values, name);
    else control = folder.add(values, name, p.min, p.includesMax ? p.max : p.max * 0.999, p.kind === 'whole' ? 1 : undefined);
    control.name(label).onChange((value) => {
      try {
        water.set({ [name]: value });
      } catch (error) {
        say(error.message);
      }
      read();
      control.updateDisplay();
      wake();
    });
    control.title = p.meaning;
    controllers.push({ control, read });
    return control;
  };
  const refreshPanel = () => controllers.forEach(({ control, read }) => { read(); control.updateDisplay(); });

  // ---- the presets: from the panel's menu or a link (#preset=double-slit) ----
  const kNoPreset = '(none)';
  const scene = { preset: kNoPreset };
  const sceneControl = gui.add(scene, 'preset', [kNoPreset, ...presets]).name('scene');
  const menuShows = (name) => {
    scene.preset = name ?? kNoPreset;
    sceneControl.updateDisplay();
  };
  // The address names the preset shown, so that it is the link to it.
  const nameInAddress = (name) => {
    menuShows(name);
    history.replaceState(null, '', name ? `#preset=${encodeURIComponent(name)}` : location.pathname + location.search);
  };
  // A preset laid out across stands upright on a phone held upright.
  const openPreset = async (name) => {
    try {
      water.loadPreset(name, { turnToFit: true });
      picture = (await presetPicture(name)) ?? pool;
      nameInAddress(name);
      say(name);
    } catch (error) {
      say(error.message);
    }
    refreshPanel();
    wake();
  };
  sceneControl.onChange((name) => name !== kNoPreset && openPreset(name));

  // ---- a link to the water as it is: its scene's text and its cells ----
  const linkToWater = async () => {
    const text = water.saveScene({ withoutCells: true });
    const link = new URLSearchParams({ scene: await packed(new TextEncoder().encode(text)) });
    const speeds = water.cellSpeeds();
    if (speeds.some((speed) => speed < 1)) {
      const cells = await packed(Uint8Array.from(speeds, (speed) => Math.round(speed * 255)));
      link.set('cells', `${water.width}x${water.height}.${cells}`);
    }
    return `#${link}`;
  };
  // The water a link holds, read whole before the water changes.
  const openWaterLink = async (link) => {
    const kName = "the link's water";
    let text, cells;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await unpacked(link.get('scene')));
      if (link.has('cells')) cells = await cellsOfLink(link.get('cells'));
    } catch (error) {
      throw new Error(`${kName}: not a link this page made (${error.message})`);
    }
    let turn;
    try {
      turn = water.loadScene(text, { turnToFit: true });
    } catch (error) {
      throw new Error(error.message.replace(/^the scene text/, kName));
    }
    if (cells) water.setCellSpeeds(cellsOnto(turnedCells(cells, turn), water.width, water.height));
    picture = (await scenePicture(text)) ?? pool;
    menuShows(null);
    refreshPanel();
    say(kName);
  };
  const openLink = async () => {
    const link = new URLSearchParams(location.hash.slice(1));
    try {
      if (link.has('preset')) await openPreset(link.get('preset'));
      else if (link.has('scene')) await openWaterLink(link);
    } catch (error) {
      say(error.message);
    }
    wake();
  };
  window.addEventListener('hashchange', openLink);
  const actions = {
    pause: () => { view.paused = !view.paused; wake(); },
    step: () => { water.step(1); wake(); },
    calm: () => { water.reset(); wake(); },
    verify: () => {
      const v = water.verify(100);
      const [difference, tolerance] = shortly(v.maxDifference, v.tolerance);
      say(`verify, 100 steps on ${water.backend === 'gpu' ? 'WebGL' : 'the CPU'} against the CPU reference: ` +
          `${v.pass ? 'passed' : 'FAILED'}, largest difference ${difference} (tolerance ${tolerance})`);
      wake();
    },
    screenshot: () => { screenshotWanted = true; wake(); },
    link: async () => {
      try {
        history.replaceState(null, '', await linkToWater());
        menuShows(null);
        const copied = await navigator.clipboard?.writeText(location.href).then(() => true, () => false);
        say(`the link to this water is in the address bar${copied ? ', and copied' : ''}`);
      } catch (error) {
        say(error.message);
      }
    },
    record: () => withTool(toggleRecording),
  };
  gui.add(actions, 'pause').name(withKey('pause', 'space'));
  gui.add(actions, 'step').name(withKey('step', 'N'));
  gui.add(actions, 'calm').name(withKey('calm', 'R'));
  gui.add(actions, 'verify').name('verify');
  gui.add(actions, 'screenshot').name(withKey('screenshot', 'S'));
  gui.add(actions, 'record').name(withKey('record WebM', 'V'));
  gui.add(actions, 'link').name(withKey('link to this water', 'L'));

  const waterFolder = gui.addFolder('water');
  parameterControl(waterFolder, 'mode', 'mode');
  parameterControl(waterFolder, 'damping', 'fade');
  parameterControl(waterFolder, 'speed', 'wave speed');
  parameterControl(waterFolder, 'stencil', 'rings');
  waterFolder.add(view, 'stepsPerFrame', 1, 8, 1).name('steps a frame');
  const stones = gui.addFolder('stones');
  stones.add(view, 'stoneSize', 2, 80, 1).name('stone size (px)');
  stones.add(view, 'stoneDepth', 8, 512, 1).name('stone depth');
  parameterControl(stones, 'stone-shape', 'shape');
  parameterControl(stones, 'rain-falling', 'rain');
  parameterControl(stones, 'rain', 'drops a step');
  const tank = gui.addFolder('tank');
  const chooseTool = (tool) => {
    if (tool === 'slow water' && water.get('mode') === 'classic') {
      say('classic mode has no slow water: switch the water to float mode to paint it');
      tool = 'stones';
    }
    view.tool = tool;
    held.index = null;
    toolControl.updateDisplay();
  };
  const toolControl = tank.add(view, 'tool', kTools).name(withKey('tool', '1-5, T')).onChange(chooseTool);
  tank.add(view, 'brushSize', 1, limits.maxWallThickness * kGridScale, 1).name('brush (px)');
  tank.add(view, 'slowWaterSpeed', limits.minSlowWaterSpeed, 1).name('slow water speed');
  tank.add(view, 'sourcePeriod', limits.minSourcePeriod, 200, 1).name('source period');
  tank.add(view, 'sourceAmplitude', 8, 512, 1).name('source amplitude');
  tank.add({ clear: () => withTool(() => water.clearCells()) }, 'clear').name('clear cells');
  tank.add({ remove: () => withTool(() => { while (water.sources().length) water.removeSource(0); }) }, 'remove')
      .name('remove sources');
  const look = gui.addFolder('look');
  parameterControl(look, 'refraction', 'refraction');
  parameterControl(look, 'light', 'light');
  parameterControl(look, 'light-azimuth', 'light from');
  parameterControl(look, 'light-elevation', 'light height');
  parameterControl(look, 'height-shading', 'height shading');

  // ---- keys, as the window's ----
  window.addEventListener('keydown', (event) => {
    if (event.target.closest('input, select, textarea')) return;  // typing into the panel
    const key = event.key.toLowerCase();
    if (key === ' ') actions.pause();
    else if (key === 'n') actions.step();
    else if (key === 'r') actions.calm();
    else if (key === 's') actions.screenshot();
    else if (key === 'h') gui.show(gui._hidden);
    else if (key === 'v') actions.record();
    else if (key === 'l') actions.link();
    else if (key >= '1' && key <= '5') chooseTool(kTools[Number(key) - 1]);
    else if (key === 't') chooseTool(kTools[(kTools.indexOf(view.tool) + 1) % kTools.length]);
    else return;
    event.preventDefault();
  });

  // ---- a dropped picture or scene file opens ----
  window.addEventListener('dragover', (event) => event.preventDefault());
  window.addEventListener('drop', async (event) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (!file) return;
    try {
      if (file.name.endsWith('.toml')) {
        const text = await file.text();
        try {
          water.loadScene(text, { turnToFit: true });
        } catch (error) {
          throw new Error(error.message.replace(/^the scene text/, file.name));
        }
        picture = (await scenePicture(text)) ?? pool;
        nameInAddress(null);  // no preset's now
        refreshPanel();
      } else {
        picture = await createImageBitmap(file).catch(() => {
          throw new Error('not a picture this browser decodes, nor a scene file (.toml)');
        });
      }
      say(file.name);
    } catch (error) {
      say(error.message.startsWith(file.name) ? error.message : `${file.name}: ${error.message}`);
    }
    wake();
  });

  // ---- the page's size: the frame in device pixels, the grid in CSS pixels ----
  // A window turned from across to upright or back (a phone turned) turns
  // the water as it is, as a preset opened then would have been turned.
  const fitWaterToCanvas = () => withTool(() => {
    const { width, height } = gridSize();
    if (width === water.width && height === water.height) return;
    const windowTurned = (width - height) * (water.width - water.height) < 0;
    if (windowTurned) water.quarterTurn(width < height ? 'clockwise' : 'anticlockwise');
    water.resize(width, height);
  });
  const fitCanvas = () => {
    fittedRatio = window.devicePixelRatio;
    const [w, h] = frameSize();
    if (w === canvas.width && h === canvas.height) return;
    canvas.width = w;
    canvas.height = h;
    fitWaterToCanvas();
  };
  new ResizeObserver(fitCanvas).observe(canvas);
  followPixelRatio(fitCanvas);
  // Still water with its settings again once the browser gives the context
  // back, on the grid it had: the canvas may have changed size meanwhile.
  canvas.addEventListener('webglcontextrestored', () => {
    say('');
    fitWaterToCanvas();
  });

  // For the tests and a curious console.
  window.ripplePage = { water, gui, isRunning: () => running, picture: () => picture };
  say(`${note}${touchOnly ? 'Tap' : 'Click'} or drag on the water.`);
  await openLink();
}

main().catch((error) => {
  say(error.message);
  console.error(error);
});
