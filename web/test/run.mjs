// ripple's web tests: the built site (scripts/build-web.sh) in Debian's
// headless Chromium, driven by playwright-core, and the engine's heights
// against the native program's.
//   node run.mjs SITE_FOLDER NATIVE_RIPPLE
// Each check prints one line; any failure exits 1. WEB_CHECKS=regex runs
// only the checks whose names it matches.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import ts from 'typescript';

import { changedByClick, changedByJqueryDrop, checkList, cpuHeightsInPage, drawnAndShown, jqueryBackgroundCheck,
         jqueryPageBackgroundCheck, kTankScene, nativeHeights, noteErrors, presetsAgainstCpuInPage, runChecks,
         sameBits, linkCheck, shownPixels, windowPixels, workerCheck } from './common.mjs';
import { serveFolder } from './serve.mjs';

const [site, nativeRipple] = process.argv.slice(2);
if (!site || !nativeRipple) {
  console.error('usage: node run.mjs SITE_FOLDER NATIVE_RIPPLE');
  process.exit(2);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ripple-web-'));

const { checks, check } = checkList();

const server = await serveFolder(site);
const kSoftwareWebGl = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: kSoftwareWebGl });

// A page of the site, its console's errors and its uncaught exceptions noted.
async function openPage(file = '', viewport = { width: 800, height: 450 }) {
  const page = await browser.newPage({ viewport });
  page.errors = [];
  noteErrors(page, page.errors);
  await page.goto(server.url + file);
  return page;
}


check('the page loads and draws with no console error and no failed request', async () => {
  const started = Date.now();
  const page = await openPage();
  await page.waitForFunction(() => document.getElementById('status').textContent !== '');
  const status = await page.textContent('#status');
  await page.waitForTimeout(300);
  await page.close();
  if (status !== 'Click or drag on the water.') return `the status says "${status}"`;
  if (page.errors.length) return `errors: ${page.errors.join(' | ')}`;
  if (server.failed.length) return `failed requests: ${server.failed.join(', ')}`;
  console.log(`      (ready ${Date.now() - started} ms after the page was asked for)`);
  return '';
});

// A site served with a policy against inline scripts and eval() (a page
// may compile WebAssembly): the page of `file` opened under it, its errors
// noted in `noted`.
async function openUnderPolicy(file, noted) {
  const page = await browser.newPage({ viewport: { width: 800, height: 450 } });
  noteErrors(page, noted);
  const policy = "script-src 'self' 'wasm-unsafe-eval'";
  await page.route(server.url + file, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  await page.goto(server.url + file);
  return page;
}
// What the errors noted under the policy say went wrong: '' where the
// policy refused the page's inline script (so it was in force) and nothing else.
function policyProblem(noted) {
  const others = noted.filter((error) => !error.startsWith('Executing inline script violates'));
  if (others.length === noted.length) return 'the inline script ran: no policy was in force';
  return others.length ? `errors: ${others.join(' | ')}` : '';
}

// index.html's first script, which asks for the pool's picture, does not
// run, so page.js asks; the engine evaluates no strings.
check('the page draws where a policy forbids inline scripts and eval()', async () => {
  const noted = [];
  const page = await openUnderPolicy('', noted);
  await page.waitForFunction(() => document.getElementById('status').textContent !== '');
  const status = await page.textContent('#status');
  const changed = status === 'Click or drag on the water.' ? (await changedByClick(page, true)).near : 0;
  await page.close();
  const problem = policyProblem(noted);
  if (problem) return problem;
  if (status !== 'Click or drag on the water.') return `the status says "${status}"`;
  return changed < 1000 ? `only ${changed} bytes changed near a click` : '';
});

// jquery-demo.html's own inline call is refused, as on any such site; the
// same call from here (as from a site's script file) runs the drop-in.
check('the jquery drop-in ripples where a policy forbids inline scripts and eval()', async () => {
  const noted = [];
  const page = await openUnderPolicy('jquery-demo.html', noted);
  if (!(await page.evaluate(() => typeof $ === 'function' && typeof $.fn.ripples === 'function'))) {
    await page.close();
    return `no $.fn.ripples once the page loaded; ${policyProblem(noted)}`;
  }
  await page.evaluate(() => $('.pool').ripples({ resolution: 512, dropRadius: 20, perturbance: 0.04 }));
  if (!(await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image)
    .then(() => true, () => false))) {
    await page.close();
    return `no water within 30 s; ${policyProblem(noted)}`;
  }
  const dropped = await changedByJqueryDrop(page);
  await page.close();
  return policyProblem(noted) || (dropped < 1000 ? `a drop changed only ${dropped} bytes` : '');
});

// The engine's WebAssembly missing (a host that did not copy ripple.wasm
// beside ripple.js), and refused by a policy without 'wasm-unsafe-eval':
// one line naming the file and what to do, and once it is there, a water.
check('a ripple.wasm that is not there or not allowed is named in one line; once it is, the water starts', async () => {
  const made = (page) => page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    try {
      return `made ${(await createWater(document.createElement('canvas'), { width: 8, height: 8, backend: 'cpu' })).width}`;
    } catch (error) {
      return error.message;
    }
  });
  const problems = [];
  const page = await browser.newPage();
  await page.route('**/ripple.wasm', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(`${server.url}jquery-demo.html`);
  const missing = await made(page);
  await page.unroute('**/ripple.wasm');
  const afterwards = await made(page);
  await page.close();
  const wasm = `${server.url}ripple.wasm`;
  if (missing !== `the engine could not fetch ${wasm}: the server answered 404 Not Found; serve ripple.wasm beside ripple.js`)
    problems.push(`not there: "${missing}"`);
  if (afterwards !== 'made 8') problems.push(`once there: "${afterwards}"`);
  const guarded = await browser.newPage();
  await guarded.route(`${server.url}jquery-demo.html`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': "script-src 'self'" } });
  });
  await guarded.goto(`${server.url}jquery-demo.html`);
  const refused = await made(guarded);
  await guarded.close();
  const kPolicy = `the engine ${wasm} could not be compiled: the page's Content-Security-Policy must allow WebAssembly ` +
                  "('wasm-unsafe-eval' in script-src) (";
  if (!refused.startsWith(kPolicy)) problems.push(`not allowed: "${refused}"`);
  return problems.join('; ');
});

check('a click makes rings near it and none in a far corner', async () => {
  const page = await openPage();
  const changed = await changedByClick(page, true);
  await page.close();
  if (changed.near < 1000) return `only ${changed.near} bytes changed near the click`;
  if (changed.corner) return `${changed.corner} bytes changed in the far corner`;
  return '';
});

check('a fast drag leaves a trail of stones with no gaps', async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage !== undefined);
  await page.keyboard.press('Space');  // paused: the stones stay where they fell
  await page.evaluate(() => window.ripplePage.water.reset());
  await page.mouse.move(100, 350);
  await page.mouse.down();
  await page.mouse.move(700, 100);  // one event, 650 pixels on
  await page.mouse.up();
  // At every fortieth of the way, a cell moved within 2 cells (a cell is 2
  // pixels each way).
  const gaps = await page.evaluate(() => {
    const { water } = window.ripplePage;
    const h = water.heights();
    const gaps = [];
    for (let i = 0; i <= 40; ++i) {
      const x = Math.round((100 + (600 * i) / 40) / 2), y = Math.round((350 - (250 * i) / 40) / 2);
      let moved = false;
      for (let dy = -2; dy <= 2; ++dy) for (let dx = -2; dx <= 2; ++dx) moved ||= h[(y + dy) * water.width + x + dx] !== 0;
      if (!moved) gaps.push(`(${x}, ${y})`);
    }
    return gaps;
  });
  const errors = page.errors;
  await page.close();
  if (errors.length) return errors.join(' | ');
  return gaps.length ? `${gaps.length} of 41 places on the drag's line with no stone near: ${gaps.join(' ')}` : '';
});

check('a touch drops a stone', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 450 }, hasTouch: true });
  await page.goto(server.url);
  await page.waitForFunction(() => window.ripplePage !== undefined);
  const heightsNear = () => page.evaluate(() => {
    const { water } = window.ripplePage;
    const h = water.heights();
    let moved = 0;
    for (let y = 100; y < 125; ++y) for (let x = 188; x < 213; ++x) moved += h[y * water.width + x] !== 0;
    return moved;
  });
  await page.evaluate(() => window.ripplePage.water.reset());
  const before = await heightsNear();
  await page.touchscreen.tap(400, 225);
  await page.waitForTimeout(300);
  const after = await heightsNear();
  await page.close();
  return before === 0 && after > 100 ? '' : `cells moved near the tap: ${before} before, ${after} after`;
});

// On a phone the water is what shows: the panel closed to its title (open,
// it covered 63% of the window and the middle of the water), a tap there
// drops a stone, the status line in view beside the panel, asking for a tap;
// the panel names no key.
check('on a phone the page opens on the water, its panel closed; a tap in the middle drops a stone', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true,
                                       hasTouch: true });
  page.errors = [];
  noteErrors(page, page.errors);
  await page.goto(server.url);
  await page.waitForFunction(() => window.ripplePage !== undefined);
  await page.waitForFunction(() => document.getElementById('status').textContent !== '');
  const said = await page.textContent('#status');
  const keys = await page.evaluate(() => [...document.querySelectorAll('.lil-title, .lil-name')]
      .map((label) => label.textContent).filter((text) => /\((?!px\))[^)]*\)/.test(text)));
  const covered = await page.evaluate(() => {
    const panel = window.ripplePage.gui.domElement.getBoundingClientRect();
    const status = document.getElementById('status').getBoundingClientRect();
    const apart = status.right <= panel.left || status.left >= panel.right || status.bottom <= panel.top ||
                  status.top >= panel.bottom;
    return { panel: panel.width * panel.height / (innerWidth * innerHeight), statusSeen: apart &&
             status.bottom <= innerHeight && status.height > 0 };
  });
  await page.evaluate(() => window.ripplePage.water.reset());
  await page.touchscreen.tap(195, 422);
  await page.waitForTimeout(300);
  const moved = await page.evaluate(() => window.ripplePage.water.heights().filter((h) => h !== 0).length);
  await page.close();
  const problems = [];
  if (!(covered.panel < 0.1)) problems.push(`the panel covers ${(covered.panel * 100).toFixed(0)}% of the window`);
  if (!covered.statusSeen) problems.push('the status line is not in view beside the panel');
  if (!(moved > 100)) problems.push(`a tap in the middle moved ${moved} cells`);
  if (said !== 'Tap or drag on the water.') problems.push(`the status says "${said}"`);
  if (keys.length) problems.push(`the panel names keys a phone has not: ${keys.join(', ')}`);
  return [...problems, ...page.errors].join('; ');
});

// A preset laid out across, on a phone held upright, stands upright: turned a
// quarter (stretched to fit, a circle of double-slit was 3.9 times as tall
// as wide on this phone's grid), and across again when the phone turns,
// the water turned as it is: a wall painted on it and its steps kept.
check('on a phone held upright a preset stands upright, and lies across again, as it is, when the phone turns', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true,
                                       hasTouch: true });
  page.errors = [];
  noteErrors(page, page.errors);
  await page.goto(`${server.url}#preset=double-slit`);
  await page.waitForFunction(() => document.getElementById('status').textContent === 'double-slit');
  // The scene's frame, and the share of the fullest row and column of the
  // grid that is wall: the slits' wall runs across an upright grid.
  const layout = () => page.evaluate(() => {
    const { water } = window.ripplePage;
    const speeds = water.cellSpeeds(), w = water.width, h = water.height;
    const rows = new Array(h).fill(0), columns = new Array(w).fill(0);
    for (let y = 0; y < h; ++y) {
      for (let x = 0; x < w; ++x) {
        if (speeds[y * w + x] === 0) ++rows[y], ++columns[x];
      }
    }
    return { frame: water.saveScene({ withoutCells: true }).match(/size = \[(\d+), (\d+)\]/).slice(1).join('x'), grid: `${w}x${h}`,
             row: Math.max(...rows) / w, column: Math.max(...columns) / h };
  });
  const problems = [];
  const upright = await layout();
  if (upright.frame !== '720x1280' || !(upright.row > 0.8 && upright.column < 0.5)) {
    problems.push(`upright on a ${upright.grid} grid the frame is ${upright.frame}, the fullest row ` +
                  `${upright.row.toFixed(2)} wall, the fullest column ${upright.column.toFixed(2)}`);
  }
  // A wall painted down the upright grid's left, at x = 5, comes to lie
  // across the bottom turned back (anticlockwise: (x, y) to (y, width - 1 - x)).
  await page.keyboard.press(' ');  // paused, so that the steps done tell a water started again
  await page.waitForTimeout(100);
  const stepsBefore = await page.evaluate(() => {
    const { water } = window.ripplePage;
    water.paint(5, 10, 5, 40, 1, 0);
    return water.stepsDone;
  });
  await page.setViewportSize({ width: 844, height: 390 });
  await page.waitForFunction(() => window.ripplePage.water.saveScene({ withoutCells: true })
                                 .includes('size = [1280, 720]'), null, { timeout: 10000 })
      .catch(() => {});  // reported below
  const across = await layout();
  const kept = await page.evaluate(([uprightWidth]) => {
    const { water } = window.ripplePage, speeds = water.cellSpeeds();
    const row = uprightWidth - 1 - 5;
    let wall = 0;
    for (let x = 10; x <= 40; ++x) wall += speeds[row * water.width + x] === 0 ? 1 : 0;
    return { wall, steps: water.stepsDone };
  }, [Number(upright.grid.split('x')[0])]);
  if (kept.wall !== 31) problems.push(`the painted wall turned has ${kept.wall} of its 31 cells`);
  if (kept.steps !== stepsBefore || !(stepsBefore > 0)) problems.push(`the water started again: ${kept.steps} steps, ${stepsBefore} before`);
  if (across.frame !== '1280x720' || !(across.column > 0.8 && across.row < 0.5)) {
    problems.push(`turned across to a ${across.grid} grid the frame is ${across.frame}, the fullest column ` +
                  `${across.column.toFixed(2)} wall, the fullest row ${across.row.toFixed(2)}`);
  }
  const said = await page.textContent('#status');
  await page.close();
  if (said !== 'double-slit') problems.push(`the status says "${said}"`);
  return [...problems, ...page.errors].join('; ');
});

// The frame in device pixels, sharp; the grid in CSS pixels, two a cell,
// so that the water looks alike on every screen (a grid of device pixels
// made the rings half as large and half as fast on a screen of two).
// A window moved to a screen of another density keeps its CSS size: the
// page's next frame finds the ratio changed.
check("the page follows the window's size and density: the frame in device pixels, the grid in CSS pixels", async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 450 }, deviceScaleFactor: 2 });
  await page.goto(server.url);
  await page.waitForFunction(() => window.ripplePage !== undefined);
  const sizes = () => page.evaluate(() => {
    const { water } = window.ripplePage, canvas = document.getElementById('water');
    return `canvas ${canvas.width}x${canvas.height}, grid ${water.width}x${water.height}`;
  });
  const first = await sizes();
  await page.setViewportSize({ width: 600, height: 400 });
  await page.waitForFunction(() => document.getElementById('water').width !== 1600, null, { timeout: 10000 })
      .catch(() => {});  // a canvas that keeps its size is reported below
  const resized = await sizes();
  const screen = await page.context().newCDPSession(page);
  await screen.send('Emulation.setDeviceMetricsOverride', { width: 600, height: 400, deviceScaleFactor: 1, mobile: false });
  await page.mouse.click(300, 200);
  await page.waitForFunction(() => document.getElementById('water').width !== 1200, null, { timeout: 10000 })
      .catch(() => {});  // reported below
  const lessDense = await sizes();
  await page.close();
  if (first !== 'canvas 1600x900, grid 400x225') return `at 800x450 CSS pixels, ratio 2: ${first}`;
  if (resized !== 'canvas 1200x800, grid 300x200') return `resized to 600x400: ${resized}`;
  if (lessDense !== 'canvas 600x400, grid 300x200') return `on a screen of ratio 1: ${lessDense}`;
  return '';
});

