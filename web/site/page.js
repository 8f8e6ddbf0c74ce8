// The page: the water over the pool filling the window, as the native
// window shows it. A click drops a stone, a drag leaves a trail; the panel
// (lil-gui) tunes the water by the parameter table's names and opens the
// presets; a dropped picture or scene file opens. The engine is ripple.js
// (docs/web.md).
import GUI from './lil-gui.js';
import { createWater, parameters, presetNames, presetPicture } from './ripple.js';

const kGridScale = 2;        // frame pixels a cell, each way
const kRestCheckFrames = 30; // frames between looks for rest

let canvas = document.getElementById('water');
const status = document.getElementById('status');
const say = (text) => { status.textContent = text; };

const view = {
  stepsPerFrame: 2,
  stoneSize: 20,  // frame pixels
  stoneDepth: 96,
  paused: false,
};

function frameSize() {
  const ratio = window.devicePixelRatio || 1;
  return [Math.max(1, Math.round(canvas.clientWidth * ratio)), Math.max(1, Math.round(canvas.clientHeight * ratio))];
}

async function loadPicture(url) {
  const picture = new Image();
  picture.src = url;
  await picture.decode();
  return picture;
}

// The water on WebGL 2 or, where the browser has none (or no float render
// targets), on the CPU reference in a fresh canvas, with a line saying so.
async function createAnyWater(width, height) {
  const grid = { width: Math.ceil(width / kGridScale), height: Math.ceil(height / kGridScale) };
  try {
    return { water: await createWater(canvas, grid), note: '' };
  } catch (error) {
    const fresh = canvas.cloneNode();  // a canvas that tried WebGL keeps it: the CPU draws into another
    canvas.replaceWith(fresh);
    canvas = fresh;
    canvas.width = width;
    canvas.height = height;
    return { water: await createWater(canvas, { ...grid, backend: 'cpu' }), note: `${error.message} ` };
  }
}

async function main() {
  const [width, height] = frameSize();
  canvas.width = width;
  canvas.height = height;
  const [{ water, note }, pool, table, presets] =
      await Promise.all([createAnyWater(width, height), loadPicture('pool.png'), parameters(), presetNames()]);
  let picture = pool;
  let framesToRestCheck = kRestCheckFrames;
  let running = false;
  let screenshotWanted = false;

  // ---- the loop: steps and a frame each animation frame, until it rests ----
  const frame = () => {
    if (!view.paused) water.step(view.stepsPerFrame);
    water.render(picture, 0, 0, canvas.width, canvas.height);
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

  const saveScreenshot = () => {
    canvas.toBlob((blob) => {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `ripple-${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
      link.click();
      URL.revokeObjectURL(link.href);
    }, 'image/png');
  };

  // ---- stones from the pointer ----
  const cellOf = (event) => {
    const box = canvas.getBoundingClientRect();
    return [Math.floor(((event.clientX - box.left) / box.width) * water.width),
            Math.floor(((event.clientY - box.top) / box.height) * water.height)];
  };
  const radius = () => Math.max(1, Math.round(view.stoneSize / kGridScale));
  let dragging = false;
  canvas.addEventListener('pointerdown', (event) => {
    dragging = true;
    canvas.setPointerCapture(event.pointerId);
    water.drop(...cellOf(event), radius(), view.stoneDepth);
    wake();
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    water.drop(...cellOf(event), radius(), view.stoneDepth);
    wake();
  });
  canvas.addEventListener('pointerup', () => { dragging = false; });

  // ---- the panel: the parameter table's ranges and words ----
  const gui = new GUI({ title: 'ripple (H hides)' });
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

  const kNoPreset = '(none)';
  const scene = { preset: kNoPreset };
  gui.add(scene, 'preset', [kNoPreset, ...presets]).name('scene').onChange(async (name) => {
    if (name === kNoPreset) return;
    try {
      water.loadPreset(name);
      picture = (await presetPicture(name)) ?? pool;
      say(name);
    } catch (error) {
      say(error.message);
    }
    refreshPanel();
    wake();
  });
  const actions = {
    pause: () => { view.paused = !view.paused; wake(); },
    step: () => { water.step(1); wake(); },
    calm: () => { water.reset(); wake(); },
    verify: () => {
      const v = water.verify(100);
      say(`verify, 100 steps on ${water.backend === 'gpu' ? 'WebGL' : 'the CPU'} against the CPU reference: ` +
          `${v.pass ? 'passed' : 'FAILED'}, largest difference ${v.maxDifference} (tolerance ${v.tolerance})`);
      wake();
    },
    screenshot: () => { screenshotWanted = true; wake(); },
  };
  gui.add(actions, 'pause').name('pause (space)');
  gui.add(actions, 'step').name('step (N)');
  gui.add(actions, 'calm').name('calm (R)');
  gui.add(actions, 'verify').name('verify');
  gui.add(actions, 'screenshot').name('screenshot (S)');

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
  const look = gui.addFolder('look');
  parameterControl(look, 'refraction', 'refraction');
  parameterControl(look, 'light', 'light');
  parameterControl(look, 'light-azimuth', 'light from');
  parameterControl(look, 'light-elevation', 'light height');
  parameterControl(look, 'height-shading', 'height shading');

  // ---- keys, as the window's ----
  window.addEventListener('keydown', (event) => {
    if (event.target !== document.body) return;
    const key = event.key.toLowerCase();
    if (key === ' ') actions.pause();
    else if (key === 'n') actions.step();
    else if (key === 'r') actions.calm();
    else if (key === 's') actions.screenshot();
    else if (key === 'h') gui.show(gui._hidden);
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
          water.loadScene(text);
        } catch (error) {
          throw new Error(error.message.replace(/^the scene text/, file.name));
        }
        refreshPanel();
      } else {
        picture = await createImageBitmap(file);
      }
      say(file.name);
    } catch (error) {
      say(error.message.startsWith(file.name) ? error.message : `${file.name}: ${error.message}`);
    }
    wake();
  });

  // ---- the page's size, in device pixels ----
  new ResizeObserver(() => {
    const [w, h] = frameSize();
    if (w === canvas.width && h === canvas.height) return;
    canvas.width = w;
    canvas.height = h;
    water.resize(Math.ceil(w / kGridScale), Math.ceil(h / kGridScale));
    wake();
  }).observe(canvas);

  window.ripplePage = { water, gui, isRunning: () => running };  // for the tests and a curious console
  say(`${note}Click or drag on the water.`);
  wake();
}

main().catch((error) => {
  say(error.message);
  console.error(error);
});
