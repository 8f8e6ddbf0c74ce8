// The jquery.ripples drop-in for a bundled page (Vite, webpack, Rollup):
//   import $ from 'jquery';
//   import 'ripple-water/jquery';   // was: import 'jquery.ripples';
// The drop-in is the page's script (ripple.jquery.js), run on the bundle's
// jQuery and handed the bundle's engine, which the bundler serves with its
// ripple.wasm.
import './jquery_as_global.js';  // first: the drop-in takes jQuery as a script tag's page has it
import * as engine from './ripple.js';
import './ripple.jquery.js';

globalThis.jQuery.fn.ripples.engine = engine;
