// libcarcassonne (unofficial Carcassonne rules engine) for JavaScript.
//
//   import { load } from 'carcassonne-engine-unofficial';
//   const carc = await load();
//   const game = carc.newGame({ variant: 'base', players: 2, seed: 42 });
//
// index.d.ts documents every call.
import createCore from './dist/carcassonne-core.mjs';
import { bind, CarcError, STATUS } from './lib/api.mjs';

export { CarcError, STATUS };

const isNode = typeof process === 'object' && !!process.versions && !!process.versions.node;

/**
 * Instantiates the WebAssembly module and returns the engine. In node the
 * .wasm file beside this module is read from disk; in a browser it is
 * fetched from beside this module, unless `options.wasmBinary` (the bytes)
 * or `options.locateFile` (a function from file name to URL) says otherwise.
 */
export async function load(options = {}) {
  const opts = { ...options };
  if (!opts.wasmBinary && !opts.locateFile && isNode) {
    const { readFile } = await import('node:fs/promises');
    opts.wasmBinary = await readFile(new URL('./dist/carcassonne-core.wasm', import.meta.url));
  }
  return bind(await createCore(opts));
}

export default load;
