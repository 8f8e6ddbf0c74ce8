// What the web tests in both browsers share (run.mjs in Chromium,
// firefox.mjs in Firefox): the native program's heights and a comparison of
// bits, the pixels a page shows, and checks that run inside a page of the
// site (functions handed to page.evaluate() with one argument, so they use
// nothing of this module).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The checks a script names, those whose names WEB_CHECKS (a regex) matches
// where it is set: check(name, run), run() giving '' or what is wrong.
export function checkList() {
  const checks = [];
  const only = process.env.WEB_CHECKS ? new RegExp(process.env.WEB_CHECKS) : null;
  return { checks, check: (name, run) => (!only || only.test(name)) && checks.push({ name, run }) };
}

// Runs the checks in turn, a line each; the number that failed.
export async function runChecks(checks, what) {
  let failures = 0;
  for (const { name, run } of checks) {
    let problem;
    try {
      problem = await run();
    } catch (error) {
      problem = `threw: ${error.stack ?? error}`;
    }
    console.log(`${problem ? 'FAIL' : 'pass'}  ${name}${problem ? `\n      ${problem}` : ''}`);
    if (problem) ++failures;
  }
  console.log(failures ? `${failures} of ${checks.length} ${what} failed` : `all ${checks.length} ${what} passed`);
  return failures;
}

// Notes in `errors` what a page (playwright's or puppeteer's) logs as an
// error, throws uncaught, or asks for in vain, each with where it came from.
export function noteErrors(page, errors) {
  page.on('console', (message) => message.type() === 'error' &&
                                  errors.push(`${message.text()} (${message.location().url})`));
  page.on('pageerror', (error) => errors.push(`${error.message} (${error.stack?.split('\n')[1]?.trim()})`));
  page.on('requestfailed', (request) => errors.push(`${request.url()}: ${request.failure()?.errorText}`));
}

// A tank of walls, slow water and a source, as a scene file's text.
export const kTankScene = `ripple_scene = 1
[frame]
size = [320, 180]
grid_scale = 0
[water]
damping = 0.002
[tank]
edges = "fixed"
[[tank.wall]]
from = [200, 20]
to = [200, 120]
thickness = 3
[[tank.medium]]
centre = [100, 120]
radius = 30
speed = 0.5
[[tank.source]]
at = [60, 60]
period = 16.0
amplitude = 30.0
`;

// The heights `nativeRipple --headless --backend cpu` saves after `args`
// into `folder`, with the grid's size, read from its .npy file (float32,
// rows of W).
export function nativeHeights(nativeRipple, folder, args) {
  const file = path.join(folder, 'heights.npy');
  const run = spawnSync(nativeRipple, ['--headless', '--backend', 'cpu', '--quiet', ...args, '--save-height', file]);
  if (run.status !== 0) throw new Error(`${nativeRipple} ${args.join(' ')}: ${run.stderr}`);
  const bytes = fs.readFileSync(file);
  const headerLength = bytes.readUInt16LE(8);
  const header = bytes.subarray(10, 10 + headerLength).toString('latin1');
  const [height, width] = /'shape': \((\d+), (\d+)\)/.exec(header).slice(1).map(Number);
  return { width, height, bytes: bytes.subarray(10 + headerLength) };
}

export function sameBits(a, b) {
  if (a.length !== b.length) return `${a.length} bytes against ${b.length}`;
  let differing = 0;
  for (let i = 0; i < a.length; i += 4) if (a.readUInt32LE(i) !== b.readUInt32LE(i)) ++differing;
  return differing ? `${differing} of ${a.length / 4} cells differ` : '';
}

