// The site's split of each single-file module into its glue and its .wasm (web/ship/wasm-split.mjs):
// the glue keeps no embedded binary, the binary is the one the single file held, the split glue
// really runs the core through the instantiateWasm hook, and a glue written otherwise is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { splitModule } from '../../web/ship/wasm-split.mjs';
import { modulePath } from '../../wasm/module.mjs';

const WASM_MAGIC = [0, 0x61, 0x73, 0x6d];
const dataUrl = (bytes) =>
  `"data:application/octet-stream;base64,${Buffer.from(bytes).toString('base64')}"`;

test('the built module splits into a glue without base64 and the binary it embedded', async () => {
  const single = readFileSync(modulePath(), 'utf8');
  const { glue, wasm } = splitModule(single, 'activation-lab.wasm');
  assert.deepEqual([...wasm.subarray(0, 4)], WASM_MAGIC);
  assert.ok(WebAssembly.validate(wasm), 'the binary is a valid module');
  assert.doesNotMatch(glue, /base64,[A-Za-z0-9+/]{64}/); // (the glue's own data: URL test remains)
  assert.match(glue, /"activation-lab\.wasm"/);
  assert.ok(glue.length < single.length / 4, `glue ${glue.length} of ${single.length} chars`);

  // The split glue, given the binary through Emscripten's hook, is the same core.
  const dir = mkdtempSync(join(tmpdir(), 'al-wasm-split-'));
  writeFileSync(join(dir, 'glue.mjs'), glue);
  const factory = (await import(pathToFileURL(join(dir, 'glue.mjs')).href)).default;
  let hooked = 0;
  const M = await factory({
    instantiateWasm(imports, receive) {
      hooked += 1;
      WebAssembly.instantiate(wasm, imports).then(({ instance }) => receive(instance));
      return {};
    },
  });
  assert.equal(hooked, 1);
  const [atMinusOne, atTwo] = M.evaluate('gelu', false, true, [-1, 2]);
  assert.ok(Math.abs(atMinusOne - -0.158655) < 1e-5, `GELU(-1) = ${atMinusOne}`);
  assert.ok(Math.abs(atTwo - 1.9545) < 1e-5, `GELU(2) = ${atTwo}`);
  assert.ok(Math.abs(M.normalCdf(1) - 0.841345) < 1e-6);
});

test('a glue with no embedded binary, or two, is refused', () => {
  const one = dataUrl([...WASM_MAGIC, 1, 0, 0, 0]);
  assert.throws(() => splitModule('var f = "x.wasm";', 'x.wasm'), /0 embedded binaries/);
  assert.throws(() => splitModule(`a=${one};b=${one};`, 'x.wasm'), /2 embedded binaries/);
  const { glue, wasm } = splitModule(`var f = ${one};`, 'x.wasm');
  assert.equal(glue, 'var f = "x.wasm";');
  assert.deepEqual([...wasm], [...WASM_MAGIC, 1, 0, 0, 0]);
});

test('embedded data that is not WebAssembly is refused', () => {
  assert.throws(
    () => splitModule(`var f = ${dataUrl([1, 2, 3, 4, 5])};`, 'x.wasm'),
    /not a WebAssembly module/,
  );
});
