// The page: the water over the pool filling the window; a click drops a
// stone, a drag leaves a trail. The engine is ripple.js (docs/web.md).
import { createWater } from './ripple.js';

const kGridScale = 2;       // frame pixels a cell, each way
const kStoneRadius = 20;    // frame pixels
const kStoneWeight = 96;
const kStepsPerFrame = 2;

let canvas = document.getElementById('water');
const status = document.getElementById('status');

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
  const [{ water, note }, pool] = await Promise.all([createAnyWater(width, height), loadPicture('pool.png')]);
  status.textContent = `${note}Click or drag on the water.`;

  // A pointer's cell, from its place on the canvas.
  const cellOf = (event) => {
    const box = canvas.getBoundingClientRect();
    return [Math.floor(((event.clientX - box.left) / box.width) * water.width),
            Math.floor(((event.clientY - box.top) / box.height) * water.height)];
  };
  const radius = () => Math.max(1, Math.round(kStoneRadius / kGridScale));
  let dragging = false;
  canvas.addEventListener('pointerdown', (event) => {
    dragging = true;
    canvas.setPointerCapture(event.pointerId);
    water.drop(...cellOf(event), radius(), kStoneWeight);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (dragging) water.drop(...cellOf(event), radius(), kStoneWeight);
  });
  canvas.addEventListener('pointerup', () => { dragging = false; });

  const frame = () => {
    water.step(kStepsPerFrame);
    water.render(pool, 0, 0, canvas.width, canvas.height);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

main().catch((error) => {
  status.textContent = error.message;
  console.error(error);
});
