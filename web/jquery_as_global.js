// The bundle's jQuery as the global the drop-in's script takes, where the
// page has none of its own (a bundled jQuery sets none).
import jQuery from 'jquery';

globalThis.jQuery ??= jQuery;
