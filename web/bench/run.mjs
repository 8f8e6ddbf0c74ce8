// ripple's page beside jquery.ripples 0.6.3 in the same headless Chromium:
// a 1024x1024 grid under a 1024x768 canvas over the pool's picture, steps a
// second and frames a second, ripple as it comes and with the peer's rule,
// run in turn with the peer, each in a fresh browser; then the page's first
// frame beside two floors: a bare WebGL 2 page's, and a page's that draws
// the pool's picture with WebGL 2.
//   node bench/run.mjs SITE_FOLDER [PAIRS] [swiftshader|lavapipe|firefox]
// Prints each run and the medians (BENCHMARKS.md has the figures). With no
// GPU, WebGL runs on a CPU rasterizer: Chromium's own SwiftShader, or
// lavapipe (Mesa's llvmpipe through Vulkan, Debian's mesa-vulkan-drivers),
// the native program's, which gives this Chromium WebGL 1 but no WebGL 2.
// `firefox`: the same pages in Firefox ESR instead, whose WebGL 2 runs on
// Mesa's llvmpipe through X (under xvfb-run; see web/test/firefox.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';

import { serveFolder } from '../test/serve.mjs';

const [site, pairsText = '3', backend = 'swiftshader'] = process.argv.slice(2);
const kBackends = {
  lavapipe: ['--use-gl=angle', '--use-angle=vulkan', '--enable-features=Vulkan', '--use-vulkan=native',
             '--ignore-gpu-blocklist'],
  swiftshader: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  firefox: [],
};
if (!site || !kBackends[backend]) {
  console.error('usage: node bench/run.mjs SITE_FOLDER [PAIRS] [swiftshader|lavapipe|firefox]');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const kGrid = 1024, kWidth = 1024, kHeight = 768;
const kBatch = 10;       // steps or frames between syncs
const kMeasureMs = 3000; // each measure runs at least this long

// The site, with the peer's plugin and a page for each beside it.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ripple-bench-'));
fs.cpSync(site, folder, { recursive: true });
fs.copyFileSync(path.join(here, '../node_modules/jquery.ripples/dist/jquery.ripples.js'),
                path.join(folder, 'jquery.ripples.js'));
const page = (body) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>html,body{margin:0} .pool{width:${kWidth}px;height:${kHeight}px;background:url(pool.png) center/cover}</style>
</head><body><div class="pool"></div>${body}</body></html>`;
fs.writeFileSync(path.join(folder, 'bench-peer.html'), page(`
<script src="jquery.js"></script><script src="jquery.ripples.js"></script>
<script>$('.pool').ripples({ resolution: ${kGrid} });</script>`));
fs.writeFileSync(path.join(folder, 'bench-ripple.html'), page(`
<script type="module">
  import { createWater } from './ripple.js';
  const canvas = document.createElement('canvas');
  canvas.width = ${kWidth}; canvas.height = ${kHeight};
  document.querySelector('.pool').replaceWith(canvas);
  const picture = new Image(); picture.src = 'pool.png';
  await picture.decode();
  window.water = await createWater(canvas, { width: ${kGrid}, height: ${kGrid} });
  if (location.hash === '#four-neighbours') water.set({ stencil: 5, speed: 0.70710678 });  // the seeds' form, as the peer's
  window.picture = picture;
</script>`));

// The first frame: the page marks it ('ripple-first-frame'); beside it, two
// floors of this browser here: a bare WebGL 2 page that clears its canvas,
// and a page that draws the pool's picture with WebGL 2 (fetched, decoded,
// one program, one draw), the least a page that shows a picture does.
fs.writeFileSync(path.join(folder, 'bench-bare.html'), `<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,"></head><body><canvas width="${kWidth}" height="${kHeight}"></canvas><script type="module">
  const gl = document.querySelector('canvas').getContext('webgl2');
  gl.clearColor(0, 0.5, 1, 1); gl.clear(gl.COLOR_BUFFER_BIT);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  performance.mark('ripple-first-frame');
</script></body></html>`);
fs.writeFileSync(path.join(folder, 'bench-picture.html'), `<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,"></head><body><canvas width="${kWidth}" height="${kHeight}"></canvas><script type="module">
  const gl = document.querySelector('canvas').getContext('webgl2');
  const picture = await createImageBitmap(await (await fetch('pool.png')).blob());
  const program = gl.createProgram();
  for (const [type, text] of [[gl.VERTEX_SHADER, \`#version 300 es
      out vec2 uv;
      void main() { vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1); uv = vec2(p.x, 1.0 - p.y); gl_Position = vec4(2.0 * p - 1.0, 0, 1); }\`],
    [gl.FRAGMENT_SHADER, \`#version 300 es
      precision highp float; in vec2 uv; uniform sampler2D picture; out vec4 colour;
      void main() { colour = texture(picture, uv); }\`]]) {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, text);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, picture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  requestAnimationFrame(() => {
    gl.useProgram(program);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    performance.mark('ripple-first-frame');
  });
</script></body></html>`);

// In the page: `work(n)` n times in batches, each batch ended by a sync on
// `context` (the subject's WebGL context), for at least `ms`; work a second.
// The sync reads a pixel of the canvas back, which waits for all the work
// before it. (A read from the peer's float framebuffer, left bound by its
// update(), fails at once and waits for nothing; gl.finish() alone does not
// wait either.)
const measure = (context, work) => `async (ms) => {
  const work = ${work};
  const sync = () => {
    const gl = ${context};
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  };
  work(${kBatch}); sync();  // warm
  let n = 0; const started = performance.now();
  while (performance.now() - started < ms) { work(${kBatch}); sync(); n += ${kBatch}; }
  return n / ((performance.now() - started) / 1000);
}`;
const peerContext = "$('.pool').data('ripples').context";
const subjects = {
  'jquery.ripples': {
    file: 'bench-peer.html',
    ready: () => { const r = $('.pool').data('ripples'); return r && r.backgroundTexture && r.imageSource; },
    steps: measure(peerContext, `(n) => { const r = $('.pool').data('ripples');
                                  r.drop(500, 400, 10, 0.01); for (let i = 0; i < n; ++i) r.update(); }`),
    frames: measure(peerContext, `(n) => { const r = $('.pool').data('ripples');
                                   r.drop(500, 400, 10, 0.01); for (let i = 0; i < n; ++i) r.step(); }`),
  },
  ripple: {
    file: 'bench-ripple.html',
    ready: () => window.water !== undefined,
    steps: measure('water.context.gl', `(n) => { water.drop(500, 500, 3, 7); water.step(n); }`),
    frames: measure('water.context.gl', `(n) => { water.drop(500, 500, 3, 7);
      for (let i = 0; i < n; ++i) { water.step(1); water.render(picture, 0, 0, ${kWidth}, ${kHeight}); } }`),
  },
};
// ripple's default is the nine-point stencil; beside it, the peer's own rule:
// four neighbours at the seeds' speed (its update() is the seeds' step).
subjects['ripple, four neighbours'] = { ...subjects.ripple, file: 'bench-ripple.html#four-neighbours' };
const kRipples = ['ripple', 'ripple, four neighbours'];

const server = await serveFolder(folder);
// A fresh browser and a tab of the canvas's size in it.
async function freshTab() {
  if (backend === 'firefox') {
    const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: false,
                                             extraPrefsFirefox: { 'webgl.force-enabled': true } });
    const tab = await browser.newPage();
    await tab.setViewport({ width: kWidth, height: kHeight });
    return { browser, tab, waitFor: (test) => tab.waitForFunction(test, { timeout: 30000 }) };
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: kBackends[backend] });
  const tab = await browser.newPage({ viewport: { width: kWidth, height: kHeight } });
  return { browser, tab, waitFor: (test) => tab.waitForFunction(test, null, { timeout: 30000 }) };
}