// Headless Chromium's emulated densities send a page's media queries no
// change, so the page and the drop-in see a new density each frame they
// draw (the check above). At rest they draw none: there the change of
// their media query, sent by hand to each query of the ratio they asked,
// must size their canvas.
check("a change of the screen's density reaches a resting page and drop-in through their media query", async () => {
  const problems = [];
  for (const [file, resting, width] of [
    ['', '!window.ripplePage.isRunning()', "document.getElementById('water').width"],
    ['jquery-demo.html', "$('.pool').data('ripples')?.image && !$('.pool').data('ripples').looping",
     "$('.pool').data('ripples').canvas.width"]]) {
    const page = await browser.newPage({ viewport: { width: 600, height: 400 }, deviceScaleFactor: 2 });
    page.errors = [];
    noteErrors(page, page.errors);
    await page.addInitScript(() => {
      const asked = (window.mediaQueriesAsked = []);
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query) => asked[asked.push(matchMedia(query)) - 1];
    });
    await page.goto(server.url + file);
    await page.waitForFunction(`window.ripplePage || window.$`);
    await page.waitForFunction(resting, null, { timeout: 60000 });
    const before = await page.evaluate(width);
    const screen = await page.context().newCDPSession(page);
    await screen.send('Emulation.setDeviceMetricsOverride', { width: 600, height: 400, deviceScaleFactor: 1, mobile: false });
    await page.waitForTimeout(500);
    const unsent = await page.evaluate(width);
    await page.evaluate(() => mediaQueriesAsked.filter((query) => /resolution/.test(query.media))
                                              .forEach((query) => query.dispatchEvent(new Event('change'))));
    await page.waitForFunction(`${width} !== ${unsent}`, null, { timeout: 10000 }).catch(() => {});  // reported below
    const sent = await page.evaluate(width);
    if (before !== 2 * sent || unsent !== before)
      problems.push(`${file || 'the page'}: ${before} pixels across, ${unsent} with no change sent, ${sent} after it`);
    problems.push(...page.errors);
    await page.close();
  }
  return problems.join('; ');
});

check('the page stops drawing while the water is still, and a click wakes it', async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage && !window.ripplePage.isRunning(), null, { timeout: 60000 });
  await page.mouse.click(400, 225);
  const woken = await page.evaluate(() => window.ripplePage.isRunning());
  await page.close();
  return woken ? '' : 'a click did not start the page drawing again';
});

check('a panel change reaches the water, and a preset\'s values reach the panel', async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage !== undefined);
  const fade = page.locator('.lil-controller', { has: page.locator('.lil-name', { hasText: /^fade$/ }) }).locator('input').last();
  await fade.fill('0.02');
  await fade.press('Enter');
  const damping = await page.evaluate(() => window.ripplePage.water.get('damping'));
  await page.locator('.lil-gui select').first().selectOption('double-slit');
  await page.waitForFunction(() => window.ripplePage.water.get('damping') === '5e-04');
  const shown = await fade.inputValue();
  // The Verify button: WebGL against the CPU reference, its result in the status line.
  await page.locator('.lil-controller.lil-function', { hasText: /^verify$/ }).click();
  const verified = await page.waitForFunction(() => {
    const text = document.getElementById('status').textContent;
    return text.startsWith('verify') && text;
  }).then((handle) => handle.jsonValue());
  const errors = page.errors;
  await page.close();
  if (damping !== '0.02') return `the fade set the damping to ${damping}`;
  if (Number(shown) !== 0.0005) return `after the preset the panel shows a fade of ${shown}`;
  if (!/^verify, 100 steps on WebGL against the CPU reference: passed, largest difference 0 \(tolerance 0\.\d+\)$/.test(verified)) {
    return `the Verify button said "${verified}"`;
  }
  return errors.join('; ');
});

// A link names a preset; the address names the preset chosen in the menu.
check('a link opens a preset, and the address follows the preset the menu opens', async () => {
  const page = await openPage('#preset=double-slit');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'double-slit');
  const scene = await page.evaluate(() => window.ripplePage.water.saveScene());
  const menu = page.locator('.lil-gui select').first();
  const problems = [];
  if (!scene.includes("Young's double slit")) problems.push('#preset=double-slit opened another scene');
  if (await menu.inputValue() !== 'double-slit') problems.push(`the menu shows ${await menu.inputValue()}`);
  await menu.selectOption('seeds-pool');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'seeds-pool');
  const address = await page.evaluate(() => location.hash);
  if (address !== '#preset=seeds-pool') problems.push(`after the menu opened seeds-pool the address is ${address}`);
  // A link typed into the address bar: one that names no preset is said, the water kept.
  const seedsScene = await page.evaluate(() => window.ripplePage.water.saveScene());
  await page.evaluate(() => { location.hash = '#preset=no-such-scene'; });
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('no-such-scene'));
  const kept = await page.evaluate(() => window.ripplePage.water.saveScene());
  if (kept !== seedsScene) problems.push('a link to no preset changed the water');
  await page.evaluate(() => { location.hash = '#preset=open-sea'; });
  await page.waitForFunction(() => document.getElementById('status').textContent === 'open-sea');
  const errors = page.errors;
  await page.close();
  return [...problems, ...errors].join('; ');
});

// A link to the water as it is: its settings, sources and painted cells,
// opened on the same grid and on a coarser one.
check('L makes a link to the water as it is; it opens with its settings, sources and cells, on any grid',
      linkCheck(openPage));

// The number of cells of `speeds` (cellSpeeds()) that are walls (0) and slow water (between 0 and 1).
const cellKinds = (speeds) => ({ walls: speeds.filter((v) => v === 0).length,
                                 slow: speeds.filter((v) => v > 0 && v < 1).length });

check("the tank's tools: keys 1-5 and T choose them; walls, slow water and eraser paint; sources start, move and stop", async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage !== undefined);
  const speeds = async () => cellKinds(await page.evaluate(() => Array.from(window.ripplePage.water.cellSpeeds())));
  const stroke = async (x0, y0, x1, y1) => {
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= 8; ++i) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8);
    await page.mouse.up();
  };
  const problems = [];
  await page.locator('.lil-title', { hasText: /^tank$/ }).click();  // the keys still work with a panel button focused
  await page.keyboard.press('2');
  await stroke(200, 100, 200, 350);  // a wall, 250 px: 125 cells long, 5 thick
  const wall = await speeds();
  if (wall.walls < 125 * 5 || wall.slow) problems.push(`a wall stroke made ${JSON.stringify(wall)}`);
  await page.keyboard.press('4');
  await stroke(400, 100, 500, 100);
  const slow = await speeds();
  if (slow.slow < 50 * 5 || slow.walls !== wall.walls) problems.push(`a slow-water stroke made ${JSON.stringify(slow)}`);
  await page.keyboard.press('3');
  await stroke(200, 100, 200, 350);
  const erased = await speeds();
  if (erased.walls !== 0 || erased.slow !== slow.slow) problems.push(`the eraser left ${JSON.stringify(erased)}`);
  await page.keyboard.press('5');
  await page.mouse.click(100, 200);  // a source starts
  const started = await page.evaluate(() => window.ripplePage.water.sources());
  await stroke(100, 200, 160, 240);  // grabbed and dragged: it moves
  const moved = await page.evaluate(() => window.ripplePage.water.sources());
  await page.mouse.click(160, 240);  // a click on it stops it
  const stopped = await page.evaluate(() => window.ripplePage.water.sources());
  if (started.length !== 1 || started[0].x0 !== 50 || started[0].y0 !== 100) problems.push(`a click started ${JSON.stringify(started)}`);
  if (moved.length !== 1 || moved[0].x0 !== 80 || moved[0].y0 !== 120 || moved[0].moving) problems.push(`a drag left ${JSON.stringify(moved)}`);
  if (stopped.length) problems.push(`a click on the source left ${JSON.stringify(stopped)}`);
  await page.keyboard.press('t');  // from the source tool round to stones
  const stones = await page.locator('.lil-controller', { has: page.locator('.lil-name', { hasText: /^tool/ }) })
      .locator('select').inputValue();
  if (stones !== 'stones') problems.push(`T after the source tool chose "${stones}"`);
  await page.evaluate(() => window.ripplePage.water.set({ mode: 'classic' }));
  await page.keyboard.press('4');
  const refusal = await page.textContent('#status');
  if (!refusal.startsWith('classic mode has no slow water')) problems.push(`slow water in classic mode: "${refusal}"`);
  await page.close();
  if (page.errors.length) problems.push(`errors: ${page.errors.join(' | ')}`);
  return problems.join('; ');
});

check('V records the canvas as WebM, S saves a PNG screenshot; a recording with no frame is said, not saved', async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage !== undefined);
  // How much the page's recorder has encoded, asked of it every 250 ms: V
  // stops it once there is a second's worth, however late the encoder starts.
  await page.evaluate(() => {
    window.recordedBytes = 0;
    const start = MediaRecorder.prototype.start;
    MediaRecorder.prototype.start = function (...args) {
      this.addEventListener('dataavailable', (event) => { window.recordedBytes += event.data.size; });
      start.apply(this, args);
      const asking = setInterval(() => (this.state === 'recording' ? this.requestData() : clearInterval(asking)), 250);
    };
  });
  const saved = async (key, recorded) => {
    const download = page.waitForEvent('download');
    await page.keyboard.press(key);
    if (recorded) {
      await page.mouse.click(400, 225);  // something to record
      await page.waitForTimeout(1000);
      await page.waitForFunction(() => window.recordedBytes > 2000);
      await page.keyboard.press(key);
    }
    const file = await download;
    return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
  };
  const video = await saved('v', true);
  const picture = await saved('s', false);
  await page.close();
  const problems = [];
  // WebM is Matroska: the EBML magic number first.
  if (!/\.webm$/.test(video.name) || video.bytes.readUInt32BE(0) !== 0x1a45dfa3 || video.bytes.length < 2000)
    problems.push(`the recording is ${video.name}, ${video.bytes.length} bytes`);
  if (!/\.png$/.test(picture.name) || picture.bytes.readUInt32BE(0) !== 0x89504e47)
    problems.push(`the screenshot is ${picture.name}, ${picture.bytes.length} bytes`);
  if (page.errors.length) problems.push(`errors: ${page.errors.join(' | ')}`);
  // Stopped before the encoder gave a frame (a browser's recorder made to give none): one line, no empty file.
  const early = await openPage();
  await early.waitForFunction(() => window.ripplePage !== undefined);
  await early.evaluate(() => {
    MediaRecorder.prototype.stop = function () {
      this.ondataavailable({ data: new Blob([]) });
      this.onstop();
    };
  });
  let downloaded = false;
  early.on('download', () => { downloaded = true; });
  await early.keyboard.press('v');
  await early.keyboard.press('v');
  await early.waitForTimeout(300);
  const said = await early.textContent('#status');
  await early.close();
  if (said !== 'the recording held no frame yet: record a little longer (V)' || downloaded)
    problems.push(`V twice at once: "${said}"${downloaded ? ', and a file downloaded' : ''}`);
  return problems.join('; ');
});

check('a dropped scene file opens; a bad one is named by file, line and key and changes nothing', async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage !== undefined);
  const drop = (name, text) => page.evaluate(([name, text]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], name));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
  }, [name, text]);
  const status = (before) => page.waitForFunction((before) => {
    const text = document.getElementById('status').textContent;
    return text !== before && text;
  }, before).then((handle) => handle.jsonValue());
  let shown = await page.textContent('#status');
  await drop('tank.toml', kTankScene.replace('[frame]\n', '[frame]\npicture = "builtin:tank"\n'));
  shown = await status(shown);
  const opened = await page.evaluate(() => ({ damping: window.ripplePage.water.get('damping'),
                                              sources: window.ripplePage.water.sources().length,
                                              floor: window.ripplePage.picture().width }));
  await drop('broken.toml', 'ripple_scene = 1\n[water]\n\ndamping = 7\n');
  const refused = await status(shown);
  const kept = await page.evaluate(() => window.ripplePage.water.get('damping'));
  await page.close();
  // The tank's floor is 1280 pixels wide, the pool 1024.
  if (opened.damping !== '0.002' || opened.sources !== 1 || opened.floor !== 1280)
    return `tank.toml opened as ${JSON.stringify(opened)}`;
  if (!/^broken\.toml:4: water\.damping: 7 is out of range/.test(refused)) return `a bad file: "${refused}"`;
  if (kept !== '0.002') return `the bad file changed the damping to ${kept}`;
  return page.errors.length ? `errors: ${page.errors.join(' | ')}` : '';
});

check('a dropped picture is shown under the water; a file that is no picture is named in one line', async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage !== undefined);
  // A file of `name` dropped on the page: a 16x16 picture of one colour, or text.
  const drop = (name, colour, text) => page.evaluate(async ([name, colour, text]) => {
    let body = text;
    if (colour) {
      const picture = new OffscreenCanvas(16, 16);
      const context = picture.getContext('2d');
      context.fillStyle = colour;
      context.fillRect(0, 0, 16, 16);
      body = await picture.convertToBlob({ type: 'image/png' });
    }
    const transfer = new DataTransfer();
    transfer.items.add(new File([body], name));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
  }, [name, colour, text]);
  const status = (before) => page.waitForFunction((before) => {
    const text = document.getElementById('status').textContent;
    return text !== before && text;
  }, before).then((handle) => handle.jsonValue());
  // The middle of the shown page, still water: the picture's colour, or not.
  const orange = [250, 120, 30, 255];
  const middleIsOrange = async () => {
    await drawnAndShown(page);
    const pixels = await shownPixels(page, 380, 205, 40, 40);
    return pixels.every((v, i) => Math.abs(v - orange[i % 4]) <= 2);
  };
  // Soon after the drop: a loaded machine shows it late, and one never shown fails the same.
  const turnsOrange = async () => {
    for (const until = Date.now() + 8000; Date.now() < until;) if (await middleIsOrange()) return true;
    return false;
  };
  const problems = [];
  await drawnAndShown(page, true);
  if (await middleIsOrange()) problems.push('the pool was orange before any drop');
  let shown = await page.textContent('#status');
  await drop('orange.png', 'rgb(250, 120, 30)');
  shown = await status(shown);
  if (shown !== 'orange.png') problems.push(`the picture's drop said "${shown}"`);
  if (!(await turnsOrange())) problems.push('the dropped picture is not shown');
  await drop('notes.txt', null, 'not a picture at all');
  shown = await status(shown);
  if (shown !== 'notes.txt: not a picture this browser decodes, nor a scene file (.toml)') {
    problems.push(`a file of text said "${shown}"`);
  }
  if (!(await middleIsOrange())) problems.push('a file of text took the dropped picture away');
  const errors = page.errors;
  await page.close();
  return [...problems, ...errors].join('; ');
});

check("the jquery.ripples drop-in: a page written for it, its options and methods", async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  const state = () => page.evaluate(() => ({
    background: $('.pool').css('backgroundImage'),
    canvases: $('.pool canvas').length,
    shown: $('.pool canvas').is(':visible'),
    looping: !!$('.pool').data('ripples')?.looping,
  }));
  const running = await state();
  const dropped = await changedByJqueryDrop(page);
  await page.evaluate(() => $('.pool').ripples('pause'));
  await page.waitForTimeout(200);
  const paused = await state();
  await page.evaluate(() => {
    $('.pool').ripples('play');
    $('.pool').ripples('set', 'perturbance', 0.06);
    $('.pool').ripples('hide');
  });
  const hidden = await state();
  const refraction = await page.evaluate(() => $('.pool').data('ripples').water.get('refraction'));
  await page.evaluate(() => $('.pool').ripples('show'));
  const shownAgain = await state();
  await page.evaluate(() => $('.pool').ripples('destroy'));
  const destroyed = await state();
  const stillData = await page.evaluate(() => $('.pool').data('ripples') !== undefined);
  await page.close();
  if (running.background !== 'none' || running.canvases !== 1) return `running: ${JSON.stringify(running)}`;
  if (dropped < 1000) return `a drop changed only ${dropped} bytes`;
  if (!hidden.background.includes('pool.png') || hidden.shown) return `hidden: ${JSON.stringify(hidden)}`;
  if (refraction !== '4') return `set('perturbance', 0.06) made the refraction ${refraction}`;
  if (shownAgain.background !== 'none' || !shownAgain.shown) return `shown again: ${JSON.stringify(shownAgain)}`;
  if (!destroyed.background.includes('pool.png') || destroyed.canvases !== 0 || stillData)
    return `destroyed: ${JSON.stringify(destroyed)}`;
  if (paused.looping) return 'pause() left it drawing';
  if (page.errors.length) return `errors: ${page.errors.join(' | ')}`;
  return '';
});

