/*
 * ripple.jquery.js: jquery.ripples 0.6.3's $.fn.ripples on ripple's water.
 * A page written for jquery.ripples works unchanged but for its script tag:
 *
 *   <script src="jquery.js"></script>
 *   <script src="ripple.jquery.js"></script>   <!-- was jquery.ripples.js -->
 *   $('.pool').ripples({ resolution: 512, dropRadius: 20, perturbance: 0.04 });
 *   $('.pool').ripples('drop', x, y, radius, strength);
 *
 * The options (imageUrl, resolution, dropRadius, perturbance, interactive,
 * crossOrigin) and methods (drop, destroy, hide, show, pause, play, set,
 * updateSize) are jquery.ripples'. The element's CSS background image is
 * the picture, placed as its background-size, -position, -repeat and
 * -attachment say; the water is drawn over it in a canvas, and the
 * background is put back by hide and destroy. Unlike jquery.ripples, the
 * water rests: once it can no longer move a pixel, nothing is drawn until
 * the next drop.
 * ripple.js, the engine, is loaded from beside this file, or from
 * $.fn.ripples.engineUrl where a page sets it before its first call; a
 * bundled page imports ripple.jquery.module.js instead, which hands it the
 * bundle's own engine as $.fn.ripples.engine (docs/web.md).
 */