// The page's pixels in a rectangle as shown (a WebGL canvas keeps no
// drawing to read back), as RGBA bytes: a screenshot, decoded by the page.
export async function shownPixels(page, x, y, width, height) {
  return pixelsOf(page, await page.screenshot({ clip: { x, y, width, height } }));
}
// Likewise of the whole window as it is scrolled (puppeteer and playwright
// place a clip differently on a scrolled page).
export const windowPixels = async (page) => pixelsOf(page, await page.screenshot());
// The RGBA bytes of a PNG, decoded by the page.
function pixelsOf(page, png) {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const copy = Object.assign(document.createElement('canvas'), { width: bitmap.width, height: bitmap.height })
      .getContext('2d');  // not an OffscreenCanvas: a page may be made to have none
    copy.drawImage(bitmap, 0, 0);
    return Array.from(copy.getImageData(0, 0, bitmap.width, bitmap.height).data);
  }, Buffer.from(png).toString('base64'));
}
// The share of `block` x `block` squares of two RGBA pictures of width x
// height whose mean colours differ by more than `levels` in a channel.
function blocksApart(a, b, width, height, block, levels) {
  let apart = 0, blocks = 0;
  for (let y0 = 0; y0 + block <= height; y0 += block) {
    for (let x0 = 0; x0 + block <= width; x0 += block, ++blocks) {
      const sums = [0, 0, 0];
      for (let y = y0; y < y0 + block; ++y) {
        for (let x = x0; x < x0 + block; ++x) {
          for (let c = 0; c < 3; ++c) sums[c] += a[(y * width + x) * 4 + c] - b[(y * width + x) * 4 + c];
        }
      }
      if (sums.some((sum) => Math.abs(sum) / (block * block) > levels)) ++apart;
    }
  }
  return apart / blocks;
}
export const changedBytes = (a, b) => a.filter((v, i) => v !== b[i]).length;