// The cells of jquery-demo.html's water that are not still, and their
// middle in CSS pixels.
const stirredCells = (page) => page.evaluate(() => {
  const { water, canvas } = $('.pool').data('ripples');
  let cells = 0, sumX = 0, sumY = 0;
  water.heights().forEach((h, i) => {
    if (h === 0) return;
    ++cells;
    sumX += i % water.width;
    sumY += Math.floor(i / water.width);
  });
  const pixelsACell = canvas.clientWidth / water.width;
  return { cells, x: Math.round((sumX / cells + 0.5) * pixelsACell), y: Math.round((sumY / cells + 0.5) * pixelsACell) };
});

// The pointer's options: a move and a press drop stones of dropRadius
// pixels where the pointer is, on the element as CSS transforms it; with
// interactive false, none.
check('the jquery drop-in drops where the pointer moves and presses, dropRadius wide, and not when not interactive',
      async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  // The cells stirred by a move and a press at (x, y), from still water
  // held still (the stones alone), and the middle of them in pixels.
  await page.evaluate(() => {
    $('.pool').data('ripples').water.step = () => {};
  });
  const stirred = async (x, y) => {
    await page.evaluate(() => $('.pool').data('ripples').water.reset());
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.up();
    return stirredCells(page);
  };
  await page.evaluate(() => $('.pool').ripples('set', 'dropRadius', 10));
  const narrow = await stirred(200, 200);
  await page.evaluate(() => $('.pool').ripples('set', 'dropRadius', 40));
  const wide = await stirred(600, 250);
  await page.evaluate(() => $('.pool').css({ transform: 'translate(100px, 50px) scale(0.5)', transformOrigin: '0 0' }));
  const scaled = await stirred(200, 150);  // the element's (200, 200)
  // Turned and skewed, the individual scale property too: the element's
  // (300, 150) where the browser draws it, as DOMMatrix works it out.
  const turned = [];
  for (const [transform, scale, ancestor] of [['rotate(30deg)', 'none', 'none'], ['skewX(20deg)', '0.8', 'none'],
                                              ['none', 'none', 'rotate(-15deg)']]) {
    const screen = await page.evaluate(([transform, scale, ancestor]) => {
      $('.pool').css({ transform, scale, transformOrigin: '0 0' });
      $('body').css({ transform: ancestor, transformOrigin: '0 0' });
      const m = new DOMMatrix(`${ancestor === 'none' ? '' : ancestor} ${scale === 'none' ? '' : `scale(${scale})`} ` +
                              `${transform === 'none' ? '' : transform}`);
      return m.transformPoint({ x: 300, y: 150 });
    }, [transform, scale, ancestor]);
    turned.push({ transform, scale, ancestor, ...await stirred(screen.x, screen.y) });
  }
  await page.evaluate(() => $('body').css({ transform: 'none' }));
  await page.evaluate(() => $('.pool').ripples('set', 'interactive', false));
  const still = await stirred(400, 300);
  await page.close();
  const problems = [];
  const near = (seen, x, y) => Math.abs(seen.x - x) <= 8 && Math.abs(seen.y - y) <= 8;
  if (!near(narrow, 200, 200) || !near(wide, 600, 250) || !near(scaled, 200, 200)) {
    problems.push(`stirred around ${narrow.x},${narrow.y}, ${wide.x},${wide.y} and, scaled, ${scaled.x},${scaled.y}, ` +
                  'not 200,200, 600,250 and 200,200');
  }
  for (const seen of turned) {
    if (!near(seen, 300, 150))
      problems.push(`${JSON.stringify(seen)}: stirred around ${seen.x},${seen.y}, not the element's 300,150`);
  }
  if (!(wide.cells > 5 * narrow.cells)) problems.push(`dropRadius 10 stirred ${narrow.cells} cells, 40 ${wide.cells}`);
  if (still.cells) problems.push(`not interactive, the pointer stirred ${still.cells} cells`);
  if (page.errors.length) problems.push(`errors: ${page.errors.join(' | ')}`);
  return problems.join('; ');
});

check("the jquery drop-in starts from the element's CSS background: its size, position, repeat and attachment",
      jqueryBackgroundCheck(openPage));

check("the jquery drop-in on a body or the root makes the page's background, the whole window, water",
      jqueryPageBackgroundCheck(openPage));

// On a screen of two pixels a CSS pixel, the water is drawn in the
// screen's pixels (jquery.ripples draws one a CSS pixel: the picture
// blurred), two at most where the screen has three, following the ratio as
// a zoom changes it (with the window's size, not the element's); a press
// drops where the pointer is.
check("the jquery drop-in draws in the screen's pixels, as sharp as the background it stands for", async () => {
  const page = await browser.newPage({ viewport: { width: 400, height: 300 }, deviceScaleFactor: 2 });
  page.errors = [];
  noteErrors(page, page.errors);
  await page.goto(server.url + 'jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water);
  await page.evaluate(() => $('.pool').ripples('destroy'));
  await drawnAndShown(page);
  const css = await windowPixels(page);
  await page.evaluate(() => $('.pool').ripples({ resolution: 200 }));
  await page.waitForFunction(() => $('.pool').data('ripples')?.image && $('.pool').data('ripples').looping);
  await drawnAndShown(page);
  const water = await windowPixels(page);
  const problems = [];
  // The water's pixels only where its canvas shows and the background is
  // hidden: the background's own would compare as equal.
  if (!(await page.evaluate(() => $('.pool canvas').is(':visible') && $('.pool').css('backgroundImage') === 'none')))
    problems.push('the water was not shown in place of the background');
  // The mean difference of a colour channel, below the text over the water.
  let sum = 0, count = 0;
  for (let i = 800 * 160 * 4; i < css.length; ++i) {
    if (i % 4 !== 3) sum += Math.abs(css[i] - water[i]), ++count;
  }
  if (css.length !== 800 * 600 * 4 || !(sum / count < 0.3))
    problems.push(`the still water is ${(sum / count).toFixed(2)} levels a channel from the CSS background`);
  await page.evaluate(() => {
    const { water, canvas } = $('.pool').data('ripples');
    water.step = () => {};  // the stone alone
    water.reset();
    canvas.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, clientX: 300, clientY: 200 }));
  });
  const pressed = await stirredCells(page);
  if (!(pressed.cells > 0 && Math.abs(pressed.x - 300) <= 4 && Math.abs(pressed.y - 200) <= 4))
    problems.push(`a press at 300,200 stirred ${pressed.cells} cells around ${pressed.x},${pressed.y}`);
  await page.evaluate(() => $('.pool').css({ width: '300px', height: '200px' }));
  const screen = await page.context().newCDPSession(page);
  const pixelsAt = async (deviceScaleFactor, width) => {
    await screen.send('Emulation.setDeviceMetricsOverride', { width, height: 300, deviceScaleFactor, mobile: false });
    await page.waitForTimeout(300);
    return page.evaluate(() => {
      const { canvas, water } = $('.pool').data('ripples');
      return `${canvas.width}x${canvas.height} on ${canvas.clientWidth}x${canvas.clientHeight}, grid ${water.width}x${water.height}`;
    });
  };
  const sizes = [await pixelsAt(1, 410), await pixelsAt(3, 420)].join(', ');
  if (sizes !== '300x200 on 300x200, grid 200x133, 600x400 on 300x200, grid 200x133')
    problems.push(`at 1 and 3 pixels a CSS pixel: ${sizes}`);
  // Moved to a screen of another density, the window keeps its size: the
  // drop-in's next frame (a press wakes it) finds the ratio changed.
  await screen.send('Emulation.setDeviceMetricsOverride', { width: 420, height: 300, deviceScaleFactor: 1, mobile: false });
  await page.evaluate(() => $('.pool').data('ripples').canvas.dispatchEvent(
      new MouseEvent('mousedown', { bubbles: true, clientX: 150, clientY: 100 })));
  await page.waitForFunction(() => $('.pool').data('ripples').canvas.width !== 600, null, { timeout: 10000 })
      .catch(() => {});  // reported below
  const lessDense = await page.evaluate(() => `${$('.pool').data('ripples').canvas.width}`);
  if (lessDense !== '300') problems.push(`moved to a screen of ratio 1, the canvas is ${lessDense} pixels wide`);
  await page.close();
  if (page.errors.length) problems.push(`errors: ${page.errors.join(' | ')}`);
  return problems.join('; ');
});

// As jquery.ripples, which hides a background only once its picture has
// loaded: the water needs a picture, and the page's own background stays.
check("the jquery drop-in keeps an element's own background where it has no picture: a gradient, one that fails",
      async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  const fine = page.errors.length;
  const shown = await page.evaluate(async () => {
    $('.pool').ripples('set', 'imageUrl', 'missing-too.png');  // the water keeps its picture
    await new Promise((resolve) => setTimeout(resolve, 1000));
    $('.pool').ripples('set', 'imageUrl', 404);  // a URL as jquery.ripples takes one: as text
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pool = { canvas: $('.pool canvas').is(':visible'), picture: $('.pool').data('ripples').image.src };
    $('.pool').ripples('destroy');
    const make = (id, background) => $(`<div id="${id}">`).css({ position: 'absolute', top: '30px', width: '350px',
                                                              height: '300px', background }).appendTo('body');
    make('gradient', 'linear-gradient(#f80, #08f)').css('left', '20px').ripples();
    make('missing', '#4a4 url(missing.png)').css('left', '420px').ripples();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    $('#gradient, #missing').ripples('drop', 100, 100, 20, 0.14).ripples('hide').ripples('show');
    const state = (id) => ({ canvas: $(`#${id} canvas`).is(':visible'),
                             background: $(`#${id}`).css('backgroundImage') });
    return { pool, gradient: state('gradient'), missing: state('missing') };
  });
  await page.close();
  const problems = [];
  if (!shown.pool.canvas || !shown.pool.picture.endsWith('/pool.png')) {
    problems.push(`a new imageUrl that fails: ${JSON.stringify(shown.pool)}`);
  }
  if (shown.gradient.canvas || !shown.gradient.background.startsWith('linear-gradient')) {
    problems.push(`a gradient: ${JSON.stringify(shown.gradient)}`);
  }
  if (shown.missing.canvas || !shown.missing.background.includes('missing.png')) {
    problems.push(`a picture that fails: ${JSON.stringify(shown.missing)}`);
  }
  const errors = page.errors.slice(fine).filter((error) => !error.startsWith('Failed to load resource'));
  const named = [/^ripple\.jquery\.js: the picture missing-too\.png did not load: the element keeps the picture/,
                 /^ripple\.jquery\.js: the picture 404 did not load: the element keeps the picture/,
                 /^ripple\.jquery\.js: the picture \S*\/missing\.png did not load: the element keeps its own/];
  if (errors.length !== 3 || named.some((line, i) => !line.test(errors[i]))) {
    problems.push(`errors: ${errors.join(' | ')}`);
  }
  return problems.join('; ');
});

// Pictures arrive in any order: the one set last is shown, however late
// one set before it arrives.
check('the jquery drop-in shows the imageUrl set last, whatever the order its pictures arrive in', async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  await page.route(/\/slow\.png$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ path: path.join(site, 'pool.png') });
  });
  const shown = await page.evaluate(async () => {
    const small = document.createElement('canvas');
    small.getContext('2d').fillRect(0, 0, 10, 10);
    const last = small.toDataURL();
    $('.pool').ripples('set', 'imageUrl', 'slow.png').ripples('set', 'imageUrl', last);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { last: $('.pool').data('ripples').image.src === last, src: $('.pool').data('ripples').image.src };
  });
  await page.close();
  if (!shown.last) return `it shows ${shown.src.slice(0, 80)}`;
  return page.errors.length ? `errors: ${page.errors.join(' | ')}` : '';
});