(function ($) {
  'use strict';

  // Where this script came without a URL of its own ($.getScript, a
  // bundle's eval), ripple.js is looked for beside the page.
  const scriptUrl = document.currentScript?.src || document.baseURI;
  let engine = null;  // createWater, createWaterOrCpu, and the parameters' ranges by name
  const loadEngine = () => (engine = engine || (async () => {
    const url = new URL($.fn.ripples.engineUrl, document.baseURI).href;
    // Left to the browser where a bundler finds this file (ripple.jquery.module.js hands it its engine).
    const module = $.fn.ripples.engine ?? await import(/* @vite-ignore */ /* webpackIgnore: true */ url);
    const range = {};
    for (const { name, min, max } of await module.parameters()) range[name] = [min, max];
    return { createWater: module.createWater, createWaterOrCpu: module.createWaterOrCpu, range };
  })().catch((error) => {
    engine = null;  // asked for again by the next element, as where a page corrects engineUrl
    throw error;
  }));

  // A change of the screen's pixels a CSS pixel (the window moved to a
  // screen of another density) changes no CSS size, so neither a resize
  // nor a ResizeObserver says it: a media query of the ratio now does,
  // asked again after each change, until `signal` aborts. (Headless
  // Chromium's emulated densities send it no change: its checks send it by
  // hand.)
  function followPixelRatio(then, signal) {
    window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener('change', () => {
      then();
      followPixelRatio(then, signal);
    }, { once: true, signal });
  }

  // Where `pointer` falls in `element`'s own pixels, from its padding box's
  // corner, through the CSS transforms of it and its ancestors, which move,
  // scale, turn and skew it on screen (a 2-D one keeps the box's middle at
  // its bounding box's); null where it has no size there (a pointer over
  // its overflow, an element of no size).
  function pointInElement(element, pointer) {
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) return null;
    let [a, b, c, d] = [1, 0, 0, 1];  // the screen's linear map of the element's pixels
    for (let e = element; e; e = e.parentElement) {
      const m = ownTransform(e);
      [a, b, c, d] = [m.a * a + m.c * b, m.b * a + m.d * b, m.a * c + m.c * d, m.b * c + m.d * d];
    }
    const w = element.offsetWidth, h = element.offsetHeight;
    // Where that map does not give the box on screen (3-D, zoom), its scale alone.
    if (Math.abs(Math.abs(a) * w + Math.abs(c) * h - box.width) > 1 ||
        Math.abs(Math.abs(b) * w + Math.abs(d) * h - box.height) > 1) {
      [a, b, c, d] = [box.width / w, 0, 0, box.height / h];
    }
    const det = a * d - b * c;
    const dx = pointer.clientX - (box.left + box.width / 2), dy = pointer.clientY - (box.top + box.height / 2);
    return { x: w / 2 + (d * dx - c * dy) / det - element.clientLeft,
             y: h / 2 + (a * dy - b * dx) / det - element.clientTop };
  }
  // An element's own transform: its rotate, scale and transform properties.
  function ownTransform(element) {
    const style = getComputedStyle(element);
    const parts = [];
    if (/^-?[\d.]+(deg|rad|grad|turn)$/.test(style.rotate)) parts.push(`rotate(${style.rotate})`);
    if (style.scale && style.scale !== 'none') parts.push(`scale(${style.scale.split(' ').slice(0, 2).join(', ')})`);
    if (style.transform && style.transform !== 'none') parts.push(style.transform);
    return new DOMMatrixReadOnly(parts.join(' ') || 'none');
  }

  // jquery.ripples' look on ripple's water (BENCHMARKS.md, "The drop-in
  // beside jquery.ripples"): its tempo, a step a frame at its wave speed,
  // 1/sqrt(2) cells a step; its perturbance as ripple's refraction (its
  // default, 0.03, as 2); its strengths (0.01 a move, 0.14 a press) as a
  // stone's weight by their square root, as its render, which draws the
  // slope's direction, shows a press about twice a move, not 14 times.
  const kStepsAFrame = 1;
  const kPeerSpeed = Math.SQRT1_2;
  const kRefractionOfPerturbance = 2 / 0.03;
  const weightOfStrength = (strength) => 20 * Math.sign(strength) * Math.sqrt(Math.abs(strength));
  const kRestCheckFrames = 30;
  // The canvas's pixels a CSS pixel: the screen's, so that the water is as
  // sharp as the background it stands for (jquery.ripples draws one a CSS
  // pixel, blurred on a phone), to at most 2, as a phone's 3 would be 9
  // times the work for little more to see; 1 on the CPU, the slow path.
  const kMostPixelRatio = 2;
  // How long a lost WebGL context may take to come back before the water
  // goes on on the CPU: one taken for another of a page's few contexts
  // never came back in Chromium.
  const kContextBackWithinMs = 3000;
  // A drop's place, in cells, is kept within this far of the grid: beyond
  // it, as anywhere off the grid, it makes no waves.
  const kFarOffCells = 2 ** 30;
  const kMethods = ['drop', 'destroy', 'hide', 'show', 'pause', 'play', 'set', 'updateSize'];

  const clamp = (value, [least, most]) => Math.min(most, Math.max(least, value));

  // The numbers a page passed, as numbers: numbers, or text that reads as
  // one (a data- attribute's ".04", which jquery.ripples' WebGL takes), or
  // one line naming the first that is neither (jquery.ripples would draw
  // NaN into its water for good). The callers bring numbers out of the
  // water's ranges into them, as jquery.ripples draws whatever it is given.
  function numbersOf(call, values) {
    const numbers = {};
    for (const [name, value] of Object.entries(values)) {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) {
        const shown = typeof value === 'string' ? `'${value.slice(0, 40)}'` : String(value);
        throw new Error(`ripple.jquery.js: ${call}: ${name} is ${shown}, not a number`);
      }
      numbers[name] = number;
    }
    return numbers;
  }

  $('head').prepend('<style>.jquery-ripples { position: relative; z-index: 0; }</style>');

  function backgroundUrl(css) {
    const match = /url\(["']?([^"')]*)["']?\)/.exec(css || '');
    return match ? match[1] : null;
  }

  // A computed length along a side of `room` pixels: "12px", "50%" or
  // "calc(100% - 12px)". A percentage of a position is of the room left
  // over (CSS's rule), so callers pass that.
  function cssLength(text, room) {
    let pixels = 0;
    for (const [, sign, number, unit] of text.matchAll(/([+-]?)\s*([\d.]+(?:e[+-]?\d+)?)(px|%)/g)) {
      const value = Number(number) * (sign === '-' ? -1 : 1);
      pixels += unit === '%' ? room * value / 100 : value;
    }
    return pixels;
  }

  // Whether the element's background is the page's, which CSS paints over
  // the whole window (beyond a body shorter than it, and beneath a first
  // child's margin), placing its picture in the root element's box: the
  // root's, or the body's where the root has none of its own.
  function paintsTheWindow(element) {
    const root = document.documentElement;
    if (element === root) return true;
    const style = getComputedStyle(root);
    return element === document.body && style.backgroundImage === 'none' &&
           style.backgroundColor === 'rgba(0, 0, 0, 0)';
  }
  // The corner of an element's padding box, in the window's pixels.
  function paddingCorner(element) {
    const box = element.getBoundingClientRect();
    return { left: box.left + element.clientLeft, top: box.top + element.clientTop };
  }
  // Where the water's canvas lies, in the window's pixels: over the window
  // for the page's background, else over the element's padding box.
  const canvasCorner = (element, overWindow) => (overWindow ? { left: 0, top: 0 } : paddingCorner(element));

  // The first layer's value of a background property (CSS lists one a layer).
  const firstLayer = (style, property) => style[property].split(',')[0].trim();
  const naturalSize = (image) => [image.naturalWidth || image.width, image.naturalHeight || image.height];

  // Where the element's CSS background lays its picture out, in the
  // window's pixels: over the window where it is fixed, else the root
  // element's padding box for the page's background (its clientHeight is
  // the window's), the element's own, width x height, for any other.
  function backgroundArea(element, style, overWindow, width, height) {
    if (firstLayer(style, 'backgroundAttachment') === 'fixed') {
      return { left: 0, top: 0, width: window.innerWidth, height: window.innerHeight };
    }
    if (!overWindow) return { ...paddingCorner(element), width, height };
    const root = document.documentElement, box = root.getBoundingClientRect();
    return { ...paddingCorner(root), width: box.width - 2 * root.clientLeft, height: box.height - 2 * root.clientTop };
  }

  // Where the element's CSS background (its first layer) puts a picture of
  // `image`'s size, laid out in `area` (backgroundArea()): background-size
  // and -position, as jquery.ripples reads them. { x, y, width, height }
  // from `origin`, the water's canvas's corner, both in the window's pixels.
  function backgroundPlace(style, image, area, origin) {
    const [naturalWidth, naturalHeight] = naturalSize(image);
    const size = firstLayer(style, 'backgroundSize');
    let w, h;
    if (size === 'cover' || size === 'contain') {
      const fit = size === 'cover' ? Math.max : Math.min;
      const scale = fit(area.width / naturalWidth, area.height / naturalHeight);
      [w, h] = [naturalWidth * scale, naturalHeight * scale];
    } else {
      const [along, down = 'auto'] = size.split(/\s+/);
      w = along === 'auto' ? null : cssLength(along, area.width);
      h = down === 'auto' ? null : cssLength(down, area.height);
      if (w === null && h === null) [w, h] = [naturalWidth, naturalHeight];
      else if (w === null) w = naturalWidth * h / naturalHeight;
      else if (h === null) h = naturalHeight * w / naturalWidth;
    }
    const [positionX, positionY = '50%'] = firstLayer(style, 'backgroundPosition').split(/\s+(?![^(]*\))/);
    return { x: area.left + cssLength(positionX, area.width - w) - origin.left,
             y: area.top + cssLength(positionY, area.height - h) - origin.top, width: w, height: h };
  }

  // The picture drawn at width x height pixels where that is smaller: a
  // pattern's own scaling takes one sample a pixel, and aliases where a
  // browser's CSS background is filtered (drawImage's high quality is).
  function scaledDown(image, width, height) {
    const [naturalWidth, naturalHeight] = naturalSize(image);
    if (!(width >= 1 && height >= 1) || (width >= naturalWidth && height >= naturalHeight)) return image;
    const tile = Object.assign(document.createElement('canvas'), { width, height });
    const context = tile.getContext('2d');
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    return tile;
  }

  // The picture the water is drawn over: the element's background as CSS
  // draws it (its colour, then the picture placed and repeated), in a
  // canvas of the water's canvas's pixels, `frame`, over width x height CSS
  // pixels, so that the water starts where the background was.
  function backgroundPicture(element, overWindow, image, frame, width, height) {
    const style = getComputedStyle(element);
    const picture = document.createElement('canvas');
    picture.width = frame.width;
    picture.height = frame.height;
    const context = picture.getContext('2d');
    context.scale(frame.width / width, frame.height / height);
    context.fillStyle = style.backgroundColor;
    context.fillRect(0, 0, width, height);
    const place = backgroundPlace(style, image, backgroundArea(element, style, overWindow, width, height),
                                  canvasCorner(element, overWindow));
    if (!(place.width > 0 && place.height > 0)) return picture;
    const tile = scaledDown(image, Math.round((place.width * frame.width) / width),
                            Math.round((place.height * frame.height) / height));
    const [tileWidth, tileHeight] = naturalSize(tile);
    const pattern = context.createPattern(tile, repetition(firstLayer(style, 'backgroundRepeat')));
    pattern.setTransform(new DOMMatrix().translate(place.x, place.y)
                           .scale(place.width / tileWidth, place.height / tileHeight));
    context.fillStyle = pattern;
    context.fillRect(0, 0, width, height);
    return picture;
  }

  // A computed background-repeat ("repeat-x", "no-repeat repeat"...) as a
  // canvas pattern's repetition; space and round repeat.
  function repetition(repeat) {
    const [x, y = x] = { 'repeat-x': ['repeat', 'no-repeat'], 'repeat-y': ['no-repeat', 'repeat'] }[repeat] ??
                       repeat.split(/\s+/);
    const alongX = x !== 'no-repeat', alongY = y !== 'no-repeat';
    return alongX && alongY ? 'repeat' : alongX ? 'repeat-x' : alongY ? 'repeat-y' : 'no-repeat';
  }

  class Ripples {
    constructor(element, options) {
      const { resolution, dropRadius, perturbance } = options;
      Object.assign(this, options, numbersOf('ripples', { resolution, dropRadius, perturbance }));
      this.$el = $(element);
      this.visible = true;
      this.running = true;
      // The page's background (a body's, an html's) is water over the whole
      // window, the page scrolling beneath it; jquery.ripples covers the
      // element's box alone, leaving the rest of the window blank.
      this.overWindow = paintsTheWindow(element);
      this.canvas = document.createElement('canvas');
      this.sizeCanvas();
      // Hidden until there is a picture to draw the water over.
      $(this.canvas).css({ position: this.overWindow ? 'fixed' : 'absolute', left: 0, top: 0, zIndex: -1 }).hide();
      this.$el.addClass('jquery-ripples');
      // Over the window the canvas is the root's: in a body with a transform
      // (translateZ(0), of old, for speed) a fixed one lies in the body's box.
      $(this.overWindow ? document.documentElement : element).append(this.canvas);
      this.pending = [];  // drops before the engine is loaded
      // The element's size followed, however it changes (jquery.ripples
      // follows only the window's, leaving the rest to updateSize), and the
      // window's, which a zoom changes with the screen's pixel ratio.
      this.sizeObserver = new ResizeObserver(() => this.updateSize());
      this.sizeObserver.observe(element);
      this.followWindowSize = () => this.updateSize();
      $(window).on('resize', this.followWindowSize);
      this.pixelRatioFollowed = new AbortController();
      followPixelRatio(this.followWindowSize, this.pixelRatioFollowed.signal);
      // A fixed background stays with the window, the page's moves under
      // it: the water, however still, is drawn again.
      this.followScroll = () => {
        if (this.overWindow || firstLayer(getComputedStyle(element), 'backgroundAttachment') === 'fixed') this.wake();
      };
      $(window).on('scroll', this.followScroll);
      this.setupPointerEvents();
      // Where the engine does not load or start, the element keeps its background.
      this.ready = this.start().catch((error) => {
        this.pending = null;  // no water to drop into
        console.error(`ripple.jquery.js: the water did not start (${error.message}): ` +
                      'the element keeps its own background');
      });
    }

    async start() {
      const { createWaterOrCpu, range } = await loadEngine();
      this.range = range;
      const [width, height] = this.gridSize();
      let whyCpu;
      ({ water: this.water, canvas: this.canvas, whyCpu } = await createWaterOrCpu(this.canvas, { width, height }));
      if (whyCpu) console.warn(`ripple.jquery.js: ${whyCpu}`);  // slower, the same water
      this.updateSize();  // a CPU water's pixel ratio
      this.applyPeerLook();
      // While the WebGL context is lost the element shows its own
      // background; it comes back as still water of the grid it had, and
      // what changed meanwhile is set again, or, not back in time, the
      // water goes on on the CPU.
      this.canvas.addEventListener('webglcontextlost', () => {
        if (this.destroyed) return;  // destroy()'s own loss
        $(this.canvas).hide();
        this.restoreCssBackground();
        this.notBackInTime = setTimeout(() => this.moveToCpu().catch((error) => {
          console.error('ripple.jquery.js: the browser took the WebGL context back and the water could not go on ' +
                        `on the CPU (${error.message}): the element keeps its own background`);
        }), kContextBackWithinMs);
      });
      this.canvas.addEventListener('webglcontextrestored', () => {
        clearTimeout(this.notBackInTime);
        this.applyPeerLook();
        this.resizeWater();
        if (this.visible) this.show();
      });
      await this.loadImage();
      for (const drop of this.pending) this.dropOnCanvas(...drop);
      this.pending = [];
    }

    // A still water on the CPU, in a fresh canvas in place of the one whose
    // WebGL context the browser has not given back.
    async moveToCpu() {
      if (this.destroyed || !this.water?.contextLost) return;
      const { createWater } = await loadEngine();
      const fresh = this.canvas.cloneNode();  // the lost canvas keeps its context
      const water = await createWater(fresh, { width: this.water.width, height: this.water.height, backend: 'cpu' });
      if (this.destroyed) {
        water.destroy();
        return;
      }
      this.canvas.replaceWith(fresh);
      this.water.destroy();
      ({ canvas: this.canvas, water: this.water } = { canvas: fresh, water });
      console.warn('ripple.jquery.js: the browser took the WebGL context back and has not given it back (a page ' +
                   'holds only so many at once): ripple runs on the CPU here');
      this.applyPeerLook();
      this.sizeCanvas();  // a CPU water's pixel ratio
      this.resizeWater();
      if (this.visible) this.show();
    }

    // The grid: `resolution` cells along the element's longer side.
    gridSize() {
      const [w, h] = this.cssSize.map((side) => Math.max(1, side));
      const scale = this.resolution / Math.max(w, h);
      return [Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale))];
    }

    // The picture: imageUrl or the element's CSS background image. Until
    // one has loaded the element shows its own background (for good where
    // there is none, as with a gradient); one that does not load is named
    // in one line, and the water keeps the picture it had. Of pictures
    // asked for in turn, the last is kept, whichever arrives last.
    async loadImage() {
      const given = this.imageUrl || backgroundUrl(this.originalCssBackgroundImage) ||
                    backgroundUrl(this.$el.css('backgroundImage'));
      if (!given) return;
      const url = String(given);  // as an <img> takes it
      const request = this.imageRequest = (this.imageRequest || 0) + 1;
      const image = new Image();
      if (!url.startsWith('data:')) image.crossOrigin = this.crossOrigin;
      image.src = url;
      try {
        await image.decode();
        if (request !== this.imageRequest) return;  // another was asked for since
      } catch {
        if (request !== this.imageRequest) return;
        console.error(`ripple.jquery.js: the picture ${url.slice(0, 200)} did not load: the element keeps ` +
                      (this.image ? 'the picture it had' : 'its own background'));
        return;
      }
      this.image = image;
      if (this.visible) this.show();
    }

    // Drops where the pointer moves and presses: over the element, or
    // anywhere in the window where the water covers it.
    setupPointerEvents() {
      const dropAtPointer = (pointer, big) => {
        if (!(this.visible && this.running && this.interactive)) return;
        const at = this.overWindow ? { x: pointer.clientX, y: pointer.clientY } : pointInElement(this.$el[0], pointer);
        if (at) this.dropOnCanvas(at.x, at.y, this.dropRadius * (big ? 1.5 : 1), big ? 0.14 : 0.01);
      };
      this.pointerArea = this.overWindow ? $(document) : this.$el;
      this.pointerHandlers = {
        'mousemove.ripples': (e) => dropAtPointer(e),
        'touchmove.ripples touchstart.ripples': (e) => {
          for (const touch of e.originalEvent.changedTouches) dropAtPointer(touch);
        },
        'mousedown.ripples': (e) => dropAtPointer(e, true),
      };
      this.pointerArea.on(this.pointerHandlers);
    }

    // The loop: steps and a frame each animation frame, until the water rests.
    wake() {
      this.framesToRestCheck = kRestCheckFrames;
      if (this.looping || !this.water || !this.image) return;
      this.looping = true;
      const frame = () => {
        if (this.destroyed || !this.running || !this.visible || this.water.contextLost ||
            !this.canvas.width || !this.canvas.height) {
          this.looping = false;  // a lost context's water is woken when it comes back, a size's by updateSize
          return;
        }
        if (window.devicePixelRatio !== this.sizedAtRatio) this.updateSize();
        this.drawFrame();
        if (--this.framesToRestCheck <= 0) {
          this.framesToRestCheck = kRestCheckFrames;
          if (!this.water.disturbedByItself() && this.water.restsUnseen()) {
            this.water.reset();
            this.looping = false;
            return;
          }
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }

    // The background as a picture, made again when its layout changes (a
    // fixed one's, and the page's under its water, with each scroll).
    picture() {
      const element = this.$el[0], style = getComputedStyle(element), [width, height] = this.cssSize;
      const area = backgroundArea(element, style, this.overWindow, width, height);
      const corner = canvasCorner(element, this.overWindow);
      const layout = [this.canvas.width, this.canvas.height, width, height, style.backgroundSize,
                      style.backgroundPosition, style.backgroundRepeat, style.backgroundColor,
                      area.left - corner.left, area.top - corner.top, area.width, area.height].join('|');
      if (this.pictureLayout !== layout || this.pictureImage !== this.image) {
        this.backgroundCanvas = backgroundPicture(element, this.overWindow, this.image, this.canvas, width, height);
        this.pictureLayout = layout;
        this.pictureImage = this.image;
      }
      return this.backgroundCanvas;
    }

    hideCssBackground() {
      const inline = this.$el[0].style.backgroundImage;
      if (inline === 'none') return;
      this.originalInlineCss = inline;
      this.originalCssBackgroundImage = this.$el.css('backgroundImage');
      this.$el.css('backgroundImage', 'none');
      this.cssBackgroundHidden = true;
    }

    restoreCssBackground() {
      if (!this.cssBackgroundHidden) return;  // a page's own inline background stays as it is
      this.$el.css('backgroundImage', this.originalInlineCss || '');
      this.cssBackgroundHidden = false;
    }

    // Public methods, as jquery.ripples has them. A drop's place is in the
    // element's pixels, from its padding box's corner.
    drop(x, y, radius, strength) {
      ({ x, y, radius, strength } = numbersOf('drop', { x, y, radius, strength }));
      const element = paddingCorner(this.$el[0]), canvas = canvasCorner(this.$el[0], this.overWindow);
      this.dropOnCanvas(x + element.left - canvas.left, y + element.top - canvas.top, radius, strength);
    }

    // A drop at (x, y) of the water's canvas, in CSS pixels.
    dropOnCanvas(x, y, radius, strength) {
      if (!this.water) {
        this.pending?.push([x, y, radius, strength]);
        return;
      }
      if (this.water.contextLost) return;  // as jquery.ripples, silent
      const [gw] = this.gridSize();
      const cellsAPixel = gw / Math.max(1, this.cssSize[0]);
      const cell = (pixels) => clamp(Math.floor(pixels * cellsAPixel), [-kFarOffCells, kFarOffCells]);
      this.water.drop(cell(x), cell(y), clamp(Math.round(radius * cellsAPixel), this.range['stone-radius']),
                      clamp(weightOfStrength(strength), this.range['stone-weight']));
      this.wake();
    }

    // The water's canvas's size in CSS pixels: the window's, or the
    // element's padding box's.
    waterSize() {
      const root = document.documentElement;
      return this.overWindow ? [root.clientWidth, root.clientHeight] : [this.$el.innerWidth(), this.$el.innerHeight()];
    }

    pixelRatio() {
      return this.water?.backend === 'cpu' ? 1 : Math.min(kMostPixelRatio, window.devicePixelRatio || 1);
    }

    // The canvas as large as waterSize() on screen, of pixelRatio() pixels
    // a CSS pixel; whether that changed it.
    sizeCanvas() {
      const [width, height] = (this.cssSize = this.waterSize()), ratio = this.pixelRatio();
      this.sizedAtRatio = window.devicePixelRatio;
      $(this.canvas).css({ width, height });
      const pixels = [Math.round(width * ratio), Math.round(height * ratio)];
      if (pixels[0] === this.canvas.width && pixels[1] === this.canvas.height) return false;
      [this.canvas.width, this.canvas.height] = pixels;
      return true;
    }

    updateSize() {
      if (!this.sizeCanvas()) return;
      this.resizeWater();
      this.wake();
    }

    resizeWater() {
      if (this.water && !this.water.contextLost) this.water.resize(...this.gridSize());
    }

    // jquery.ripples' wave speed and the perturbance, on a water made or come back.
    applyPeerLook() {
      if (this.water && !this.water.contextLost) {
        this.water.set({ speed: kPeerSpeed,
                         refraction: clamp(this.perturbance * kRefractionOfPerturbance, this.range.refraction) });
      }
    }

    // A frame of the loop: the water a frame on, drawn.
    drawFrame() {
      this.water.step(kStepsAFrame);
      this.water.render(this.picture(), 0, 0, this.canvas.width, this.canvas.height);
    }

    destroy() {
      this.pointerArea.off(this.pointerHandlers);
      this.$el.off('.ripples').removeClass('jquery-ripples').removeData('ripples');
      this.sizeObserver.disconnect();
      this.pixelRatioFollowed.abort();
      $(window).off('scroll', this.followScroll).off('resize', this.followWindowSize);
      $(this.canvas).remove();
      this.restoreCssBackground();
      this.destroyed = true;
      clearTimeout(this.notBackInTime);
      this.ready.then(() => {
        this.water?.destroy();
        // The canvas is the drop-in's own: its WebGL context goes now, not
        // when collected, so that another water may have one of the few a
        // page is given.
        this.canvas.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext();
      });
    }

    show() {
      this.visible = true;
      if (!this.image || this.destroyed) return;  // the element's own background, until a picture loads
      $(this.canvas).show();
      this.hideCssBackground();
      this.wake();
    }

    hide() {
      this.visible = false;
      $(this.canvas).hide();
      this.restoreCssBackground();
    }

    pause() { this.running = false; }

    play() {
      this.running = true;
      this.wake();
    }

    set(property, value) {
      switch (property) {
        case 'dropRadius':
          ({ dropRadius: this.dropRadius } = numbersOf('set', { dropRadius: value }));
          break;
        case 'interactive':
        case 'crossOrigin':
          this[property] = value;
          break;
        case 'perturbance':
          ({ perturbance: this.perturbance } = numbersOf('set', { perturbance: value }));
          this.applyPeerLook();
          this.wake();
          break;
        case 'imageUrl':
          this.imageUrl = value;
          this.loadImage();
          break;
      }
    }
  }

  Ripples.DEFAULTS = {
    imageUrl: null,
    resolution: 256,
    dropRadius: 20,
    perturbance: 0.03,
    interactive: true,
    crossOrigin: '',
  };

  const old = $.fn.ripples;
  $.fn.ripples = function (option, ...args) {
    return this.each(function () {
      if (!(this instanceof Element)) {
        const kind = this?.constructor?.name ?? String(this);
        throw new Error(`ripple.jquery.js: ripples: an object of kind ${kind} is not an element: ` +
                        "give it elements, $('.pool')");
      }
      const $this = $(this);
      let data = $this.data('ripples');
      const options = $.extend({}, Ripples.DEFAULTS, $this.data(), typeof option === 'object' && option);
      if (!data && typeof option === 'string') return;
      if (!data) {
        $this.data('ripples', (data = new Ripples(this, options)));
      } else if (typeof option === 'string') {
        if (!kMethods.includes(option)) {
          throw new Error(`ripple.jquery.js: no method '${option}': the methods are ${kMethods.join(', ')}`);
        }
        Ripples.prototype[option].apply(data, args);
      }
    });
  };
  $.fn.ripples.Constructor = Ripples;
  $.fn.ripples.engineUrl = new URL('ripple.js', scriptUrl).href;  // a page may name another before its first call
  $.fn.ripples.noConflict = function () {
    $.fn.ripples = old;
    return this;
  };
})(jQuery);