// The bytes of the rectangle `rect` shown that differ from `before`, as soon
// as `wanted` of them do, or after `ms`: a loaded machine shows a ring late,
// and a ring that never comes fails the same.
export async function changedWithin(page, rect, before, wanted = 1000, ms = 8000) {
  const until = Date.now() + ms;
  for (;;) {
    const changed = changedBytes(await shownPixels(page, ...rect), before);
    if (changed >= wanted || Date.now() >= until) return changed;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Until the browser has shown what the page drew by now (two animation
// frames), and, with `firstFrame`, the page's first frame (index.html marks
// it): pixels read before a click are then the water's, not a blank canvas.
export async function drawnAndShown(page, firstFrame = false) {
  if (firstFrame) await page.waitForFunction(() => performance.getEntriesByName('ripple-first-frame').length > 0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// The bytes shown that `act` changes, once the page has drawn (and with
// `firstFrame`, drawn its first frame): in `rect`, as soon as 1000 do, and
// then in the far top-left corner.
async function changedBy(page, act, rect, firstFrame) {
  const corner = [0, 0, 60, 60];
  await drawnAndShown(page, firstFrame);
  const before = await shownPixels(page, ...rect), cornerBefore = await shownPixels(page, ...corner);
  await act();
  return { near: await changedWithin(page, rect, before),
           corner: changedBytes(await shownPixels(page, ...corner), cornerBefore) };
}
// A click in the middle of an 800x450 page (index.html marks its first frame).
export const changedByClick = (page, firstFrame = false) =>
  changedBy(page, () => page.mouse.click(400, 225), [350, 175, 100, 100], firstFrame);
// A jquery.ripples drop at (700, 250) of jquery-demo.html; the bytes near it.
export const changedByJqueryDrop = async (page) =>
  (await changedBy(page, () => page.evaluate(() => $('.pool').ripples('drop', 700, 250, 30, 0.14)),
                   [650, 200, 100, 100], false)).near;

// The check of jquery-demo.html's still water against the element's CSS
// background, for a suite's openPage(): five backgrounds (sizes,
// positions, repeats, a fixed one scrolled), compared in 10x10 blocks,
// whose means a browser's own scaling filter does not move by much, where
// a picture out of place does.
export const jqueryBackgroundCheck = (openPage) => async () => {
  const page = await openPage('jquery-demo.html');
  const problems = await jqueryBackgroundProblems(page);
  await page.close();
  return [...problems, ...page.errors].join('; ');
};
async function jqueryBackgroundProblems(page) {
  await page.waitForFunction(() => $('.pool').data('ripples')?.water);
  await page.evaluate(() => $('.pool').ripples('destroy'));
  const problems = [];
  for (const background of [
    '#c04040 url(pool.png) 30px 20px / 200px auto no-repeat',
    '#2050a0 url(pool.png) right 10px bottom 20px / contain no-repeat',
    'url(pool.png) 10px 5px / 120px 90px repeat',
    '#208020 url(pool.png) calc(100% - 40px) 25% / 50% auto repeat-x',
    'url(pool.png) center / cover fixed',
  ]) {
    await page.evaluate((background) => {
      $('#bg-test').ripples('destroy');
      $('#bg-test').remove();
      $('<div id="bg-test">').css({ position: 'absolute', left: '40px', top: '30px', width: '500px', height: '300px',
                                    border: '5px solid #333', background }).appendTo('body');
    }, background);
    await drawnAndShown(page);
    const css = await shownPixels(page, 45, 35, 500, 300);
    await page.evaluate(() => $('#bg-test').ripples({ interactive: false }));
    await page.waitForFunction(() => $('#bg-test').data('ripples')?.image && $('#bg-test').data('ripples').looping);
    await drawnAndShown(page);
    const water = await shownPixels(page, 45, 35, 500, 300);
    const apart = blocksApart(css, water, 500, 300, 10, 24);
    if (apart > 0.01) problems.push(`${background}: ${(apart * 100).toFixed(1)}% of the blocks differ`);
  }
  // The last, fixed to the window, stays with it as the page scrolls, drawn
  // again though the water is still.
  await page.evaluate(() => {
    $('<div style="height: 2000px">').appendTo('body');
    window.scrollTo(0, 40);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const scrolledWater = await shownPixels(page, 45, 0, 500, 250);
  await page.evaluate(() => $('#bg-test').ripples('hide'));
  await drawnAndShown(page);
  const scrolledCss = await shownPixels(page, 45, 0, 500, 250);
  const apart = blocksApart(scrolledCss, scrolledWater, 500, 250, 10, 24);
  if (apart > 0.01) {
    problems.push(`scrolled 40 pixels, a fixed background: ${(apart * 100).toFixed(1)}% of the blocks differ`);
  }
  return problems;
}

// The check of a body's background, the page's, for a suite's openPage():
// water over the whole window as CSS painted it (below a body shorter than
// the window, beneath its first child's margin, and with the page
// scrolled), and a press below the body's content ripples there; likewise
// the root's background.
export const jqueryPageBackgroundCheck = (openPage) => async () => {
  const page = await openPage('jquery-demo.html');  // 800x450
  await page.waitForFunction(() => $('.pool').data('ripples')?.water);
  await page.evaluate(() => {
    $('.pool').ripples('destroy');
    document.documentElement.style.cssText = 'background: none; height: auto';
    document.body.style.cssText = 'margin: 0; height: auto; background: #2050a0 url(pool.png) 20% 30% / 600px auto';
    document.body.innerHTML = '<h1 style="margin: 40px 0 0; font: 30px sans-serif; color: #fff">A short page</h1>';
  });
  const problems = [];
  // The water's pixels are the water's only where the drop-in shows its
  // canvas and has hidden the background; the same pixels otherwise would
  // compare as equal.
  let owner = 'body';  // whose background the water is
  const waterPixels = async (read) => {
    const showing = await page.evaluate((owner) => $('html > canvas').is(':visible') &&
                                                   $(owner).css('backgroundImage') === 'none', owner);
    if (!showing) problems.push('the water was not shown in place of the background');
    return read();
  };
  const compare = async (what, water, css) => {
    const apart = blocksApart(css, water, 800, 450, 10, 24);
    if (apart > 0.01) problems.push(`${what}: ${(apart * 100).toFixed(1)}% of the blocks differ from the CSS background`);
  };
  await drawnAndShown(page);
  const css = await shownPixels(page, 0, 0, 800, 450);
  await page.evaluate(() => $('body').ripples({ interactive: true }));
  await page.waitForFunction(() => $('body').data('ripples')?.image && $('body').data('ripples').looping);
  await drawnAndShown(page);
  await compare('a short body', await waterPixels(() => shownPixels(page, 0, 0, 800, 450)), css);
  const near = [350, 300, 100, 100], before = await shownPixels(page, ...near);
  await page.mouse.click(400, 350);  // below the body's 75 pixels
  const pressed = await changedWithin(page, near, before);
  if (pressed < 1000) problems.push(`a press below the body changed ${pressed} bytes near it`);
  // A long page, its water started scrolled, then scrolled on: the picture
  // moves with the page beneath the water; its body has a transform, which
  // moves what is fixed in it with the body.
  await page.evaluate(() => {
    $('body').ripples('destroy');
    $('body').css('transform', 'translateZ(0)');
    $('<div style="height: 2000px">').appendTo('body');
    window.scrollTo(0, 300);
    $('body').ripples();
  });
  for (const scrolled of [300, 700]) {
    await page.evaluate((y) => {
      $('body').ripples('show');
      window.scrollTo(0, y);
    }, scrolled);
    await page.waitForFunction(() => $('body').data('ripples')?.image && $('body').data('ripples').looping);
    await drawnAndShown(page);
    const water = await waterPixels(() => windowPixels(page));
    await page.evaluate(() => $('body').ripples('hide'));
    await drawnAndShown(page);
    await compare(`a long page scrolled ${scrolled} pixels`, water, await windowPixels(page));
  }
  // The root's own background, which is the page's too, on a short page.
  await page.evaluate(() => {
    $('body').ripples('destroy');
    $('body > div').remove();
    document.body.style.background = 'none';
    document.documentElement.style.background = '#2050a0 url(pool.png) 20% 30% / 600px auto';
  });
  owner = 'html';
  await drawnAndShown(page);
  const rootCss = await windowPixels(page);
  await page.evaluate(() => $('html').ripples());
  await page.waitForFunction(() => $('html').data('ripples')?.image && $('html').data('ripples').looping);
  await drawnAndShown(page);
  await compare("the root's background", await waterPixels(() => windowPixels(page)), rootCss);
  await page.close();
  return [...problems, ...page.errors].join('; ');
};

// In a page: the CPU backend's heights, as bytes, after a setup ({ preset }
// or { scene }) and `steps` steps.
export async function cpuHeightsInPage([width, height, setup, steps]) {
  const { createWater } = await import('./ripple.js');
  const water = await createWater(document.createElement('canvas'), { width, height, backend: 'cpu' });
  if (setup.preset) water.loadPreset(setup.preset);
  if (setup.scene) water.loadScene(setup.scene);
  water.step(steps);
  const heights = water.heights();
  water.destroy();
  return Array.from(new Uint8Array(heights.buffer));
}

// In a page: every preset on WebGL 2 and on the CPU reference from the same
// start, 100 steps; classic mode bit for bit, float mode within verify()'s
// tolerance, 1e-4 of the larger of the largest height and the heaviest
// stone (96). What differs, in lines.
export async function presetsAgainstCpuInPage() {
  const { createWater, presetNames } = await import('./ripple.js');
  const problems = [];
  for (const name of await presetNames()) {
    for (const mode of ['float', 'classic']) {
      const heights = [];
      for (const backend of ['gpu', 'cpu']) {
        const canvas = document.createElement('canvas');
        const water = await createWater(canvas, { width: 320, height: 180, backend });
        water.loadPreset(name);
        water.set({ mode });
        water.step(100);
        heights.push(water.heights());
        water.destroy();
      }
      const [gpu, cpu] = heights;
      let largest = 0, difference = 0, differing = 0;
      for (let i = 0; i < cpu.length; ++i) {
        largest = Math.max(largest, Math.abs(cpu[i]));
        difference = Math.max(difference, Math.abs(gpu[i] - cpu[i]));
        if (!Object.is(gpu[i], cpu[i])) ++differing;
      }
      const tolerance = mode === 'classic' ? 0 : 1e-4 * Math.max(largest, 96);
      if (differing && (mode === 'classic' || difference > tolerance))
        problems.push(`${name} (${mode}): ${differing} cells differ, by up to ${difference} (tolerance ${tolerance})`);
    }
  }
  return problems;
}

// The water in a module worker, on a canvas the page transferred to it:
// as it runs on WebGL 2, as it runs where the worker is refused WebGL 2 or
// float render targets (the browser's calls made to refuse them there),
// and given an OffscreenCanvas that holds a 2-D context.
export async function waterInWorkerInPage([mode, top]) {
  const canvas = document.body.appendChild(document.createElement('canvas'));
  Object.assign(canvas, { width: 160, height: 120 });
  canvas.style.cssText = `position: fixed; z-index: 9; left: 0; top: ${top}px`;  // over the page's water
  const offscreen = canvas.transferControlToOffscreen();
  const code = `onmessage = async ({ data: { canvas, mode } }) => {
    const refuse = (prototype, call, refused) => {
      const own = prototype[call];
      prototype[call] = function (name, ...rest) { return name === refused ? null : own.call(this, name, ...rest); };
    };
    if (mode === 'no WebGL 2') refuse(OffscreenCanvas.prototype, 'getContext', 'webgl2');
    if (mode === 'no float targets') refuse(WebGL2RenderingContext.prototype, 'getExtension', 'EXT_color_buffer_float');
    try {
      const { createWater, createWaterOrCpu } = await import('${location.origin}/ripple.js');
      if (mode === 'a 2-D context') {
        canvas.getContext('2d');
        await createWater(canvas, { width: 16, height: 16 });
        throw new Error('made on a canvas holding a 2-D context');
      }
      const made = await createWaterOrCpu(canvas, { width: 80, height: 60 });
      const cpu = await createWater(new OffscreenCanvas(1, 1), { width: 80, height: 60, backend: 'cpu' });
      for (const water of [made.water, cpu]) {
        water.drop(40, 30, 6, 96);
        water.step(12);
      }
      const picture = new OffscreenCanvas(8, 8);
      const paint = picture.getContext('2d');
      paint.fillStyle = '#369';
      paint.fillRect(0, 0, 8, 8);
      made.water.render(picture, 0, 0, canvas.width, canvas.height);
      postMessage({ backend: made.water.backend, whyCpu: made.whyCpu, sameCanvas: made.canvas === canvas,
                    heights: Array.from(made.water.heights()), cpuHeights: Array.from(cpu.heights()),
                    verified: made.water.backend === 'gpu' ? made.water.verify(20).pass : true });
    } catch (error) {
      postMessage({ line: error.message });
    }
  };`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
  const answer = await new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => resolve({ line: `the worker failed: ${event.message}` });
    worker.postMessage({ canvas: offscreen, mode }, [offscreen]);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));  // the worker's frame reaches the page
  return answer;
}

// The check of the water in a worker, in the browser `openPage` opens pages of.
export const workerCheck = (openPage) => async () => {
  const page = await openPage();
  const problems = [];
  const kModes = [['WebGL 2', 'gpu', ''],
                  ['no WebGL 2', 'cpu', "this browser has no WebGL 2: ripple runs on the CPU here (backend: 'cpu')"]];
  for (const [i, [mode, backend, whyCpu]] of kModes.entries()) {
    const top = i * 130;
    const made = await page.evaluate(waterInWorkerInPage, [mode, top]);
    if (made.line) {
      problems.push(`${mode}: ${made.line}`);
      continue;
    }
    if (made.backend !== backend || made.whyCpu !== whyCpu || !made.sameCanvas || !made.verified)
      problems.push(`${mode}: ${JSON.stringify({ ...made, heights: undefined, cpuHeights: undefined })}`);
    const differing = made.heights.filter((height, cell) => height !== made.cpuHeights[cell]).length;
    if (backend === 'cpu' && differing) problems.push(`${mode}: ${differing} cells differ from the CPU water beside it`);
    if (!made.heights.some((height) => height !== 0)) problems.push(`${mode}: still water`);
    // Shown in the page: rings in the canvas's middle, the still picture in its corner.
    const shown = await shownPixels(page, 0, top, 160, 120);
    const at = (x, y) => shown.slice((y * 160 + x) * 4, (y * 160 + x) * 4 + 3);
    const apart = (a, b) => Math.max(...a.map((v, c) => Math.abs(v - b[c])));
    const corner = at(2, 2);
    if (apart(corner, [0x33, 0x66, 0x99]) > 2) problems.push(`${mode}: the corner shows ${corner}, not the picture`);
    let ringed = 0;
    for (let y = 40; y < 80; ++y) for (let x = 60; x < 100; ++x) if (apart(at(x, y), corner) > 8) ++ringed;
    if (ringed < 200) problems.push(`${mode}: only ${ringed} pixels of the middle show rings`);
  }
  const noFloat = await page.evaluate(waterInWorkerInPage, ['no float targets', 260]);
  const kNoFloat = "this browser's WebGL 2 has no EXT_color_buffer_float: ripple runs on the CPU here (backend: " +
                   "'cpu'); this OffscreenCanvas keeps the WebGL 2 context it took: give createWater() another with " +
                   "backend: 'cpu'";
  if (noFloat.line !== kNoFloat) problems.push(`no float targets: ${noFloat.line ?? 'made'}`);
  const held = await page.evaluate(waterInWorkerInPage, ['a 2-D context', 390]);
  if (!held.line?.startsWith('createWater: the canvas already holds a 2-D or WebGL 1 context'))
    problems.push(`a 2-D context: ${held.line}`);
  await page.close();
  return [...problems, ...page.errors].join('; ');
};

// Where the wall one cell thin that linkCheck paints (column 100 of a grid
// `made`, rows 30 to 140) has a gap on the grid `seen`, within a cell of
// where it falls; on an upright grid turned a quarter clockwise with its
// scene, so that it runs across (the link's (x, y) at (height - 1 - y, x)).
// '' where it is whole.
function wallGap(seen, made) {
  const turned = (seen.width < seen.height) !== (made.width < made.height);
  const [linkWidth, linkHeight] = turned ? [made.height, made.width] : [made.width, made.height];
  const onSeen = (x, y) => {
    const [tx, ty] = turned ? [made.height - 1 - y, x] : [x, y];
    return [Math.floor((tx * seen.width) / linkWidth), Math.floor((ty * seen.height) / linkHeight)];
  };
  const [from, to] = [onSeen(100, 30), onSeen(100, 140)];
  const along = turned ? 0 : 1;  // the wall's axis on the seen grid
  const whole = (offset) => {
    for (let i = Math.min(from[along], to[along]); i <= Math.max(from[along], to[along]); ++i) {
      const [x, y] = turned ? [i, from[1] + offset] : [from[0] + offset, i];
      if (seen.cells[y * seen.width + x] !== 0) return false;
    }
    return true;
  };
  return [0, 1, -1].some(whole) ? '' : `the wall from (${from}) to (${to}) has a gap`;
}

// The check of L's link to the water, for a suite's openPage(file, viewport):
// made with a setting, a source, a wall one cell thin and slow water, it
// opens them all, its cells bit for bit on the grid it was made on and the
// wall whole on one half as fine and on a phone held upright (turned with
// its scene), whose own link brings it back across; a link the page did
// not make is named.
export const linkCheck = (openPage) => async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage !== undefined);
  const made = await page.evaluate(() => {
    const { water } = window.ripplePage;
    water.set({ damping: 0.01 });
    water.paint(100, 20, 100, 150, 1, 0);       // a wall one cell thin
    water.paint(20, 180, 160, 180, 6, 0.4);     // slow water
    water.addSource({ x0: 40, y0: 60, period: 20 });
    return { cells: Array.from(water.cellSpeeds()), width: water.width, height: water.height };
  });
  const linkOf = async (page) => {
    await page.keyboard.press('l');
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('the link to this water'));
    return new URL(page.url()).hash;
  };
  const link = await linkOf(page);
  await page.close();
  const problems = [];
  const opens = [[link, 800, 450], [link, 400, 225], [link, 390, 844]];
  for (let i = 0; i < opens.length; ++i) {
    const [at, width, height] = opens[i];
    const opened = await openPage(at, { width, height });
    await opened.waitForFunction(() => document.getElementById('status').textContent === "the link's water");
    const seen = await opened.evaluate(() => {
      const { water } = window.ripplePage;
      return { damping: water.get('damping'), sources: water.sources().length, width: water.width,
               height: water.height, cells: Array.from(water.cellSpeeds()) };
    });
    if (width < height) opens.push([await linkOf(opened), 800, 450]);  // the upright water's link, back across
    await opened.close();
    const where = `opened at ${width}x${height}${at === link ? '' : " from the upright water's link"}`;
    if (seen.damping !== '0.01' || seen.sources !== 1) problems.push(`${where}: ${JSON.stringify(seen).slice(0, 80)}`);
    const sameGrid = width === 800 && at === link;  // the size the link was made at
    if (sameGrid && (seen.width !== made.width || seen.cells.some((v, i) => v !== made.cells[i]))) {
      problems.push(`${where}: cells not the link's`);
    }
    const gap = wallGap(seen, made);
    if (gap) problems.push(`${where}: ${gap}`);
    problems.push(...opened.errors);
  }
  const bad = await openPage('#scene=AAAA-not-deflated');
  await bad.waitForFunction(() => document.getElementById('status').textContent.startsWith("the link's water"));
  const said = await bad.evaluate(() => document.getElementById('status').textContent);
  const damping = await bad.evaluate(() => window.ripplePage.water.get('damping'));
  await bad.close();
  if (!said.startsWith("the link's water: not a link this page made")) problems.push(`a bad link: "${said}"`);
  if (damping === '0.01') problems.push('a bad link changed the water');
  return problems.join('; ');
};