// A page may undo the drop-in before its picture has loaded (a view torn
// down at once), and its engine may not load at all (a site that forgot
// ripple.js): the element keeps its background either way, in one line.
check('the jquery drop-in leaves the element as it was: destroyed before it starts, or its engine not loading',
      async () => {
  const problems = [];
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  const early = await page.evaluate(async () => {
    const element = $('<div>').css({ position: 'absolute', left: '20px', top: '30px', width: '350px',
                                     height: '300px', background: 'url(pool.png)' }).appendTo('body');
    const ripples = element.ripples().data('ripples');
    element.ripples('destroy');
    for (let waited = 0; !ripples.image && waited < 10000; waited += 100) {  // until its picture has come
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { arrived: !!ripples.image, background: element.css('backgroundImage'),
             canvases: element.find('canvas').length };
  });
  await page.close();
  if (!early.arrived || !early.background.includes('pool.png') || early.canvases) {
    problems.push(`destroyed at once: ${JSON.stringify(early)}`);
  }
  if (page.errors.length) problems.push(`errors: ${page.errors.join(' | ')}`);

  const noEngine = await browser.newPage({ viewport: { width: 800, height: 450 } });
  const noted = [];
  noteErrors(noEngine, noted);
  await noEngine.route(/\/ripple\.js$/, (route) => route.abort());
  await noEngine.goto(server.url + 'jquery-demo.html');
  await noEngine.waitForTimeout(2000);
  const shown = await noEngine.evaluate(() => {
    $('.pool').ripples('drop', 100, 100, 20, 0.14).ripples('hide').ripples('show').ripples('destroy');
    return { background: $('.pool').css('backgroundImage'), canvases: $('.pool canvas').length };
  });
  await noEngine.close();
  if (!shown.background.includes('pool.png') || shown.canvases) {
    problems.push(`without its engine: ${JSON.stringify(shown)}`);
  }
  const errors = noted.filter((error) => !/ripple\.js: net::ERR_FAILED|^Failed to load resource/.test(error));
  const named = /^ripple\.jquery\.js: the water did not start \(.*ripple\.js.*\): the element keeps its own background/;
  if (errors.length !== 1 || !named.test(errors[0])) {
    problems.push(`without its engine, errors: ${errors.join(' | ')}`);
  }
  return problems.join('; ');
});

// Older jQuery sites load plugins by $.getScript, which runs a script with
// no URL of its own: the engine is then beside the page, or where the page
// names it (elsewhere/, after a first element looked beside the page).
check('the jquery drop-in loaded by $.getScript finds its engine beside the page, or where engineUrl says',
      async () => {
  const pageOf = (folder) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>
<body style="margin: 0"><div class="pool" style="width: 800px; height: 450px; background: url(${folder}pool.png)"></div>
<script src="${folder}jquery.js"></script>
<script>
  $.getScript('${folder}ripple.jquery.js').then(async () => {
    if ('${folder}') {
      $('<div>').css({ width: '10px', height: '10px', background: 'url(${folder}pool.png)' }).appendTo('body')
        .ripples();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      $.fn.ripples.engineUrl = '${folder}ripple.js';
    }
    $('.pool').ripples();
  });
</script></body></html>`;
  const problems = [];
  for (const [file, folder] of [['getscript.html', ''], ['elsewhere/getscript.html', '../']]) {
    const page = await browser.newPage({ viewport: { width: 800, height: 450 } });
    const noted = [];
    noteErrors(page, noted);
    await page.route(server.url + file, (route) => route.fulfill({ contentType: 'text/html', body: pageOf(folder) }));
    await page.goto(server.url + file);
    const started = await page.waitForFunction(() => $('.pool').data('ripples')?.image, null, { timeout: 15000 })
      .then(() => true, () => false);
    const dropped = started ? await changedByJqueryDrop(page) : 0;
    await page.close();
    const notBeside = /^ripple\.jquery\.js: the water did not start \(.*elsewhere\/ripple\.js\)/;
    const expected = (error) => folder && (notBeside.test(error) || error.includes('/elsewhere/ripple.js'));
    const errors = noted.filter((error) => !expected(error));
    if (!started || dropped < 1000 || errors.length || (folder && !noted.some((error) => notBeside.test(error)))) {
      problems.push(`${file}: ${started ? `a drop changed ${dropped} bytes` : 'no water'}; ${noted.join(' | ')}`);
    }
  }
  return problems.join('; ');
});

// What a page may do that jquery.ripples never checked: size its element
// by CSS alone, from nothing; pass a word or NaN, numbers as text (as a
// data- attribute gives them), or numbers far out of range; call a method
// that is not there.
check('the jquery drop-in follows its element\'s size from nothing, and names an argument that is not a number',
      async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  const seen = await page.evaluate(async () => {
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const element = $('<div>').css({ position: 'absolute', left: '20px', top: '30px', width: '0px', height: '200px',
                                     background: 'url(pool.png)' }).appendTo('body');
    element.ripples({ resolution: 128 });
    await wait(1500);
    element.ripples('drop', 0, 100, 20, 0.14);
    // A pointer over what overflows the element of no width drops nothing.
    const overflow = $('<div>').css({ width: '100px', height: '100px' }).appendTo(element)[0];
    overflow.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: 50, clientY: 80 }));
    overflow.remove();
    await wait(300);
    element.css('width', '300px');  // by CSS alone: no window resize
    await wait(300);
    const ripples = element.data('ripples');
    const before = Array.from(ripples.water.heights());
    element.ripples('drop', 150, 100, 20, 0.14);
    await wait(500);
    const sized = { canvas: ripples.canvas.width, grid: ripples.water.width, looping: !!ripples.looping,
                    moved: ripples.water.heights().some((h, i) => h !== before[i]) };
    const thrown = [];
    const refractionAfter = (call) => {
      try {
        element.ripples(...call);
      } catch (error) {
        thrown.push(error.message);
      }
      return ripples.water.get('refraction');
    };
    const refractions = [['drop', 'a', 10, 20, 0.1], ['drop', 10, 10, 20, NaN], ['drop', 1e30, -1e30, 1e9, 1e9],
                         ['drop', 150, 100, 1e9, -1e9], ['drop', '150', ' 100', '20', '.14'],
                         ['set', 'perturbance', -5], ['set', 'perturbance', 'abc'], ['set', 'perturbance', '.06'],
                         ['set', 'perturbance', 1e30], ['set', 'dropRadius', undefined], ['set', 'dropRadius', ''],
                         ['spin']].map(refractionAfter);
    try {
      $(window).ripples();
    } catch (error) {
      thrown.push(error.message);
    }
    await wait(500);
    const finite = ripples.water.heights().every(Number.isFinite);
    return { sized, thrown, refractions, finite };
  });
  await page.close();
  const problems = [];
  const { sized } = seen;
  if (sized.canvas !== 300 || sized.grid !== 128 || !sized.looping || !sized.moved) {
    problems.push(`after its CSS width went from 0 to 300 px: ${JSON.stringify(sized)}`);
  }
  const thrown = ["ripple.jquery.js: drop: x is 'a', not a number",
                  'ripple.jquery.js: drop: strength is NaN, not a number',
                  "ripple.jquery.js: set: perturbance is 'abc', not a number",
                  'ripple.jquery.js: set: dropRadius is undefined, not a number',
                  "ripple.jquery.js: set: dropRadius is '', not a number",
                  "ripple.jquery.js: no method 'spin': the methods are drop, destroy, hide, show, pause, play, set, " +
                  'updateSize',
                  "ripple.jquery.js: ripples: an object of kind Window is not an element: give it elements, $('.pool')"];
  if (JSON.stringify(seen.thrown) !== JSON.stringify(thrown)) problems.push(`thrown: ${seen.thrown.join(' | ')}`);
  if (seen.refractions.join() !== '2,2,2,2,2,0,0,4,8,8,8,8') problems.push(`refractions: ${seen.refractions.join()}`);
  if (!seen.finite) problems.push('heights that are not finite');
  if (page.errors.length) problems.push(`errors: ${page.errors.join(' | ')}`);
  return problems.join('; ');
});

check('the jquery drop-in shows its background through a lost WebGL context, and ripples again after it', async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  await page.evaluate(async () => {
    const canvas = $('.pool canvas')[0];
    const losing = $('.pool').data('ripples').water.context.gl.getExtension('WEBGL_lose_context');
    const lost = new Promise((resolve) => canvas.addEventListener('webglcontextlost', resolve));
    losing.loseContext();
    await lost;
    window.whileLost = { background: $('.pool').css('backgroundImage'), shown: $('.pool canvas').is(':visible') };
    $('.pool').ripples('drop', 300, 200, 20, 0.1);  // nothing while lost, and no error
    $('.pool').ripples('set', 'perturbance', 0.06);  // set once it comes back
    await new Promise((resolve) => setTimeout(resolve, 0));
    const back = new Promise((resolve) => canvas.addEventListener('webglcontextrestored', resolve));
    losing.restoreContext();
    await Promise.race([back, new Promise((resolve) => setTimeout(resolve, 10000))]);
  });
  await page.waitForTimeout(300);
  const whileLost = await page.evaluate(() => window.whileLost);
  const afterwards = await page.evaluate(() => ({ background: $('.pool').css('backgroundImage'),
                                                  shown: $('.pool canvas').is(':visible') }));
  const refraction = await page.evaluate(() => $('.pool').data('ripples').water.get('refraction'));
  const dropped = await changedByJqueryDrop(page);
  await page.close();
  if (page.errors.length) return `errors: ${page.errors.join(' | ')}`;
  if (!whileLost.background.includes('pool.png') || whileLost.shown) return `while lost: ${JSON.stringify(whileLost)}`;
  if (afterwards.background !== 'none' || !afterwards.shown) return `after: ${JSON.stringify(afterwards)}`;
  if (refraction !== '4') return `set('perturbance', 0.06) while lost made the refraction ${refraction}`;
  return dropped < 1000 ? `a drop after the context came back changed only ${dropped} bytes` : '';
});

// More drop-in elements than the browser gives a page WebGL contexts (16
// in Chromium): those whose context it takes back as they start run on the
// CPU, saying why; and elements destroyed let go of theirs, so that those
// made after them take no one's.
check('the jquery drop-in on more elements than WebGL contexts: the CPU for those left out; destroy frees one',
      async () => {
  const page = await openPage('jquery-demo.html');
  const warnings = [];
  page.on('console', (message) => message.type() === 'warning' && !/^WARNING: Too many/.test(message.text()) &&
                                  warnings.push(message.text()));
  await page.waitForFunction(() => $('.pool').data('ripples')?.water);
  const tiles = (count, kind) => page.evaluate(([count, kind]) => {
    for (let i = 0; i < count; ++i) {
      $('<div>').addClass(`tile ${kind}`).css({ display: 'inline-block', width: 96, height: 72, margin: 2,
                                                 background: 'url(pool.png) center / cover' }).appendTo('body');
    }
    $(`.${kind}`).ripples({ resolution: 48, dropRadius: 8 });
  }, [count, kind]);
  const made = (kind) => page.waitForFunction((kind) => $(`.${kind}`).get().every((e) => $(e).data('ripples')?.water),
                                              kind);
  // Each tile's water after a drop in it: 'gpu', 'cpu' or 'lost', with 'still' where the drop did not move it.
  const waters = (kind) => page.evaluate((kind) => $(`.${kind}`).get().map((element) => {
    const water = $(element).data('ripples').water;
    if (water.contextLost) return 'lost';
    $(element).ripples('drop', 48, 36, 10, 0.05);
    return water.heights().some((height) => height !== 0) ? water.backend : `${water.backend}, still`;
  }), kind);
  const problems = [];
  await page.evaluate(() => $('.pool').ripples('destroy').remove());
  await tiles(20, 'first');
  await made('first');
  const first = await waters('first');
  const onCpu = first.filter((kind) => kind === 'cpu').length;
  if (first.some((kind) => kind !== 'gpu' && kind !== 'cpu') || onCpu < 1) problems.push(`20 at once: ${first}`);
  const kLine = 'ripple.jquery.js: the browser took the WebGL context back as the water was made (a page holds ' +
                'only so many at once): ripple runs on the CPU here';
  if (warnings.length !== onCpu || warnings.some((line) => !line.startsWith(kLine)))
    problems.push(`${onCpu} on the CPU said: ${warnings.join(' | ')}`);
  // Sixteen, the newest eight destroyed and eight more made: none lost.
  await page.evaluate(() => $('.first').ripples('destroy').remove());
  await tiles(16, 'second');
  await made('second');
  await page.evaluate(() => $('.second').slice(8).ripples('destroy').remove());
  await page.waitForTimeout(200);  // the drop-in lets its context go once its water has stopped
  await tiles(8, 'third');
  await made('third');
  await page.waitForTimeout(500);
  const after = [...await waters('second'), ...await waters('third')];
  if (after.some((kind) => kind !== 'gpu')) problems.push(`8 kept and 8 made after 8 destroyed: ${after}`);
  await page.close();
  return [...problems, ...page.errors].join('; ');
});

// The drop-in beside jquery.ripples 0.6.3 on the same element, frame by
// frame: a press, and a pointer moving 10 pixels a frame for 40 frames.
// Each frame's pixels against the still water's: how far from the press the
// changed ones reach (the tempo), and their mean change (the strength).
check('the drop-in\'s rings keep jquery.ripples\' tempo and strength, frame by frame beside it', async () => {
  const peerScript = fileURLToPath(new URL('../node_modules/jquery.ripples/dist/jquery.ripples.js', import.meta.url));
  const kFrames = [10, 20, 40, 80];
  const measure = async (script, scenario) => {
    const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
    page.errors = [];
    noteErrors(page, page.errors);
    await page.route(server.url + 'peer.js', (route) => route.fulfill({ path: peerScript }));
    await page.route(server.url + 'beside.html', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html>
      <meta charset="utf-8"><link rel="icon" href="data:,">
      <style>body{margin:0} .pool{width:800px;height:500px;background:url(pool.png) center/cover}</style>
      <div class="pool"></div><script src="jquery.js"></script><script src="${script}"></script>
      <script>$('.pool').ripples({ interactive: false }).ripples('pause');</script>` }));
    await page.goto(server.url + 'beside.html');
    await page.waitForFunction(() => $('.pool').css('backgroundImage') === 'none');  // its picture loaded
    const rows = await page.evaluate(([scenario, frames]) => {
      const r = $('.pool').data('ripples');
      const pixels = Object.assign(document.createElement('canvas'), { width: 800, height: 500 })
        .getContext('2d', { willReadFrequently: true });
      const frame = () => {
        if (r.drawFrame) r.drawFrame();
        else r.computeTextureBoundaries(), r.update(), r.render();  // jquery.ripples' step(), paused or not
        pixels.clearRect(0, 0, 800, 500);
        pixels.drawImage(r.canvas, 0, 0);
        return pixels.getImageData(0, 0, 800, 500).data;
      };
      const still = frame();
      const rows = [];
      if (scenario === 'press') $('.pool').ripples('drop', 400, 250, 30, 0.14);
      for (let f = 1; f <= frames.at(-1); ++f) {
        if (scenario === 'move' && f <= 40) $('.pool').ripples('drop', 190 + 10 * f, 250, 20, 0.01);
        const now = frame();
        if (!frames.includes(f)) continue;
        let change = 0;
        const reach = [];
        for (let i = 0; i < now.length; i += 4) {
          const d = Math.max(...[0, 1, 2].map((c) => Math.abs(now[i + c] - still[i + c])));
          change += d;
          if (d > 10) reach.push(Math.hypot((i / 4) % 800 - 400, Math.floor(i / 4 / 800) - 250));
        }
        reach.sort((a, b) => a - b);
        rows.push({ f, change: change / (800 * 500), reach: reach[Math.floor(reach.length * 0.95)] ?? 0 });
      }
      return rows;
    }, [scenario, kFrames]);
    await page.close();
    return { rows, errors: page.errors };
  };
  const problems = [];
  for (const scenario of ['press', 'move']) {
    const ours = await measure('ripple.jquery.js', scenario), peer = await measure('peer.js', scenario);
    problems.push(...ours.errors, ...peer.errors);
    const said = ours.rows.map((o, i) => `${o.f}: ${o.change.toFixed(2)}/${Math.round(o.reach)} px against ` +
                                          `${peer.rows[i].change.toFixed(2)}/${Math.round(peer.rows[i].reach)}`).join(', ');
    console.log(`      (${scenario}, mean change/reach a frame: ${said})`);
    // A measure that saw nothing of the peer would compare nothing (0 / 0).
    if (!peer.rows.every((p) => p.change > 0.1 && p.reach > 0)) {
      problems.push(`${scenario}: jquery.ripples' own frames showed no change to compare with`);
      continue;
    }
    ours.rows.forEach((o, i) => {
      const p = peer.rows[i], strength = o.change / p.change;
      if (strength < 0.5 || strength > 2) problems.push(`${scenario}, frame ${o.f}: ${strength.toFixed(2)} times its change`);
      if (scenario === 'press' && Math.abs(o.reach / p.reach - 1) > 0.07)
        problems.push(`press, frame ${o.f}: its rings reach ${Math.round(o.reach)} px, jquery.ripples' ${Math.round(p.reach)}`);
    });
  }
  return problems.join('; ');
});

// A page that makes more WebGL contexts after the drop-in's: the browser
// takes the drop-in's, the oldest, for good; the water goes on on the CPU.
check('a drop-in whose WebGL context the browser takes for another page context goes on on the CPU', async () => {
  const page = await openPage('jquery-demo.html');
  const warnings = [];
  page.on('console', (message) => message.type() === 'warning' && !/^WARNING: Too many/.test(message.text()) &&
                                  warnings.push(message.text()));
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  await page.evaluate(() => {
    window.pagesContexts = Array.from({ length: 16 }, () => document.createElement('canvas').getContext('webgl2'));
  });
  const moved = await page.waitForFunction(() => $('.pool').data('ripples').water.backend === 'cpu', null,
                                           { timeout: 20000 }).then(() => true, () => false);
  const shown = await page.evaluate(() => ({ canvases: $('.pool canvas').length, shown: $('.pool canvas').is(':visible'),
                                             background: $('.pool').css('backgroundImage') }));
  const dropped = moved ? await changedByJqueryDrop(page) : 0;
  await page.close();
  const problems = [];
  if (!moved) problems.push('the water stayed on its lost context');
  if (shown.canvases !== 1 || !shown.shown || shown.background !== 'none') problems.push(`after: ${JSON.stringify(shown)}`);
  const kLine = 'ripple.jquery.js: the browser took the WebGL context back and has not given it back (a page holds ' +
                'only so many at once): ripple runs on the CPU here';
  if (warnings.length !== 1 || warnings[0] !== kLine) problems.push(`warnings: ${warnings.join(' | ')}`);
  if (moved && dropped < 1000) problems.push(`a drop on the CPU changed only ${dropped} bytes`);
  return [...problems, ...page.errors].join('; ');
});

// The same with the engine too full for a CPU water: one line, and the
// element keeps its own background.
check('a drop-in whose WebGL context is taken, with no room for a CPU water, keeps the element\'s background', async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  const filled = await page.evaluate(async () => {
    const { createWater } = await import(new URL($.fn.ripples.engineUrl, document.baseURI).href);
    window.fills = [];  // waters until the engine has no room for another, large then small
    for (const size of [2048, 64]) {
      try {
        for (;;) window.fills.push(await createWater(document.createElement('canvas'), { width: size, height: size, backend: 'cpu' }));
      } catch {
        // full
      }
    }
    window.pagesContexts = Array.from({ length: 16 }, () => document.createElement('canvas').getContext('webgl2'));
    return window.fills.length;
  });
  const kLine = /^ripple\.jquery\.js: the browser took the WebGL context back and the water could not go on on the CPU \(out of memory: .*\): the element keeps its own background \(/;
  for (const started = Date.now(); !page.errors.length && Date.now() - started < 20000;) await page.waitForTimeout(200);
  await page.waitForTimeout(300);
  const said = page.errors.slice();
  const shown = await page.evaluate(() => ({ canvases: $('.pool canvas').length, shown: $('.pool canvas').is(':visible'),
                                             background: $('.pool').css('backgroundImage') !== 'none' }));
  await page.evaluate(() => window.fills.forEach((fill) => fill.destroy()));
  await page.close();
  const problems = [];
  if (said.length !== 1 || !kLine.test(said[0])) problems.push(`with ${filled} waters filling the engine: ${said.join(' | ') || 'nothing said'}`);
  if (shown.canvases !== 1 || shown.shown || !shown.background) problems.push(`after: ${JSON.stringify(shown)}`);
  return problems.join('; ');
});