async function run(name) {
  const subject = subjects[name];
  const { browser, tab, waitFor } = await freshTab();
  const errors = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  await tab.goto(server.url + subject.file);
  await waitFor(subject.ready);
  const steps = await tab.evaluate(`(${subject.steps})(${kMeasureMs})`);
  const frames = await tab.evaluate(`(${subject.frames})(${kMeasureMs})`);
  await browser.close();
  if (errors.length) throw new Error(`${name}: ${errors.join(' | ')}`);
  return { steps, frames };
}

// Milliseconds from asking for `file` to its first frame, in a fresh browser.
async function firstFrame(file) {
  const { browser, tab, waitFor } = await freshTab();
  await tab.goto(server.url + file);
  await waitFor(() => performance.getEntriesByName('ripple-first-frame').length);
  const ms = await tab.evaluate(() => performance.getEntriesByName('ripple-first-frame')[0].startTime);
  await browser.close();
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
for (let pair = 1; pair <= Number(pairsText); ++pair) {
  for (const name of Object.keys(subjects)) {
    const r = await run(name);
    results[name].push(r);
    console.log(`pair ${pair} ${name}: ${r.steps.toFixed(1)} steps/s, ${r.frames.toFixed(1)} frames/s`);
  }
}
const firstFrames = { bare: [], picture: [], page: [] };
for (let pair = 1; pair <= Number(pairsText); ++pair) {
  firstFrames.bare.push(await firstFrame('bench-bare.html'));
  firstFrames.picture.push(await firstFrame('bench-picture.html'));
  firstFrames.page.push(await firstFrame('index.html'));
  console.log(`pair ${pair} first frame: a bare WebGL 2 page ${firstFrames.bare.at(-1).toFixed(0)} ms, ` +
              `a picture drawn with WebGL 2 ${firstFrames.picture.at(-1).toFixed(0)} ms, ` +
              `ripple's page ${firstFrames.page.at(-1).toFixed(0)} ms`);
}
await server.close();
fs.rmSync(folder, { recursive: true, force: true });
const m = (name, key) => median(results[name].map((r) => r[key]));
console.log(`\n| ${kGrid}x${kGrid} grid, ${kWidth}x${kHeight} canvas, ${backend} | steps/s | frames/s |\n|---|---|---|`);
for (const name of Object.keys(subjects)) console.log(`| ${name} | ${m(name, 'steps').toFixed(1)} | ${m(name, 'frames').toFixed(1)} |`);
// Each pair's ratio, then their median.
const ratios = (name, key) => results[name].map((r, i) => r[key] / results['jquery.ripples'][i][key]);
const shown = (values) => `${values.map((v) => v.toFixed(2)).join(', ')}: median ${median(values).toFixed(2)}x`;
for (const name of kRipples) {
  console.log(`${name} / jquery.ripples by pair: steps ${shown(ratios(name, 'steps'))}; frames ${shown(ratios(name, 'frames'))}`);
}
console.log(`first frame after the page is asked for: ripple's page ${median(firstFrames.page).toFixed(0)} ms, ` +
            `a picture drawn with WebGL 2 ${median(firstFrames.picture).toFixed(0)} ms, ` +
            `a bare WebGL 2 page ${median(firstFrames.bare).toFixed(0)} ms (medians)`);
