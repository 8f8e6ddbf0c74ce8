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

/** A picture render() takes, loaded. */
export type PictureSource = HTMLImageElement | ImageBitmap | HTMLCanvasElement | OffscreenCanvas | HTMLVideoElement;

export interface Water {
  readonly width: number;
  readonly height: number;
  readonly backend: 'gpu' | 'cpu';
  readonly stepsDone: number;
  /** A stone centred on cell (x, y), x right and y down from the top left: --drop X,Y,R,W. */
  drop(x: number, y: number, radius: number, weight: number): void;
  step(steps?: number): void;
  reset(): void;
  resize(width: number, height: number): void;
  /** width * height heights, row-major, the top row first. */
  heights(): Float32Array;
  /** Parameters by the command line's names and words; all or none. */
  set(values: Record<string, number | string | boolean>): void;
  /** A parameter as text, the shortest that reads back as it. */
  get(name: string): string;
  loadPreset(name: string): void;
  loadScene(tomlText: string): void;
  saveScene(): string;
  /** The picture refracted by the water into the canvas' rectangle, (0, 0) its top left. */
  render(picture: PictureSource, x: number, y: number, width: number, height: number): void;
  restsUnseen(): boolean;
  disturbedByItself(): boolean;
  verify(steps: number): Verification;
  /** Frees the water and its GL objects; every later call throws. */
  destroy(): void;
}

/** The only asynchronous call: loads the engine (once). Throws an Error where WebGL 2 is missing. */
export function createWater(canvas: HTMLCanvasElement, options?: WaterOptions): Promise<Water>;
/** The built-in scenes' names. */
export function presetNames(): Promise<string[]>;
/** Every parameter set() and get() take. */
export function parameters(): Promise<Parameter[]>;
/** The floor a preset shows, or null for the pool. */
export function presetPicture(name: string): Promise<ImageBitmap | null>;