check('the npm package installs into a project, imports and runs, and its types are the engine\'s', async () => {
  const built = path.dirname(path.resolve(site));
  const tarball = fs.readdirSync(built).find((name) => /^ripple-water-.*\.tgz$/.test(name));
  if (!tarball) return `no ripple-water-*.tgz beside ${site}`;
  const project = path.join(scratch, 'project');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "host", "private": true, "type": "module" }');
  const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(built, tarball)],
                            { cwd: project, encoding: 'utf8' });
  if (install.status !== 0) return `npm install: ${install.stderr}`;
  const imported = spawnSync('node', ['--input-type=module', '-e',
    "import * as r from 'ripple-water'; console.log(Object.keys(r).sort().join(' '))"], { cwd: project, encoding: 'utf8' });
  const kExports = 'createWater createWaterOrCpu default parameters presetNames presetPicture scenePicture tankLimits';
  if (imported.stdout.trim() !== kExports)
    return `import: "${imported.stdout.trim()}" ${imported.stderr}`;
  const installed = path.join(project, 'node_modules', 'ripple-water');
  for (const file of ['ripple.d.ts', 'ripple.wasm', 'ripple.jquery.js', 'README.md'])
    if (!fs.existsSync(path.join(installed, file))) return `the package has no ${file}`;
  const typed = typeCheck(project);
  if (typed) return typed;
  // In a browser, from the installed folder as a page's bundle would serve it.
  const declared = declaredApi(path.join(installed, 'ripple.d.ts'));
  const packageServer = await serveFolder(installed);
  const tab = await browser.newPage();
  await tab.goto(packageServer.url + 'ripple.js');  // any page of its origin
  const found = await tab.evaluate(async () => {
    const engine = await import('./ripple.js');
    const water = await engine.createWater(document.createElement('canvas'), { width: 32, height: 32, backend: 'cpu' });
    water.drop(16, 16, 4, 96);
    water.step(5);
    const kinds = (object) => Object.fromEntries(Object.getOwnPropertyNames(object).map((name) => {
      const property = Object.getOwnPropertyDescriptor(object, name);
      return [name, property.get ? 'property' : typeof property.value === 'function' ? 'method' : 'property'];
    }));
    return { stepped: water.heights().some((h) => h !== 0), water: kinds(Object.getPrototypeOf(water)),
             exports: Object.keys(engine).filter((name) => typeof engine[name] === 'function') };
  });
  await tab.close();
  await packageServer.close();
  if (!found.stepped) return 'the installed engine did not move the water';
  // The declarations and the engine name the same calls: the Water's, and the module's functions.
  const kInternal = ['constructor', 'live', 'keptGrid', 'letGoOfContext', 'comeBack', 'giveBackContext', 'takePicture',
                     'requireTextureFor', 'newTexture'];
  const problems = [];
  for (const [name, kind] of Object.entries(declared.water))
    if (found.water[name] !== kind) problems.push(`ripple.d.ts declares Water's ${kind} ${name}, the engine has ${found.water[name] ?? 'none'}`);
  for (const name of Object.keys(found.water))
    if (!declared.water[name] && !kInternal.includes(name)) problems.push(`ripple.d.ts does not declare Water's ${name}`);
  const exported = found.exports.filter((name) => name !== 'default').sort().join(' ');
  if (exported !== declared.functions.sort().join(' '))
    problems.push(`ripple.js exports ${exported}; ripple.d.ts declares ${declared.functions.join(' ')}`);
  return problems.join('; ');
});

// The installed package's types as a TypeScript host meets them (tsc
// --strict): every call typed as written, and misuses refused.
function typeCheck(project) {
  fs.writeFileSync(path.join(project, 'host.ts'), `
import { createWater, createWaterOrCpu, parameters, presetNames, presetPicture, scenePicture, tankLimits } from 'ripple-water';
import type { Parameter, Source, TankLimits, Verification, Water } from 'ripple-water';

// Every kind of picture render() takes.
export function renderEach(water: Water, svg: SVGImageElement, frame: VideoFrame, offscreen: OffscreenCanvas): void {
  for (const picture of [svg, frame, offscreen]) water.render(picture, 0, 0, 64, 64);
}

export async function host(canvas: HTMLCanvasElement, picture: ImageBitmap): Promise<string> {
  const water: Water = await createWater(canvas, { width: 640, height: 360, backend: 'gpu' });
  water.drop(320, 180, 12, 96);
  water.dropAlong(0, 0, 100, 50, 8, 96);
  water.step(10);
  water.step();
  const heights: Float32Array = water.heights();
  water.render(picture, 0, 0, 1280, 720);
  water.render(picture, 0, 0, 512, 512, 512);
  water.set({ damping: 0.01, mode: 'classic', rain: true });
  const damping: string = water.get('damping');
  water.loadPreset('double-slit');
  water.loadScene(water.saveScene());
  water.resize(800, 450);
  water.paint(10, 10, 90, 10, 3, 0);
  const speeds: Float32Array = water.cellSpeeds();
  water.clearCells();
  const source: Source = { x0: 5, y0: 5, period: 24 };
  const index: number = water.addSource(source);
  water.moveSource(index, 9, 9, 30);
  const near: number | null = water.sourceNear(9, 9, 2);
  const all: Required<Source>[] = water.sources();
  water.removeSource(index);
  const v: Verification = water.verify(100);
  const size: number = water.width * water.height + water.stepsDone;
  const resting: boolean = water.restsUnseen() || water.disturbedByItself() || water.contextLost;
  const made = await createWaterOrCpu(canvas, { width: 64, height: 48 });
  const why: string | null = made.whyCpu;
  const offscreen: OffscreenCanvas = (await createWaterOrCpu(new OffscreenCanvas(64, 48))).canvas;  // a worker's
  const table: Parameter[] = await parameters();
  const names: string[] = await presetNames();
  const floor: ImageBitmap | null = await presetPicture(names[0]);
  const sceneFloor: ImageBitmap | null = await scenePicture(water.saveScene());
  const limits: TankLimits = await tankLimits();
  water.destroy();
  made.water.destroy();
  return [heights.length, damping, speeds.length, near, all.length, v.pass, size, resting, why, table.length,
          floor, sceneFloor, limits.maxStoneRadius, water.backend, water.description(), made.canvas.width,
          offscreen.width].join(' ');
}
`);
  fs.writeFileSync(path.join(project, 'misuse.ts'), `
import { createWater, createWaterOrCpu } from 'ripple-water';

export async function misuse(canvas: HTMLCanvasElement): Promise<void> {
  // @ts-expect-error a backend that is none of 'gpu' or 'cpu'
  await createWater(canvas, { backend: 'webgl' });
  const water = await createWater(canvas);
  // @ts-expect-error drop takes four numbers
  water.drop('320', 180, 12, 96);
  // @ts-expect-error a picture is an image, bitmap, canvas or video
  water.render('pool.png', 0, 0, 64, 64);
  // @ts-expect-error pixels are no picture the browser both draws and uploads
  water.render(new ImageData(1, 1), 0, 0, 64, 64);
  // @ts-expect-error the width is read-only; resize() changes it
  water.width = 10;
  // @ts-expect-error heights() is a Float32Array
  const heights: number[] = water.heights();
  // @ts-expect-error no such call
  water.splash(1, 2);
  // @ts-expect-error the canvas drawn into is of the kind given: an OffscreenCanvas is no element
  const element: HTMLCanvasElement = (await createWaterOrCpu(new OffscreenCanvas(8, 8))).canvas;
  void heights, element;
}
`);
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const run = spawnSync('node', [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext',
                                 '--moduleResolution', 'bundler', '--lib', 'es2022,dom', 'host.ts', 'misuse.ts'],
                        { cwd: project, encoding: 'utf8' });
  return run.status === 0 ? '' : `tsc on a host of the package: ${(run.stdout + run.stderr).trim().replace(/\n/g, ' | ')}`;
}

// A host bundled by Vite, as most pages are built: the package installed
// beside jQuery, a page of the engine's API and a page written for
// jquery.ripples, its import changed to the drop-in's.
check('a page bundled by Vite runs the engine and the jquery drop-in from the package', async () => {
  const built = path.dirname(path.resolve(site));
  const tarball = fs.readdirSync(built).find((name) => /^ripple-water-.*\.tgz$/.test(name));
  if (!tarball) return `no ripple-water-*.tgz beside ${site}`;
  const project = path.join(scratch, 'bundled');
  fs.mkdirSync(path.join(project, 'public'), { recursive: true });
  fs.copyFileSync(path.join(site, 'pool.png'), path.join(project, 'public', 'pool.png'));
  const files = {
    'package.json': '{ "name": "bundled-host", "private": true, "type": "module" }',
    'vite.config.js': "export default { build: { rollupOptions: { input: ['index.html', 'jquery.html'] } } };",
    'index.html': '<!doctype html><link rel="icon" href="data:,"><canvas width="320" height="180"></canvas>' +
                  '<p id="out"></p><script type="module" src="/main.js"></script>',
    'main.js': `import { createWater } from 'ripple-water';
const canvas = document.querySelector('canvas');
const water = await createWater(canvas, { width: 160, height: 90 });
const picture = await createImageBitmap(await (await fetch('/pool.png')).blob());
water.drop(80, 45, 10, 96);
water.step(20);
water.render(picture, 0, 0, 320, 180);
document.getElementById('out').textContent = water.backend + ' ' + water.verify(10).pass;`,
    'jquery.html': '<!doctype html><link rel="icon" href="data:,"><style>body { margin: 0 } ' +
                   '.pool { width: 100vw; height: 100vh; background: url(/pool.png) center / cover }</style>' +
                   '<div class="pool"></div><script type="module" src="/jquery-page.js"></script>',
    'jquery-page.js': `import $ from 'jquery';
import 'ripple-water/jquery';  // was: import 'jquery.ripples';
window.$ = $;  // for the test's drop
$('.pool').ripples({ resolution: 256, dropRadius: 20 });`,
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(project, name), text);
  const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(built, tarball),
                                    'jquery@3.7.1'], { cwd: project, encoding: 'utf8' });
  if (install.status !== 0) return `npm install: ${install.stderr}`;
  const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
  const build = spawnSync('node', [vite, 'build', '--logLevel', 'warn'], { cwd: project, encoding: 'utf8' });
  if (build.status !== 0 || build.stderr.trim()) return `vite build: ${(build.stdout + build.stderr).trim()}`;
  const bundled = await serveFolder(path.join(project, 'dist'));
  const tab = await browser.newPage({ viewport: { width: 800, height: 450 } });
  tab.errors = [];
  noteErrors(tab, tab.errors);
  await tab.goto(bundled.url);
  await tab.waitForFunction(() => document.getElementById('out').textContent !== '', null, { timeout: 20000 })
    .catch(() => {});
  const engine = await tab.textContent('#out');
  await tab.goto(`${bundled.url}jquery.html`);
  await tab.waitForFunction(() => $('.pool').data('ripples')?.image, null, { timeout: 20000 }).catch(() => {});
  const dropped = await changedByJqueryDrop(tab).catch((error) => `${error.message}`);
  await tab.close();
  await bundled.close();
  const problems = [];
  if (engine !== 'gpu true') problems.push(`the engine's page says "${engine}"`);
  if (!(dropped >= 1000)) problems.push(`a drop on the jquery page changed ${dropped} bytes`);
  return [...problems, ...tab.errors].join('; ');
});

// What ripple.d.ts declares: Water's members (method or property) and the module's functions.
function declaredApi(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const water = {}, functions = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement)) functions.push(statement.name.text);
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === 'Water') {
      for (const member of statement.members) water[member.name.text] = ts.isMethodSignature(member) ? 'method' : 'property';
    }
  }
  return { water, functions };
}

// The engine's heights after a setup, in a page of the site.
async function webHeights(width, height, setup, steps) {
  const page = await openPage();
  const bytes = await page.evaluate(cpuHeightsInPage, [width, height, setup, steps]);
  await page.close();
  return Buffer.from(bytes);
}

for (const [name, steps] of [['seeds-pool', 400], ['double-slit', 300]]) {
  check(`the CPU backend's heights are the native CLI's bit for bit: ${name}, ${steps} steps`, async () => {
    const native = nativeHeights(nativeRipple, scratch, ['--preset', name, '--steps', String(steps)]);
    return sameBits(await webHeights(native.width, native.height, { preset: name }, steps), native.bytes);
  });
}

check("the CPU backend's heights are the native CLI's bit for bit: a tank of walls, slow water and a source", async () => {
  const file = path.join(scratch, 'tank.toml');
  fs.writeFileSync(file, kTankScene);
  const native = nativeHeights(nativeRipple, scratch, ['--scene', file, '--steps', '250']);
  return sameBits(await webHeights(native.width, native.height, { scene: kTankScene }, 250), native.bytes);
});

check('WebGL 2 steps every preset as the CPU reference does (classic mode bit for bit)', async () => {
  const page = await openPage();
  const problems = await page.evaluate(presetsAgainstCpuInPage);
  await page.close();
  return problems.join('; ');
});

// The refraction on WebGL 2 against the CPU reference's, float mode with the
// light on, within the library's tolerance for frames (at most 1% of the
// pixels more than 2 levels apart): a grid the frame's size, coarser (the
// slope pass), finer (the slope pass in layers) and much finer than the
// frame (the four cells around each pixel).
check('WebGL 2 draws what the CPU reference draws, on grids coarser than, as fine as and finer than the frame', async () => {
  const page = await openPage();
  const problems = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const picture = document.createElement('canvas');
    picture.width = 96;
    picture.height = 72;
    const g = picture.getContext('2d');
    g.fillStyle = 'rgb(30, 60, 120)';  // opaque: a 2-D canvas keeps no colour under alpha 0
    g.fillRect(0, 0, 96, 72);
    for (let x = 0; x < 96; x += 6) {
      g.fillStyle = `rgb(${x * 2}, ${200 - x}, ${(x * 7) % 256})`;
      g.fillRect(x, 0, 3, 72);
    }
    const frameOf = async (backend, grid, frame, calm = false) => {
      const canvas = document.createElement('canvas');
      canvas.width = frame[0];
      canvas.height = frame[1];
      const water = await createWater(canvas, { width: grid[0], height: grid[1], backend });
      if (!calm) {
        water.drop(grid[0] / 2, grid[1] / 2, grid[0] / 8, 96);
        water.drop(grid[0] - 3, 2, Math.round(grid[0] / 10), 64);
        water.step(grid[0] / 4);
      }
      water.render(picture, 0, 0, frame[0], frame[1]);
      const pixels = new Uint8Array(frame[0] * frame[1] * 4);
      if (backend === 'gpu') {
        const gl = water.context.gl;
        gl.readPixels(0, 0, frame[0], frame[1], gl.RGBA, gl.UNSIGNED_BYTE, pixels);
        const row = frame[0] * 4, flipped = new Uint8Array(pixels.length);  // GL's rows run up
        for (let y = 0; y < frame[1]; ++y) flipped.set(pixels.subarray(y * row, (y + 1) * row), (frame[1] - 1 - y) * row);
        water.destroy();
        return flipped;
      }
      pixels.set(canvas.getContext('2d').getImageData(0, 0, frame[0], frame[1]).data);
      water.destroy();
      return pixels;
    };
    const problems = [];
    for (const [grid, frame, what] of [[[64, 48], [64, 48], 'as fine'], [[32, 24], [64, 48], 'coarser'],
                                       [[64, 48], [40, 30], 'finer'], [[64, 48], [24, 18], 'much finer']]) {
      const gpu = await frameOf('gpu', grid, frame), cpu = await frameOf('cpu', grid, frame);
      const calm = await frameOf('cpu', grid, frame, true);
      let over2 = 0, largest = 0, bent = 0;
      for (let i = 0; i < cpu.length; i += 4) {
        let d = 0;
        for (let k = 0; k < 4; ++k) d = Math.max(d, Math.abs(gpu[i + k] - cpu[i + k]));
        largest = Math.max(largest, d);
        over2 += d > 2;
        bent += cpu[i] !== calm[i] || cpu[i + 1] !== calm[i + 1] || cpu[i + 2] !== calm[i + 2];
      }
      const pixels = frame[0] * frame[1];
      if (bent * 10 < pixels) problems.push(`${what}: the water bent only ${bent} of ${pixels} pixels`);
      if (over2 * 100 > pixels) problems.push(`${what}: ${over2} of ${pixels} pixels more than 2 levels apart, up to ${largest}`);
    }
    return problems;
  });
  const errors = page.errors;
  await page.close();
  return [...problems, ...errors].join('; ');
});

// The page in a browser that cannot run the water on WebGL 2: its one line,
// then a click still makes rings, drawn on the CPU.
async function fallsBackToTheCpu(args, initScript, line) {
  const plain = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
  const page = await plain.newPage({ viewport: { width: 800, height: 450 } });
  const errors = [];
  noteErrors(page, errors);
  if (initScript) await page.addInitScript(initScript);
  await page.goto(server.url);
  await page.waitForFunction(() => document.getElementById('status').textContent !== '');
  const status = await page.textContent('#status');
  const changed = (await changedByClick(page, true)).near;
  await plain.close();
  if (!status.startsWith(line)) return `the status says "${status}"`;
  if (errors.length) return `errors: ${errors.join(' | ')}`;
  if (changed < 1000) return `only ${changed} bytes changed near the click`;
  return '';
}

