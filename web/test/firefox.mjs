// ripple's web page and engine in a second browser engine: Debian's
// firefox-esr, driven by puppeteer-core over WebDriver BiDi (it downloads
// no browser). Firefox gives WebGL 2 only with a display (Mesa's llvmpipe
// through X), and there only where webgl.force-enabled lets it past its
// blocklist of software renderers, so this runs under xvfb-run.
// webgl.disabled gives the CPU fallback check a Firefox without WebGL.
//   xvfb-run -a node firefox.mjs SITE_FOLDER NATIVE_RIPPLE
// Each check prints one line; any failure exits 1. WEB_CHECKS=regex runs
// only the checks whose names it matches.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

import { changedByClick, changedByJqueryDrop, checkList, cpuHeightsInPage, jqueryBackgroundCheck,
         jqueryPageBackgroundCheck, kTankScene, linkCheck, nativeHeights, noteErrors, presetsAgainstCpuInPage,
         runChecks, sameBits, workerCheck } from './common.mjs';
import { serveFolder } from './serve.mjs';

const [site, nativeRipple] = process.argv.slice(2);
if (!site || !nativeRipple) {
  console.error('usage: xvfb-run -a node firefox.mjs SITE_FOLDER NATIVE_RIPPLE');
  process.exit(2);
}
if (!process.env.DISPLAY) {
  console.error('firefox.mjs: no DISPLAY; Firefox has WebGL 2 only with one (run it under xvfb-run -a)');
  process.exit(2);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ripple-firefox-'));
const { checks, check } = checkList();
const server = await serveFolder(site);
const launch = (prefs) => puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: false,
                                             extraPrefsFirefox: prefs });
const browser = await launch({ 'webgl.force-enabled': true });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A page of `into` (a browser), its console's errors and uncaught exceptions noted.
async function openPage(file = '', into = browser, viewport = { width: 800, height: 450 }) {
  const page = await into.newPage();
  await page.setViewport(viewport);
  page.errors = [];
  noteErrors(page, page.errors);
  await page.goto(server.url + file);
  return page;
}
// The status line, once the page has said something.
async function status(page) {
  await page.waitForFunction(() => document.getElementById('status').textContent !== '');
  return page.evaluate(() => document.getElementById('status').textContent);
}

check('the page loads on WebGL 2, its renderer named by the browser, with no console error or failed request',
      async () => {
  const page = await openPage();
  const said = await status(page);
  const description = await page.evaluate(() => window.ripplePage.water.description());
  await pause(300);
  await page.close();
  if (!description.startsWith('gpu (fragment pass on llvmpipe')) {
    return `the water runs on "${description}" (Firefox gives WebGL 2 under a display, with webgl.force-enabled)`;
  }
  if (said !== 'Click or drag on the water.') return `the status says "${said}"`;
  if (page.errors.length) return `errors: ${page.errors.join(' | ')}`;
  if (server.failed.length) return `failed requests: ${server.failed.join(', ')}`;
  return '';
});

check('a click makes rings near it and none in a far corner', async () => {
  const page = await openPage();
  await status(page);
  const changed = await changedByClick(page, true);
  await page.close();
  if (changed.near < 1000) return `only ${changed.near} bytes changed near the click`;
  if (changed.corner) return `${changed.corner} bytes changed in the far corner`;
  return page.errors.join('; ');
});

check('WebGL 2 steps every preset as the CPU reference does (classic mode bit for bit)', async () => {
  const page = await openPage();
  const problems = await page.evaluate(presetsAgainstCpuInPage);
  await page.close();
  return problems.join('; ');
});

for (const [name, setup, args] of [['seeds-pool, 400 steps', { preset: 'seeds-pool' }, ['--preset', 'seeds-pool']],
                                   ['a tank of walls, slow water and a source, 250 steps', { scene: kTankScene },
                                    ['--scene', path.join(scratch, 'tank.toml')]]]) {
  check(`the CPU backend's heights are the native CLI's bit for bit: ${name}`, async () => {
    fs.writeFileSync(path.join(scratch, 'tank.toml'), kTankScene);
    const steps = setup.preset ? 400 : 250;
    const native = nativeHeights(nativeRipple, scratch, [...args, '--steps', String(steps)]);
    const page = await openPage();
    const bytes = await page.evaluate(cpuHeightsInPage, [native.width, native.height, setup, steps]);
    await page.close();
    return sameBits(Buffer.from(bytes), native.bytes);
  });
}

check('the jquery.ripples drop-in draws a drop', async () => {
  const page = await openPage('jquery-demo.html');
  await page.waitForFunction(() => $('.pool').data('ripples')?.water && $('.pool').data('ripples').image);
  const dropped = await changedByJqueryDrop(page);
  await page.close();
  if (dropped < 1000) return `a drop changed only ${dropped} bytes`;
  return page.errors.join('; ');
});

check("the jquery drop-in starts from the element's CSS background: its size, position, repeat and attachment",
      jqueryBackgroundCheck(openPage));

check("the jquery drop-in on a body or the root makes the page's background, the whole window, water",
      jqueryPageBackgroundCheck(openPage));

check('the water runs in a worker on a transferred canvas, on WebGL 2 or the CPU, and shows in the page',
      workerCheck(openPage));

check('L makes a link to the water as it is; it opens with its settings, sources and cells, on any grid',
      linkCheck((file, viewport) => openPage(file, browser, viewport)));

check('without WebGL the page says so in one line and draws on the CPU', async () => {
  const plain = await launch({ 'webgl.disabled': true });
  const page = await openPage('', plain);
  const said = await status(page);
  const changed = await changedByClick(page, true);
  await plain.close();
  if (!said.startsWith('this browser has no WebGL 2: ripple runs on the CPU here')) return `the status says "${said}"`;
  if (changed.near < 1000) return `only ${changed.near} bytes changed near the click`;
  return page.errors.join('; ');
});

const failures = await runChecks(checks, 'Firefox checks');
await browser.close();
await server.close();
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
