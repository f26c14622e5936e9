// Loads the built WASM module in Node (the CLI, the JS tests, the benchmarks).
// The module embeds its .wasm, so no fetch and no file path is involved. In a checkout it is the
// fresh build (build/wasm/); in the npm package, which ships dist/ and not build/, the copy there.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = fileURLToPath(new URL('../build/wasm/', import.meta.url));
const shipped = fileURLToPath(new URL('../dist/wasm/', import.meta.url));
const buildDir = existsSync(built) || !existsSync(shipped) ? built : shipped;

export const modulePath = (scalar = false) =>
  `${buildDir}activation-lab${scalar ? '-scalar' : ''}.mjs`;

const loaded = new Map();

/** The module, loaded once per flavour (SIMD or scalar). */
export function loadModule({ scalar = false } = {}) {
  if (!loaded.has(scalar)) {
    const path = modulePath(scalar);
    if (!existsSync(path)) {
      return Promise.reject(
        new Error(`the WASM module is not built (${path}): run 'npm run build'`),
      );
    }
    loaded.set(
      scalar,
      import(pathToFileURL(path).href).then((m) => m.default()),
    );
  }
  return loaded.get(scalar);
}