check('without WebGL the page says so in one line and draws on the CPU', () =>
  fallsBackToTheCpu(['--disable-3d-apis'], null, 'this browser has no WebGL 2: ripple runs on the CPU here'));

// On a screen of two pixels a CSS pixel, as the CPU draws slowly, one.
check('without WebGL the jquery drop-in draws on the CPU, in one canvas, a pixel a CSS pixel', async () => {
  const plain = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-3d-apis'] });
  const page = await plain.newPage({ viewport: { width: 800, height: 450 }, deviceScaleFactor: 2 });
  const errors = [], warnings = [];
  noteErrors(page, errors);
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(server.url + 'jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  const made = await page.evaluate(() => ({ backend: $('.pool').data('ripples').water.backend,
                                            canvases: $('.pool canvas').length, background: $('.pool').css('backgroundImage'),
                                            pixels: `${$('.pool canvas')[0].width}x${$('.pool canvas')[0].height}` }));
  const dropped = await changedByJqueryDrop(page);
  await plain.close();
  if (made.backend !== 'cpu' || made.canvases !== 1 || made.background !== 'none' || made.pixels !== '800x450')
    return `made: ${JSON.stringify(made)}`;
  if (errors.length) return `errors: ${errors.join(' | ')}`;
  const said = /^ripple\.jquery\.js: this browser has no WebGL 2: ripple runs on the CPU/;
  if (warnings.length !== 1 || !said.test(warnings[0])) return `warnings: ${warnings.join(' | ')}`;
  return dropped < 1000 ? `a drop changed only ${dropped} bytes` : '';
});

check('a browser without OffscreenCanvas (Safari before 16.4) draws the page', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 450 } });
  page.errors = [];
  noteErrors(page, page.errors);
  await page.addInitScript(() => delete globalThis.OffscreenCanvas);
  await page.goto(server.url);
  await page.waitForFunction(() => document.getElementById('status').textContent !== '');
  const status = await page.textContent('#status');
  const changed = (await changedByClick(page, true)).near;
  await page.close();
  if (status !== 'Click or drag on the water.') return `the status says "${status}"`;
  if (changed < 1000) return `only ${changed} bytes changed near the click`;
  return page.errors.join('; ');
});

check('without float render targets the page says so in one line and draws on the CPU', () =>
  fallsBackToTheCpu(kSoftwareWebGl, () => {
    const getExtension = WebGL2RenderingContext.prototype.getExtension;
    WebGL2RenderingContext.prototype.getExtension = function (name) {
      return name === 'EXT_color_buffer_float' ? null : getExtension.call(this, name);
    };
  }, "this browser's WebGL 2 has no EXT_color_buffer_float: ripple runs on the CPU here"));

check('a host\'s WebGL state stays as it left it, and the water and its frame are a clean run\'s', async () => {
  const page = await openPage();
  const result = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const picture = document.createElement('canvas');
    picture.width = 64;
    picture.height = 48;
    const g = picture.getContext('2d');
    for (let x = 0; x < 64; x += 8) g.fillRect(x, 0, 4, 48);  // stripes, for the refraction to bend
    // The same calls on a fresh water, with or without the host's state set.
    const run = async (hostSets) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const water = await createWater(canvas, { width: 64, height: 48 });
      const gl = water.context.gl;
      const hostObjects = hostSets ? hostSets(gl) : null;
      water.drop(30, 20, 6, 96);
      water.step(12);
      water.render(picture, 0, 0, 64, 48);
      water.render(picture, 0, 0, 40, 30);  // a grid finer than the frame: the slope pass in layers
      const heights = Array.from(water.heights());
      const state = [gl.COLOR_WRITEMASK, gl.BLEND, gl.BLEND_SRC_RGB, gl.BLEND_DST_RGB, gl.BLEND_EQUATION_RGB,
                     gl.DEPTH_WRITEMASK, gl.STENCIL_WRITEMASK, gl.SCISSOR_TEST, gl.SCISSOR_BOX, gl.VIEWPORT,
                     gl.PACK_ALIGNMENT, gl.PACK_ROW_LENGTH, gl.UNPACK_ALIGNMENT, gl.UNPACK_ROW_LENGTH,
                     gl.UNPACK_FLIP_Y_WEBGL].map((name) => String(gl.getParameter(name)));
      // The host's own objects, which emscripten's registry does not name.
      const objects = [];
      if (hostObjects) {
        gl.activeTexture(gl.TEXTURE1);
        objects.push(gl.getParameter(gl.TEXTURE_BINDING_2D) === hostObjects.texture);
        gl.activeTexture(gl.TEXTURE2);
        objects.push(gl.getParameter(gl.TEXTURE_BINDING_2D_ARRAY) === hostObjects.array);
        gl.activeTexture(gl.TEXTURE0);
        objects.push(gl.getParameter(gl.VERTEX_ARRAY_BINDING) === hostObjects.vertexArray,
                     gl.getParameter(gl.ARRAY_BUFFER_BINDING) === hostObjects.buffer);
      }
      // The frame, read with the host's state put aside.
      gl.colorMask(true, true, true, true);
      gl.disable(gl.SCISSOR_TEST);
      gl.pixelStorei(gl.PACK_ALIGNMENT, 4);
      gl.pixelStorei(gl.PACK_ROW_LENGTH, 0);
      const frame = new Uint8Array(64 * 48 * 4);
      gl.readPixels(0, 0, 64, 48, gl.RGBA, gl.UNSIGNED_BYTE, frame);
      water.destroy();
      return { heights, state, objects, frame: Array.from(frame) };
    };
    const clean = await run(null);
    const host = await run((gl) => {
      gl.colorMask(true, false, true, false);
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.ZERO, gl.ONE);
      gl.blendEquation(gl.FUNC_REVERSE_SUBTRACT);
      gl.depthMask(false);
      gl.stencilMask(0);
      gl.enable(gl.SCISSOR_TEST);
      gl.scissor(1, 2, 3, 4);
      gl.viewport(5, 6, 7, 8);
      gl.pixelStorei(gl.PACK_ALIGNMENT, 1);
      gl.pixelStorei(gl.PACK_ROW_LENGTH, 7);
      gl.pixelStorei(gl.UNPACK_ALIGNMENT, 2);
      gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 9);
      gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, true);
      // Objects of the host's own, bound on units and targets the library uses.
      const objects = { texture: gl.createTexture(), array: gl.createTexture(), vertexArray: gl.createVertexArray(),
                        buffer: gl.createBuffer() };
      gl.activeTexture(gl.TEXTURE1);
      gl.bindTexture(gl.TEXTURE_2D, objects.texture);
      gl.activeTexture(gl.TEXTURE2);
      gl.bindTexture(gl.TEXTURE_2D_ARRAY, objects.array);
      gl.activeTexture(gl.TEXTURE0);
      gl.bindVertexArray(objects.vertexArray);
      gl.bindBuffer(gl.ARRAY_BUFFER, objects.buffer);
      return objects;
    });
    const expected = ['true,false,true,false', 'true', '0', '1', '32779', 'false', '0', 'true', '1,2,3,4', '5,6,7,8',
                      '1', '7', '2', '9', 'true'];
    return {
      changed: expected.map((value, i) => (host.state[i] === value ? '' : `state ${i}: ${host.state[i]}, not ${value}`))
          .filter(Boolean),
      objects: host.objects,
      heightsSame: host.heights.every((v, i) => v === clean.heights[i]),
      frameSame: host.frame.every((v, i) => v === clean.frame[i]),
      moved: clean.heights.some((v) => v !== 0),
    };
  });
  const errors = page.errors;
  await page.close();
  if (errors.length) return errors.join(' | ');
  if (!result.moved) return 'the water did not move';
  if (result.changed.length) return `the host's state changed: ${result.changed.join('; ')}`;
  const kObjects = ['a 2-D texture on unit 1', 'an array texture on unit 2', 'a vertex array', 'an array buffer'];
  const lost = kObjects.filter((what, i) => !result.objects[i]);
  if (lost.length) return `the host's own objects are no longer bound: ${lost.join(', ')}`;
  if (!result.heightsSame) return 'the heights differ from a clean run\'s';
  return result.frameSame ? '' : 'the frame differs from a clean run\'s';
});

// three.js, a host no one here wrote, sharing its WebGL 2 context: ripple
// renders into three's render target between three's frames, and three
// draws it on a turned plane, trusting its own record of the GL state as
// hosts do (no resetState()). Its frame must equal one where
// three re-reads that state after ripple's calls, with no WebGL error; and
// ripple's water and frame must equal a clean page's, whatever three left set.
const threeBuild = path.join(path.dirname(new URL(import.meta.url).pathname), '../node_modules/three/build');
check('three.js shares its WebGL context: its frames are its own, the water\'s a clean run\'s', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 450 } });
  const errors = [];
  noteErrors(page, errors);
  await page.route('**/three/*', (route) => route.fulfill({ path: path.join(threeBuild, path.basename(route.request().url())) }));
  await page.goto(server.url);
  const result = await page.evaluate(async () => {
    const THREE = await import('./three/three.module.js');
    const { createWater } = await import('./ripple.js');
    const kWidth = 256, kHeight = 192;
    const picture = document.createElement('canvas');
    picture.width = kWidth;
    picture.height = kHeight;
    const g = picture.getContext('2d');
    g.fillStyle = 'rgb(240, 200, 90)';
    g.fillRect(0, 0, kWidth, kHeight);  // opaque, as the canvas is
    g.fillStyle = 'rgb(20, 60, 160)';
    for (let x = 0; x < kWidth; x += 16) g.fillRect(x, 0, 8, kHeight);  // stripes, for the refraction to bend
    // The water, then three's frame of it, on a fresh canvas: `afterRipple`
    // runs between ripple's calls and three's render.
    const run = async ({ three, stone, afterRipple }) => {
      const canvas = document.createElement('canvas');
      canvas.width = kWidth;
      canvas.height = kHeight;
      const renderer = three ? new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true }) : null;
      const water = await createWater(canvas, { width: 128, height: 96 });
      const gl = water.context.gl;
      let target = null, scene, camera;
      if (three) {
        target = new THREE.WebGLRenderTarget(kWidth, kHeight);
        scene = new THREE.Scene();
        // One lit, see-through plane: three keeps its program, vertex array,
        // texture and blending bound from frame to frame, as it recorded them.
        const plane = new THREE.Mesh(new THREE.PlaneGeometry(4, 3),
                                     new THREE.MeshStandardMaterial({ map: target.texture, transparent: true, opacity: 0.9 }));
        plane.rotation.x = -0.5;
        scene.add(plane, new THREE.DirectionalLight(0xffffff, 2), new THREE.AmbientLight(0x404040));
        camera = new THREE.PerspectiveCamera(50, kWidth / kHeight, 0.1, 20);
        camera.position.set(0, 0.5, 4);
        renderer.render(scene, camera);  // three's state set, its objects made
      }
      if (stone) water.drop(60, 40, 8, 96);
      const frames = [];
      for (let frame = 0; frame < 3; ++frame) {
        water.step(6);
        if (three) renderer.setRenderTarget(target);  // binds three's framebuffer: ripple draws into it
        water.render(picture, 0, 0, kWidth, kHeight);
        if (three) {
          renderer.setRenderTarget(null);
          afterRipple?.(renderer);
          renderer.render(scene, camera);
        }
      }
      const read = (width, height) => {
        const pixels = new Uint8Array(width * height * 4);
        gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
        return Array.from(pixels);
      };
      const shown = read(kWidth, kHeight);
      let waterFrame = shown;
      if (three) {
        const pixels = new Uint8Array(kWidth * kHeight * 4);
        renderer.readRenderTargetPixels(target, 0, 0, kWidth, kHeight, pixels);
        waterFrame = Array.from(pixels);
      }
      const error = gl.getError();
      const heights = Array.from(water.heights());
      water.destroy();
      renderer?.dispose();
      return { shown, waterFrame, heights, error };
    };
    const trusting = await run({ three: true, stone: true });
    const rereading = await run({ three: true, stone: true, afterRipple: (renderer) => renderer.resetState() });
    const still = await run({ three: true, stone: false, afterRipple: (renderer) => renderer.resetState() });
    const clean = await run({ three: false, stone: true });
    const differing = (a, b) => a.filter((v, i) => v !== b[i]).length;
    return {
      error: trusting.error,
      threeDiffers: differing(trusting.shown, rereading.shown),
      ringsShown: differing(rereading.shown, still.shown),
      heightsDiffer: differing(trusting.heights, clean.heights),
      frameDiffers: differing(trusting.waterFrame, clean.waterFrame),
      moved: clean.heights.some((v) => v !== 0),
    };
  });
  await page.close();
  if (errors.length) return errors.join(' | ');
  if (!result.moved) return 'the water did not move';
  if (result.error) return `WebGL error 0x${result.error.toString(16)} after three's frames`;
  if (result.threeDiffers) return `${result.threeDiffers} bytes of three's frame differ from one that re-read its state`;
  if (!result.ringsShown) return 'three\'s frame shows no rings: ripple\'s frame did not reach its render target';
  if (result.heightsDiffer) return `${result.heightsDiffer} heights differ from a clean page's`;
  return result.frameDiffers ? `${result.frameDiffers} bytes of ripple's frame differ from a clean page's` : '';
});

check('a canvas that holds another kind of context is named in one line; a refused size leaves the canvas in place', async () => {
  const page = await openPage();
  const lines = await page.evaluate(async () => {
    const { createWater, createWaterOrCpu } = await import('./ripple.js');
    const holding = (kind) => {
      const canvas = document.createElement('canvas');
      canvas.getContext(kind);
      return canvas;
    };
    const lines = [];
    for (const [kind, backend] of [['2d', 'gpu'], ['webgl', 'gpu'], ['webgl2', 'cpu']]) {
      try {
        await createWater(holding(kind), { width: 16, height: 16, backend });
        lines.push(`${kind}, ${backend}: made`);
      } catch (error) {
        lines.push(error.message);
      }
    }
    // A size no backend takes: the line, and the page's canvas where it was.
    const canvas = document.body.appendChild(document.createElement('canvas'));
    try {
      await createWaterOrCpu(canvas, { width: 1.5, height: 16 });
      lines.push('a width of 1.5: made');
    } catch (error) {
      lines.push(`${error.message}; in place: ${canvas.isConnected}`);
    }
    canvas.remove();
    return lines;
  });
  const errors = page.errors;
  await page.close();
  const expected = ['createWater: the canvas already holds a 2-D or WebGL 1 context: give the water a canvas of its own',
                    'createWater: the canvas already holds a 2-D or WebGL 1 context: give the water a canvas of its own',
                    'createWater: the canvas already holds a WebGL context, and the CPU backend draws with a 2-D one',
                    'createWater: width is 1.5, not a whole number'];
  if (!lines[3]?.endsWith('in place: true')) return `a bad size: "${lines[3]}"`;
  const wrong = expected.map((start, i) => (lines[i].startsWith(start) ? '' : `"${lines[i]}"`)).filter(Boolean);
  return [...wrong, ...errors].join('; ');
});

// Objects deleted while bound: a program the page deleted while it was in
// use goes once the water uses its own, and a texture of the water's that
// the page bound goes when resize() replaces it; neither is bound again
// (WebGL would refuse it), and what is still there is.
check('objects deleted while bound are not bound again: a page\'s program in use, a water\'s texture', async () => {
  const page = await openPage();
  const result = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 32;
    const water = await createWater(canvas, { width: 32, height: 32 });
    const gl = water.context.gl;
    // The textures a resize() makes, which the next one replaces.
    const registry = water.m.GL.textures;
    const before = new Set(registry);
    water.resize(40, 24);
    const waters = registry.filter((texture) => texture && !before.has(texture));
    const program = gl.createProgram();
    for (const [kind, text] of [[gl.VERTEX_SHADER, '#version 300 es\nvoid main() { gl_Position = vec4(0); }'],
                                [gl.FRAGMENT_SHADER, '#version 300 es\nprecision mediump float; out vec4 c; void main() { c = vec4(1); }']]) {
      const shader = gl.createShader(kind);
      gl.shaderSource(shader, text);
      gl.compileShader(shader);
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    gl.useProgram(program);
    gl.deleteProgram(program);  // in use: it stays until the water uses its own
    const kept = gl.createTexture();
    gl.activeTexture(gl.TEXTURE2);
    gl.bindTexture(gl.TEXTURE_2D, waters[0]);  // the water's, which resize() replaces
    gl.activeTexture(gl.TEXTURE3);
    gl.bindTexture(gl.TEXTURE_2D, kept);
    gl.activeTexture(gl.TEXTURE0);
    while (gl.getError() !== gl.NO_ERROR);
    water.step(2);
    const programAfterStep = gl.getParameter(gl.CURRENT_PROGRAM);
    water.resize(32, 32);
    water.step(2);
    const error = gl.getError();
    gl.activeTexture(gl.TEXTURE2);
    const replaced = gl.getParameter(gl.TEXTURE_BINDING_2D);
    gl.activeTexture(gl.TEXTURE3);
    const stillKept = gl.getParameter(gl.TEXTURE_BINDING_2D) === kept;
    water.destroy();
    return { error, programGone: programAfterStep === null, replacedGone: !registry.includes(waters[0]),
             replacedUnbound: replaced === null, stillKept };
  });
  const errors = page.errors;
  await page.close();
  if (errors.length) return errors.join(' | ');
  if (result.error !== 0) return `WebGL error 0x${result.error.toString(16)} after the calls`;
  if (!result.programGone) return 'the deleted program is bound again';
  if (!result.replacedGone) return 'resize() did not replace the texture the page bound (the check needs another)';
  if (!result.replacedUnbound) return 'the replaced texture is bound again';
  return result.stillKept ? '' : 'the page\'s texture on unit 3 is no longer bound';
});

