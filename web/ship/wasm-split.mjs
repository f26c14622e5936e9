// The site's way to load the core (js/shared/core.js, buildFiles): each Emscripten module, which
// -sSINGLE_FILE writes with its binary inside as a base64 data: URL, is also written as its glue
// without that URL (<build>.web.mjs) and the binary (<build>.wasm). A browser then compiles the
// binary as it downloads, off the main thread, through the glue's instantiateWasm hook; the
// single files stay for Node, the CLI and file://, which cannot fetch a file beside them.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILDS, buildFiles } from '../js/shared/core.js';

const DATA_URL = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/g;

/**
 * The glue without its embedded binary, and the binary. Throws unless the glue holds exactly one
 * data: URL and it decodes to a WebAssembly module (a new Emscripten may write it otherwise).
 * @param {string} single  the single-file module's text
 * @param {string} wasmName  the binary's file name, written where the data: URL was
 */
export function splitModule(single, wasmName) {
  const found = [...single.matchAll(DATA_URL)];
  if (found.length !== 1)
    throw new Error(`wasm-split: ${found.length} embedded binaries in the glue, expected 1`);
  const wasm = Buffer.from(found[0][1], 'base64');
  if (!wasm.subarray(0, 4).equals(Buffer.from([0, 0x61, 0x73, 0x6d])))
    throw new Error('wasm-split: the embedded data is not a WebAssembly module');
  return { glue: single.replace(DATA_URL, JSON.stringify(wasmName)), wasm };
}

/**
 * Writes both builds' glue and binary beside their single files in out/wasm/; returns their names.
 * @param {string} out
 */
export async function writeSplitModules(out) {
  const written = [];
  for (const build of Object.values(BUILDS)) {
    const files = buildFiles(build);
    const dir = join(out, 'wasm');
    const { glue, wasm } = splitModule(await readFile(join(dir, files.single), 'utf8'), files.wasm);
    await writeFile(join(dir, files.glue), glue);
    await writeFile(join(dir, files.wasm), wasm);
    written.push(`wasm/${files.glue}`, `wasm/${files.wasm}`);
  }
  return written;
}
