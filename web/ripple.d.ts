// ripple's JavaScript API (docs/web.md): libripple's water in WebAssembly,
// stepped on WebGL 2 or by the CPU reference.

export interface WaterOptions {
  /** Cells across, 1 to 16384; 640 unless given. */
  width?: number;
  /** Cells down, 1 to 16384; 360 unless given. */
  height?: number;
  /** 'gpu' (WebGL 2, the default) or 'cpu' (the CPU reference, into the canvas's 2-D context). */
  backend?: 'gpu' | 'cpu';
}

export interface Verification {
  pass: boolean;
  maxDifference: number;
  /** 0 in classic mode: bit for bit. */
  tolerance: number;
}

export interface Parameter {
  /** The command line's name: 'damping' for --damping. */
  name: string;
  kind: 'number' | 'whole' | 'flag' | 'choice';
  min: number;
  max: number;
  /** false: up to below max. */
  includesMax: boolean;
  /** A choice's words ('float', 'classic'). */
  words: string[];
  meaning: string;
}

/** A source of waves in the tank, as the C++ ripple::Source (docs/rules.md). */
export interface Source {
  /** A point's cell; a line's or a moving point's first end. */
  x0: number;
  y0: number;
  /** A line's or a moving point's other end; left out: (x0, y0), a point. */
  x1?: number;
  y1?: number;
  /** Steps a wave, 2 to 100000; 24 unless given. */
  period?: number;
  /** As a stone's weight, -4096 to 4096 (negative: a trough first); 96 unless given. */
  amplitude?: number;
  /** The first step it sings before; left out: the step now. */
  start?: number;
  /** The step it stops before; -1 (the default): never. */
  end?: number;
  /** A point moving from (x0, y0) at start to (x1, y1) at end. */
  moving?: boolean;
}

/** The ranges of the tank's parts (ripple/scene.hpp). */
export interface TankLimits {
  maxStoneRadius: number;
  maxStoneWeight: number;
  maxWallThickness: number;
  minSlowWaterSpeed: number;
  minSourcePeriod: number;
  maxSourcePeriod: number;
  maxSourceAmplitude: number;
}

/** A picture render() takes, loaded: what the browser both draws on a canvas and gives WebGL as a texture. */
export type PictureSource = HTMLImageElement | SVGImageElement | HTMLCanvasElement | HTMLVideoElement | ImageBitmap |
    OffscreenCanvas | VideoFrame;

export interface Water {
  readonly width: number;
  readonly height: number;
  readonly backend: 'gpu' | 'cpu';
  readonly stepsDone: number;
  /** A stone centred on cell (x, y), x right and y down from the top left: --drop X,Y,R,W. */
  drop(x: number, y: number, radius: number, weight: number): void;
  /**
   * Stones along the line from (x0, y0), left out, to (x1, y1), at most half a
   * radius apart: a drag's trail, as the window drops it. A line from off the
   * grid is cut to where its stones can reach it.
   */
  dropAlong(x0: number, y0: number, x1: number, y1: number, radius: number, weight: number): void;
  step(steps?: number): void;
  reset(): void;
  resize(width: number, height: number): void;
  /** width * height heights, row-major, the top row first. */
  heights(): Float32Array;
  /** The water turned a quarter as it is: the grid's sides swapped, its waves, cells, sources and stones still to fall turned with it. */
  quarterTurn(turn?: 'clockwise' | 'anticlockwise'): void;
  /** Parameters by the command line's names and words; all or none. */
  set(values: Record<string, number | string | boolean>): void;
  /** A parameter as text, the shortest that reads back as it. */
  get(name: string): string;
  /**
   * With turnToFit, a scene laid out across an upright grid (or upright on one across) is turned a quarter
   * first; the turn taken, or null.
   */
  loadPreset(name: string, options?: { turnToFit?: boolean }): 'clockwise' | 'anticlockwise' | null;
  loadScene(tomlText: string, options?: { turnToFit?: boolean }): 'clockwise' | 'anticlockwise' | null;
  /** The scene as text; where cells are painted, refused unless withoutCells, which leaves them to cellSpeeds(). */
  saveScene(options?: { withoutCells?: boolean }): string;
  /** Paints a stroke of cells with a square brush: speed factor 0 a wall, 1 open water, between them slow water. */
  paint(x0: number, y0: number, x1: number, y1: number, thickness: number, speedFactor: number): void;
  /** Every cell's speed factor (0 a wall, up to 1 open water), laid out as heights(). */
  cellSpeeds(): Float32Array;
  /** Every cell's speed factor at once, as cellSpeeds() gives them: the cells are then the whole of the walls. */
  setCellSpeeds(speeds: Float32Array | number[]): void;
  /** Walls and slow water gone; the sources stay. */
  clearCells(): void;
  /** Its index in sources(). */
  addSource(source: Source): number;
  removeSource(index: number): void;
  /** Its first cell to (x, y), gliding there over glideSteps steps (0, the default: at once). */
  moveSource(index: number, x: number, y: number, glideSteps?: number): void;
  sources(): Required<Source>[];
  /** The index of the source with a cell within reach cells of (x, y), or null. */
  sourceNear(x: number, y: number, reach: number): number | null;
  /**
   * The picture refracted by the water into a rectangle of the bound framebuffer (the canvas's, or a page's own of
   * `targetHeight` rows, the canvas's height unless given), (0, 0) its top left.
   */
  render(picture: PictureSource, x: number, y: number, width: number, height: number, targetHeight?: number): void;
  restsUnseen(): boolean;
  disturbedByItself(): boolean;
  verify(steps: number): Verification;
  /** What steps the water, in words: 'cpu', or 'gpu (fragment pass on RENDERER)'. */
  description(): string;
  /** Frees the water and its GL objects; every later call throws. */
  destroy(): void;
  /**
   * Whether the browser has taken the WebGL context back: every call but
   * width, height and destroy() throws until it restores it, with the
   * water still, its grid and scene as they were ('webglcontextrestored').
   */
  readonly contextLost: boolean;
}

/**
 * Loads the engine (once), asynchronously as a water's calls are not. Throws an Error where WebGL 2 is missing. An
 * OffscreenCanvas runs the water in a worker: one the page transferred to it shows there.
 */
export function createWater(canvas: HTMLCanvasElement | OffscreenCanvas, options?: WaterOptions): Promise<Water>;
/**
 * A water on WebGL 2 or, where the browser cannot, on the CPU reference: in `canvas` itself where WebGL 2 was refused
 * it, in a fresh copy put in its place where it took a WebGL 2 context it keeps (an OffscreenCanvas, which has no place,
 * is then refused in one line): the water, the canvas it draws into, and the line saying why not WebGL ('' on WebGL).
 * `options.backend` is not taken.
 */
export function createWaterOrCpu<Canvas extends HTMLCanvasElement | OffscreenCanvas>(canvas: Canvas,
    options?: WaterOptions): Promise<{ water: Water; canvas: Canvas; whyCpu: string }>;
/** The built-in scenes' names. */
export function presetNames(): Promise<string[]>;
/** Every parameter set() and get() take. */
export function parameters(): Promise<Parameter[]>;
/** The floor a preset shows, or null for the pool. */
export function presetPicture(name: string): Promise<ImageBitmap | null>;
/** The floor a scene file's text shows, or null for the pool or a picture file of its own (the page's to open). */
export function scenePicture(tomlText: string): Promise<ImageBitmap | null>;
/** The ranges of the tank's parts, for a page's controls. */
export function tankLimits(): Promise<TankLimits>;