// The browser takes the WebGL context back (WEBGL_lose_context does it as a
// GPU reset would): calls throw one line, and when it is restored the water
// is still water of the same grid with the same settings and tank, stepping
// as a fresh one set up alike does, bit for bit.
check('a lost WebGL context: one line while lost, then still water with its settings, bit for bit', async () => {
  const page = await openPage();
  const result = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const setUp = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const water = await createWater(canvas, { width: 64, height: 48 });
      water.set({ damping: 0.01, speed: 0.7 });
      water.paint(20, 0, 20, 30, 2, 0);  // a wall
      return { canvas, water };
    };
    const { canvas, water } = await setUp();
    water.drop(40, 20, 5, 96);
    water.step(10);
    const cellSpeeds = Array.from(water.cellSpeeds());
    const losing = water.context.gl.getExtension('WEBGL_lose_context');
    const lost = new Promise((resolve) => canvas.addEventListener('webglcontextlost', resolve));
    losing.loseContext();
    const lostFlag = water.contextLost;
    let width;  // asked first, before anything has noticed the loss (a pointer's cell, say)
    try {
      width = water.width;
    } catch (error) {
      width = error.message;
    }
    let line = '';
    try {
      water.step(1);
    } catch (error) {
      line = error.message;
    }
    await lost;  // the browser may restore it once the page has heard of the loss,
    await new Promise((resolve) => setTimeout(resolve, 0));  // the event's dispatch over
    const back = new Promise((resolve) => canvas.addEventListener('webglcontextrestored', resolve));
    losing.restoreContext();
    await Promise.race([back, new Promise((resolve) => setTimeout(resolve, 10000))]);
    const stillAfter = Array.from(water.heights()).every((h) => h === 0);
    const settings = [water.get('damping'), water.get('speed')];
    const cellsKept = Array.from(water.cellSpeeds()).every((v, i) => v === cellSpeeds[i]);
    water.drop(40, 20, 5, 96);
    water.step(10);
    water.render(canvas, 0, 0, 64, 48);  // draws again: no error
    const heights = Array.from(water.heights());
    const fresh = (await setUp()).water;
    fresh.drop(40, 20, 5, 96);
    fresh.step(10);
    const same = Array.from(fresh.heights()).every((h, i) => h === heights[i]);
    water.destroy();
    fresh.destroy();
    return { lostFlag, line, width, stillAfter, settings, cellsKept, same, moved: heights.some((h) => h !== 0),
             lostAfter: water.contextLost };
  });
  const errors = page.errors;
  await page.close();
  if (errors.length) return errors.join(' | ');
  if (!result.lostFlag) return 'contextLost was false after the loss';
  if (!result.line.startsWith('the browser took the WebGL context back')) return `step() threw "${result.line}"`;
  if (result.width !== 64) return `width while lost: ${result.width}`;
  if (!result.stillAfter) return 'the water was not still when it came back';
  if (result.settings.join() !== '0.01,0.7') return `the settings came back as ${result.settings}`;
  if (!result.cellsKept) return 'the wall did not come back';
  if (!result.moved) return 'the water did not move after it came back';
  return result.same ? '' : 'the heights after it came back differ from a fresh water\'s set up alike';
});

check('the page says a lost WebGL context in one line and draws again when it comes back', async () => {
  const page = await openPage();
  await page.waitForFunction(() => window.ripplePage);
  await page.evaluate(() => {
    window.losing = window.ripplePage.water.context.gl.getExtension('WEBGL_lose_context');
    window.losing.loseContext();
  });
  await page.mouse.click(300, 200);  // a stone while lost: the line, no uncaught error
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('the browser took'));
  await page.setViewportSize({ width: 720, height: 400 });  // a window resized while lost
  await page.waitForTimeout(300);
  await page.evaluate(() => window.losing.restoreContext());
  await page.waitForFunction(() => !window.ripplePage.water.contextLost);
  await page.waitForTimeout(300);
  const grid = await page.evaluate(() => {
    const { water } = window.ripplePage;
    const canvas = document.getElementById('water');
    return { water: [water.width, water.height], canvas: [canvas.width, canvas.height] };
  });
  const changed = (await changedByClick(page)).near;
  const status = await page.textContent('#status');
  const errors = page.errors;
  await page.close();
  if (errors.length) return errors.join(' | ');
  if (status !== '') return `the status still says "${status}"`;
  if (grid.water.join() !== grid.canvas.map((side) => Math.ceil(side / 2)).join())
    return `a ${grid.water.join('x')} grid under a ${grid.canvas.join('x')} canvas after the context came back`;
  return changed < 1000 ? `only ${changed} bytes changed near the click after the context came back` : '';
});

// A picture wider than the frame is cropped as the library crops it
// (ripple::coverCrop): a still water shows the middle band alone.
check('render() covers the frame with the picture\'s middle, as the library crops it', async () => {
  const page = await openPage();
  const corners = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const picture = document.createElement('canvas');
    picture.width = 200;
    picture.height = 100;
    const g = picture.getContext('2d');
    for (const [x, width, colour] of [[0, 50, 'rgb(255, 0, 0)'], [50, 100, 'rgb(0, 255, 0)'], [150, 50, 'rgb(0, 0, 255)']]) {
      g.fillStyle = colour;
      g.fillRect(x, 0, width, 100);
    }
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const water = await createWater(canvas, { width: 32, height: 32 });
    water.render(picture, 0, 0, 64, 64);
    const gl = water.context.gl;
    const pixels = new Uint8Array(64 * 64 * 4);
    gl.readPixels(0, 0, 64, 64, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    water.destroy();
    return [[1, 1], [62, 1], [1, 62], [62, 62]].map(([x, y]) => Array.from(pixels.slice((y * 64 + x) * 4, (y * 64 + x) * 4 + 3)));
  });
  const errors = page.errors;
  await page.close();
  const notGreen = corners.filter(([r, g, b]) => !(g > 240 && r < 15 && b < 15));
  return [...(notGreen.length ? [`corners ${JSON.stringify(corners)}, not the middle band's green`] : []), ...errors].join('; ');
});

// render() draws into the framebuffer the page bound, a framebuffer of its
// own (which emscripten's registry does not name), through each way the
// refraction reads the water: the grid the frame's size, coarser and finer
// (the last two through a slope pass, which binds its own framebuffer).
check('render() draws into a framebuffer of the page\'s own, and not into the canvas', async () => {
  const page = await openPage();
  const problems = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const picture = document.createElement('canvas');
    picture.width = picture.height = 8;
    picture.getContext('2d').fillStyle = 'rgb(250, 120, 30)';
    picture.getContext('2d').fillRect(0, 0, 8, 8);
    const problems = [];
    for (const [grid, what] of [[[64, 48], 'as fine'], [[32, 24], 'coarser'], [[128, 96], 'finer']]) {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const water = await createWater(canvas, { width: grid[0], height: grid[1] });
      const gl = water.context.gl;
      const texture = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, texture);
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, 64, 48);
      const framebuffer = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
      gl.clearColor(0, 0, 0, 0);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      water.render(picture, 0, 0, 64, 48);
      const bound = gl.getParameter(gl.FRAMEBUFFER_BINDING) === framebuffer;
      const mine = new Uint8Array(4), canvasPixel = new Uint8Array(4);
      gl.readPixels(32, 24, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, mine);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      gl.readPixels(32, 24, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, canvasPixel);
      water.destroy();
      if (!bound) problems.push(`${what}: the page's framebuffer is no longer bound`);
      if (mine[0] !== 250 || mine[1] !== 120) problems.push(`${what}: the page's framebuffer holds ${mine}`);
      if (canvasPixel[0] !== 0 || canvasPixel[1] !== 0) problems.push(`${what}: the canvas was drawn into (${canvasPixel})`);
    }
    // A framebuffer of the page's taller than the canvas: the rectangle at
    // its top left, as its height, given, says (WebGL cannot tell it).
    {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const water = await createWater(canvas, { width: 32, height: 24 });
      const gl = water.context.gl;
      gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, 32, 96);
      const framebuffer = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, gl.getParameter(gl.TEXTURE_BINDING_2D), 0);
      gl.clearColor(0, 0, 0, 0);
      gl.clear(gl.COLOR_BUFFER_BIT);
      water.render(picture, 0, 0, 32, 24, 96);
      const rows = new Uint8Array(32 * 96 * 4);
      gl.readPixels(0, 0, 32, 96, gl.RGBA, gl.UNSIGNED_BYTE, rows);
      water.destroy();
      const drawn = (row) => rows[(row * 32 + 16) * 4] === 250;  // GL's rows run up: 95 is the top
      const wrong = [95, 72, 71, 47, 0].filter((row) => drawn(row) !== row >= 72);
      if (wrong.length) problems.push(`a framebuffer 96 rows tall: rows ${wrong} (from the bottom) drawn or not wrongly`);
    }
    // A framebuffer of the page's with nothing attached: one line, no drawing.
    const canvas = document.createElement('canvas');
    const water = await createWater(canvas, { width: 16, height: 16 });
    const gl = water.context.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, gl.createFramebuffer());
    try {
      water.render(picture, 0, 0, 16, 16);
      problems.push('render() into an incomplete framebuffer did not throw');
    } catch (error) {
      if (!error.message.startsWith('render: the framebuffer bound for drawing is not complete')) {
        problems.push(`render() into an incomplete framebuffer: "${error.message}"`);
      }
    }
    // An empty rectangle or a framebuffer of no rows: one line naming render.
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    for (const [args, start] of [[[0, 0, 0, 16], 'render: the rectangle 0x16 is empty'],
                                 [[0, 0, 16, 16, 0], 'render: targetHeight is 0;']]) {
      try {
        water.render(picture, ...args);
        problems.push(`render(picture, ${args}) did not throw`);
      } catch (error) {
        if (!error.message.startsWith(start)) problems.push(`render(picture, ${args}): "${error.message}"`);
      }
    }
    water.destroy();
    return problems;
  });
  const errors = page.errors;
  await page.close();
  return [...problems, ...errors].join('; ');
});

check('the renderer is asked of the browser\'s debug information only where the browser masks its name', async () => {
  const page = await openPage();
  // The page's own first frame drawn first: its refraction, made then,
  // asks for the renderer's name, and would be counted among this check's.
  await drawnAndShown(page, true);
  const result = await page.evaluate(async () => {
    const context = WebGL2RenderingContext.prototype;
    const { getExtension, getParameter } = context;
    const asked = [];
    context.getExtension = function (name) {
      asked.push(name);
      return getExtension.call(this, name);
    };
    // A fresh engine each time (a module of its own), which has asked nothing yet.
    const describe = async (query) => {
      asked.length = 0;
      const { createWater } = await import(`./ripple.js?${query}`);
      const water = await createWater(document.createElement('canvas'), { width: 16, height: 16 });
      const description = water.description();
      water.destroy();
      return { description, askedDebug: asked.includes('WEBGL_debug_renderer_info') };
    };
    const masked = await describe('masked');
    // Firefox names the renderer itself, and warns of the debug extension.
    context.getParameter = function (name) {
      return name === this.RENDERER ? 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)))' : getParameter.call(this, name);
    };
    const named = await describe('named');
    Object.assign(context, { getExtension, getParameter });
    return { masked, named };
  });
  const errors = page.errors;
  await page.close();
  const { masked, named } = result;
  if (!masked.askedDebug || !masked.description.includes('SwiftShader')) {
    return `the masked name: "${masked.description}", debug information asked: ${masked.askedDebug}`;
  }
  if (named.askedDebug || !named.description.includes('on ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)))')) {
    return `a name given: "${named.description}", debug information asked: ${named.askedDebug}`;
  }
  return errors.join('; ');
});

check('a refused value throws the library\'s line and changes nothing; values that hold together are set in any order', async () => {
  const page = await openPage();
  const result = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const water = await createWater(document.createElement('canvas'), { width: 64, height: 48, backend: 'cpu' });
    water.drop(32, 24, 5, 96);
    water.step(10);
    const before = Array.from(water.heights());
    const dampingBefore = water.get('damping');
    const messages = [];
    for (const refused of [() => water.set({ damping: 1.5 }), () => water.set({ damping: 0.01, mode: 'sideways' }),
                           () => water.loadScene('ripple_scene = 1\n[water]\ndamping = 7\n'),
                           () => water.loadPreset('no-such-preset'), () => water.paint(1, 1, 9, 9, 0, 0),
                           () => water.removeSource(-1), () => water.moveSource(3, 5, 5),
                           // numbers the engine's ints would take wrapped or truncated
                           () => water.drop(2 ** 32 + 10, 5, 3, 96), () => water.resize(2 ** 32 + 64, 48),
                           () => water.step(1e10), () => water.drop('ten', 5, 3, 96),
                           () => water.addSource(null), () => water.addSource({ x0: 5, y0: 5, start: 1e30 }),
                           // a trail's radius checked whether its line crosses the grid or misses it
                           () => water.dropAlong(-(2 ** 31), -(2 ** 31), 2 ** 31 - 1, 2 ** 31 - 1, 300, 96),
                           () => water.dropAlong(-(2 ** 31), 0, -(2 ** 31) + 9, 0, 300, 96),
                           () => water.render(document.createElement('canvas'), 0, 0, 64, 0),
                           () => { water.paint(1, 1, 9, 1, 1, 0); water.saveScene(); },
                           () => water.setCellSpeeds(new Float32Array(5)), () => water.setCellSpeeds('walls'),
                           () => water.setCellSpeeds(Array(64 * 48).fill(2)), () => water.quarterTurn('sideways')]) {
      try {
        refused();
        messages.push('(accepted)');
      } catch (error) {
        messages.push(error.message);
      }
    }
    // The engine's functions beside the water's calls refuse as they do.
    const { presetPicture, scenePicture } = await import('./ripple.js');
    for (const refused of [() => presetPicture('no-such-preset'),
                           () => scenePicture('ripple_scene = 1\n[frame]\nsize = 3\n')]) {
      messages.push(await refused().then(() => '(accepted)', (error) => error.message));
    }
    const same = Array.from(water.heights()).every((v, i) => v === before[i]);
    const dampingKept = water.get('damping') === dampingBefore;
    // A trail from one end of the ints to the other: cut to the grid, not
    // walked along its four billion cells.
    const started = performance.now();
    water.dropAlong(-(2 ** 31), 40, 2 ** 31 - 1, 40, 3, 96);
    const trailMs = performance.now() - started;
    const trailHeights = water.heights();
    const trailMissed = [2, 32, 61].filter((x) => trailHeights[40 * 64 + x] === before[40 * 64 + x]);
    // A speed and the stencil that allows it, in the order that needs both.
    water.set({ stencil: '5', speed: 0.5 });
    const together = `${water.get('stencil')} ${water.get('speed')}`;
    // Turned a quarter clockwise: cell (x, y) of the 64 x 48 grid to (47 - y, x) of the 48 x 64 one.
    const straight = water.heights();
    water.quarterTurn();
    const turned = water.heights();
    const turnedRight = water.width === 48 && water.height === 64 &&
                        straight.every((v, i) => turned[(i % 64) * 48 + 47 - Math.floor(i / 64)] === v);
    water.destroy();
    let afterDestroy = '(accepted)';
    try {
      water.step(1);
    } catch (error) {
      afterDestroy = error.message;
    }
    return { messages, same, dampingKept, together, turnedRight, afterDestroy, trailMs, trailMissed };
  });
  await page.close();
  const [range, word, scene, preset, brush, index, missing, ...wrapped] = result.messages;
  if (range !== "damping: '1.5' is out of range: it must be from 0 to below 1") return `set: "${range}"`;
  if (!word.startsWith("mode: 'sideways'")) return `a word: "${word}"`;
  if (!/:3: water\.damping: 7 is out of range/.test(scene)) return `a bad scene: "${scene}"`;
  if (!preset.includes('no-such-preset')) return `an unknown preset: "${preset}"`;
  if (!/^paint thickness: /.test(brush)) return `a brush 0 cells wide: "${brush}"`;
  if (index !== "removeSource: -1 is not a source's index (0, 1, ...)") return `source -1: "${index}"`;
  if (missing !== 'source: there is no source 3 (there are 0)') return `a missing source: "${missing}"`;
  const expected = ['drop: x is 4294967306, not a whole number', 'resize: width is 4294967360, not a whole number',
                    'step: steps is 10000000000, not a whole number', "drop: x is 'ten', not a whole number",
                    'addSource: null is not a source', 'addSource: start is 1e+30, not a whole number',
                    "stone radius: '300' is out of range", "stone radius: '300' is out of range",
                    'render: the rectangle 64x0 is empty',
                    "saveScene: the water has painted cells, which a scene's text cannot hold: save it withoutCells",
                    "cell speeds: 5 given for the 64x48 grid's 3072 cells",
                    "setCellSpeeds: 'walls' is not a Float32Array or an array of speeds",
                    "cell speeds: '2' is out of range: a speed factor is from 0 (a wall) to 1",
                    "quarterTurn: 'sideways' is not one of clockwise, anticlockwise",
                    "preset: there is no preset 'no-such-preset'", 'the scene text:3: frame.size: must be a point'];
  for (const [i, start] of expected.entries())
    if (!wrapped[i].startsWith(start)) return `expected "${start}...", got "${wrapped[i]}"`;
  if (!result.dampingKept) return 'a refused set() changed the damping';
  if (result.together !== '5 0.5') return `set({ stencil: '5', speed: 0.5 }) gave ${result.together}`;
  if (!result.same) return 'the heights changed';
  if (!result.turnedRight) return 'quarterTurn() did not turn the heights clockwise';
  if (result.trailMissed.length) {
    return `a trail across all the ints: ${result.trailMs.toFixed(0)} ms, no stone at x ${result.trailMissed} of row 40`;
  }
  if (!result.afterDestroy.includes('destroyed')) return `after destroy(): "${result.afterDestroy}"`;
  return '';
});

check('createWater() names what is no canvas and what is no option in one line', async () => {
  const page = await openPage();
  const result = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const lines = [];
    for (const [canvas, options] of [[null, {}], ['water', {}], [document.createElement('div'), { backend: 'cpu' }],
                                     [document.createElement('canvas'), 640],
                                     [document.createElement('canvas'), { widht: 640 }]]) {
      try {
        await createWater(canvas, options);
        lines.push('(accepted)');
      } catch (error) {
        lines.push(error.message);
      }
    }
    const water = await createWater(document.createElement('canvas'), null);
    lines.push(`${water.width}x${water.height}`);
    return lines;
  });
  await page.close();
  const wanted = ['createWater: null is not a canvas: give it a <canvas> element',
                  "createWater: 'water' is not a canvas: give it a <canvas> element",
                  'createWater: an object of kind HTMLDivElement is not a canvas: give it a <canvas> element',
                  'createWater: 640 is not an object of options, { width, height, backend }',
                  "createWater: 'widht' is not an option: the options are width, height and backend", '640x360'];
  const wrong = wanted.findIndex((line, i) => result[i] !== line);
  return wrong < 0 ? '' : `expected "${wanted[wrong]}", got "${result[wrong]}"`;
});

// What a single-page app does over and over: waters made and destroyed,
// refused as made, a drop-in destroyed with its element. Nothing of the
// engine may keep their canvases, whose WebGL contexts the browser counts
// until it collects them.
check('destroyed and refused waters, and a destroyed drop-in, leave nothing holding their canvases', async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => !!$('.pool').data('ripples')?.water);  // no handle kept of it
  const made = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    window.canvasesLetGo = [];
    const lines = [];
    for (const [width, backend] of [[64, 'gpu'], [64, 'gpu'], [64, 'cpu'], [100000, 'gpu'], [100000, 'cpu']]) {
      const canvas = document.createElement('canvas');
      canvasesLetGo.push(new WeakRef(canvas));
      try {
        const water = await createWater(canvas, { width, height: 64, backend });
        water.drop(32, 32, 6, 96);
        water.step(3);
        water.destroy();
      } catch (error) {
        lines.push(error.message);
      }
    }
    // The canvas a water was destroyed on keeps its context for the page.
    const kept = document.createElement('canvas');
    (await createWater(kept, { width: 32, height: 32 })).destroy();
    const again = await createWater(kept, { width: 32, height: 32 });
    again.drop(16, 16, 4, 96);
    again.step(2);
    lines.push(`again: ${again.heights().some((height) => height !== 0)}`);
    again.destroy();
    canvasesLetGo.push(new WeakRef($('.pool').data('ripples').canvas));
    $('.pool').ripples('destroy').remove();
    return lines;
  });
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < 3; ++i) {  // the drop-in's last frame may still be queued
    await page.waitForTimeout(100);
    await cdp.send('HeapProfiler.collectGarbage');
  }
  const held = await page.evaluate(() => canvasesLetGo.map((canvas, i) => (canvas.deref() ? i : -1)).filter((i) => i >= 0));
  await page.close();
  const problems = [];
  const refusal = 'grid: 100000x64 must have each side from 1 to 16384';
  if (made.join(' | ') !== `${refusal} | ${refusal} | again: true`) problems.push(`made: ${made.join(' | ')}`);
  if (held.length) problems.push(`canvases still held (0-4 waters, 5 the drop-in's): ${held}`);
  return [...problems, ...page.errors].join('; ');
});

check('the water runs in a worker on a transferred canvas, on WebGL 2 or the CPU, and shows in the page',
      workerCheck(openPage));

// A frame larger than WebGL's textures: one line before the picture is
// covered at that size, WebGL never asked, and the water draws after it.
check('render() names a frame larger than WebGL\'s pictures in one line, asking WebGL nothing of it', async () => {
  const page = await openPage();
  const warnings = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  const result = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 });
    const water = await createWater(canvas, { width: 64, height: 48 });
    const gl = canvas.getContext('webgl2');
    const most = gl.getParameter(gl.MAX_TEXTURE_SIZE);
    const picture = new OffscreenCanvas(16, 16);
    picture.getContext('2d').fillRect(0, 0, 8, 8);
    let line = '(drawn)';
    try {
      water.render(picture, 0, 0, most + 1, 48);
    } catch (error) {
      line = error.message;
    }
    water.render(picture, 0, 0, 64, 48);
    return { most, line, error: gl.getError() };
  });
  await page.close();
  const wanted = `render: the frame ${result.most + 1}x48 is larger than the pictures this browser's WebGL holds ` +
                 `(${result.most}x${result.most})`;
  const problems = [];
  if (result.line !== wanted) problems.push(`"${result.line}"`);
  if (result.error) problems.push(`WebGL error ${result.error}`);
  const webGlWarnings = warnings.filter((line) => line.startsWith('WebGL'));
  if (webGlWarnings.length) problems.push(`the browser said: ${webGlWarnings.join(' | ')}`);
  return [...problems, ...page.errors].join('; ');
});

// Pictures a page may pass render(): things that are none, and a picture
// and a video from another origin, which the page may not read.
check('render() names what is no picture and a picture another origin keeps, leaving the page\'s state', async () => {
  const page = await openPage();
  // A short WebM made in the page (MediaRecorder), served with the pool's
  // picture from another origin (another port).
  const clip = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 });
    const context = canvas.getContext('2d');
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm' });
    const chunks = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const drawing = setInterval(() => context.fillRect(Math.random() * 64, Math.random() * 48, 8, 8), 30);
    recorder.start(100);
    // Frames, however long the encoder takes to start (600 ms gave none on a busy machine).
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let waited = 0; waited < 20000 && !chunks.some((chunk) => chunk.size > 0); waited += 100) await pause(100);
    await pause(300);
    await new Promise((resolve) => { recorder.onstop = resolve; recorder.stop(); });
    clearInterval(drawing);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  const otherFolder = path.join(scratch, 'other-origin');
  fs.mkdirSync(otherFolder, { recursive: true });
  fs.writeFileSync(path.join(otherFolder, 'clip.webm'), Buffer.from(clip));
  fs.copyFileSync(path.join(site, 'pool.png'), path.join(otherFolder, 'pool.png'));
  const other = await serveFolder(otherFolder);
  const result = await page.evaluate(async (otherUrl) => {
    const { createWater } = await import('./ripple.js');
    const loaded = (element, event) => new Promise((resolve) => {
      element.addEventListener(event, () => resolve(element), { once: true });
      element.addEventListener('error', () => resolve(element), { once: true });
    });
    const image = Object.assign(new Image(), { src: `${otherUrl}pool.png` });
    const dataImage = Object.assign(new Image(), { src: Object.assign(document.createElement('canvas'), { width: 8 })
                                                         .toDataURL() });  // the page's own, at an address of no origin
    const video = Object.assign(document.createElement('video'), { muted: true, src: `${otherUrl}clip.webm` });
    await Promise.all([loaded(image, 'load'), loaded(dataImage, 'load'), loaded(video, 'loadeddata')]);
    if (!video.videoWidth) return { clip: `the clip did not load: ${video.error?.message ?? 'no frame'}` };
    const tainted = Object.assign(document.createElement('canvas'), { width: 16, height: 16 });
    tainted.getContext('2d').drawImage(image, 0, 0, 16, 16);  // the page's own canvas, another origin's pixels
    const outcomes = {};
    for (const backend of ['gpu', 'cpu']) {
      const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 });
      const water = await createWater(canvas, { width: 64, height: 48, backend });
      const gl = backend === 'gpu' ? canvas.getContext('webgl2') : null;
      const pagesTexture = gl?.createTexture();
      const pageState = () => (gl ? [gl.getParameter(gl.TEXTURE_BINDING_2D) === pagesTexture,
                                     gl.getParameter(gl.UNPACK_ALIGNMENT), gl.getParameter(gl.UNPACK_FLIP_Y_WEBGL)].join()
                                  : '');
      if (gl) {
        gl.bindTexture(gl.TEXTURE_2D, pagesTexture);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
        gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, true);
      }
      const stateBefore = pageState();
      const given = { null: null, url: 'pool.png', imageData: new ImageData(4, 4), image, video, tainted, dataImage };
      for (const [name, picture] of Object.entries(given)) {
        let line = '(accepted)';
        try {
          water.render(picture, 0, 0, 64, 48);
        } catch (error) {
          line = `${error.constructor.name}: ${error.message}`;
        }
        outcomes[`${backend} ${name}`] = pageState() === stateBefore ? line : `${line} (the page's state changed)`;
      }
      water.destroy();
    }
    // As Chromium draws a video whose player it has let go: nothing, tainting nothing.
    const water = await createWater(document.createElement('canvas'), { width: 64, height: 48 });
    OffscreenCanvasRenderingContext2D.prototype.drawImage = () => {};
    CanvasRenderingContext2D.prototype.drawImage = () => {};
    try {
      water.render(video, 0, 0, 64, 48);
      outcomes['gpu, no frame'] = '(accepted)';
    } catch (error) {
      outcomes['gpu, no frame'] = `${error.constructor.name}: ${error.message}`;
    }
    water.destroy();
    return outcomes;
  }, other.url);
  await other.close();
  await page.close();
  if (result.clip) return result.clip;
  const notAPicture = 'is not a picture: give an <img>, ImageBitmap, <canvas> or <video>';
  const anotherOrigin = 'Error: render: the picture comes from another origin, which has not let the page read it';
  const wanted = { null: `Error: render: null ${notAPicture}`, url: `Error: render: 'pool.png' ${notAPicture}`,
                   imageData: `Error: render: an object of kind ImageData ${notAPicture}`, image: anotherOrigin,
                   video: anotherOrigin, tainted: anotherOrigin, dataImage: '(accepted)' };
  for (const backend of ['gpu', 'cpu']) {
    for (const [name, start] of Object.entries(wanted)) {
      const line = result[`${backend} ${name}`];
      if (!line.startsWith(start) || line.includes('state changed')) return `${backend}, ${name}: "${line}"`;
    }
  }
  if (!result['gpu, no frame'].startsWith(anotherOrigin)) return `a video drawn as nothing: "${result['gpu, no frame']}"`;
  return '';
});

// A text the engine has no room for: embind would copy it in through a
// malloc it does not check, writing it over the engine's memory.
check('a text beyond the engine\'s free memory is refused in one line, every water as it was', async () => {
  const page = await openPage();
  const result = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const water = await createWater(document.createElement('canvas'), { width: 64, height: 48, backend: 'cpu' });
    water.drop(32, 24, 5, 96);
    const before = Array.from(water.heights());
    const fills = [];  // waters until the engine has no room for another
    try {
      for (;;) fills.push(await createWater(document.createElement('canvas'), { width: 2048, height: 2048, backend: 'cpu' }));
    } catch {
      // full
    }
    let line = '(accepted)';
    try {
      water.loadScene(`# ${'水'.repeat(40e6)}`);  // 120 MB of UTF-8
    } catch (error) {
      line = error.message;
    }
    const kept = Array.from(water.heights()).every((v, i) => v === before[i]);
    for (const fill of fills) fill.destroy();
    const another = await createWater(document.createElement('canvas'), { width: 16, height: 16, backend: 'cpu' });
    another.drop(8, 8, 3, 96);
    water.step(1);
    return { fills: fills.length, line, kept, works: another.heights().some((v) => v !== 0) };
  });
  await page.close();
  if (!/^out of memory: this needs more than the 2048 MB the browser lends the engine/.test(result.line))
    return `a 120 MB scene text with the engine full (${result.fills} waters of 2048x2048): "${result.line}"`;
  if (!result.kept || !result.works) return `afterwards: ${JSON.stringify(result)}`;
  return page.errors.join('; ');
});

// A refusal the engine records costs it nothing; memory it cannot have is
// refused in one line, the water as it was.
check('refusals leave the engine\'s stack as it was; a grid beyond the engine\'s memory is refused in one line', async () => {
  const page = await openPage();
  const result = await page.evaluate(async () => {
    const { createWater } = await import('./ripple.js');
    const water = await createWater(document.createElement('canvas'), { width: 64, height: 48, backend: 'cpu' });
    water.drop(32, 24, 5, 96);
    water.step(3);
    const before = Array.from(water.heights());
    // The engine's stack pointer, as emscripten's loader reads it: reached
    // into here, as nothing a page sees moves until the stack runs out.
    const stackBefore = water.m.stackSave();
    for (let i = 0; i < 1000; i++) {
      try {
        water.set({ damping: 1.5 });
      } catch {
        // the refusal is the point
      }
    }
    const stackMoved = stackBefore - water.m.stackSave();
    let tooLarge = '(accepted)';
    try {
      water.resize(16384, 16384);
    } catch (error) {
      tooLarge = error.message;
    }
    let tooLargeNew = '(accepted)';
    try {
      await createWater(document.createElement('canvas'), { width: 16384, height: 16384, backend: 'cpu' });
    } catch (error) {
      tooLargeNew = error.message;
    }
    const kept = water.width === 64 && Array.from(water.heights()).every((v, i) => v === before[i]);
    water.step(1);
    return { stackMoved, tooLarge, tooLargeNew, kept };
  });
  await page.close();
  if (result.stackMoved) return `1000 refusals moved the engine's stack by ${result.stackMoved} bytes`;
  const outOfMemory = /^out of memory: this needs more than the 2048 MB the browser lends the engine/;
  if (!outOfMemory.test(result.tooLarge)) return `resize(16384, 16384) on the CPU: "${result.tooLarge}"`;
  if (!outOfMemory.test(result.tooLargeNew)) return `a new water of 16384x16384 on the CPU: "${result.tooLargeNew}"`;
  if (!result.kept) return 'the water changed after its resize was refused';
  return '';
});

const failures = await runChecks(checks, 'web checks');
await browser.close();
await server.close();
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
