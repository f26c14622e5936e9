// The SIMD kernels must really be SIMD in the shipped module: disassemble the .wasm embedded in
// build/wasm/activation-lab.mjs with wabt's wasm-objdump, name its functions with the symbol map
// the build writes beside it, and look for f32x4 instructions in the hot loops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { modulePath } from '../../wasm/module.mjs';

/** Function name (demangled) -> its disassembly, for the module of the given flavour. */
function disassemble(scalar) {
  const path = modulePath(scalar);
  const base64 = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(
    readFileSync(path, 'utf8'),
  );
  assert.ok(base64, `${path} embeds no .wasm`);
  const wasm = join(mkdtempSync(join(tmpdir(), 'al-wasm-')), 'module.wasm');
  writeFileSync(wasm, Buffer.from(base64[1], 'base64'));
  // Lines "index:name"; Emscripten writes names demangled, with \xx escapes for '(', ' ', ','.
  const demangled = new Map(
    readFileSync(`${path}.symbols`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const i = line.indexOf(':');
        const name = line
          .slice(i + 1)
          .replace(/\\([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
        return [Number(line.slice(0, i)), name];
      }),
  );
  const listing = execFileSync('wasm-objdump', ['-d', wasm], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const functions = new Map();
  for (const chunk of listing.split(/\n(?=[0-9a-f]+ func\[)/)) {
    const m = /^[0-9a-f]+ func\[(\d+)\]/.exec(chunk);
    if (m) functions.set(demangled.get(Number(m[1])) ?? `func[${m[1]}]`, chunk);
  }
  return functions;
}

const f32x4Count = (code) => (code.match(/\bf32x4\./g) ?? []).length;

test('the activation kernels and the dense layers run f32x4 instructions', () => {
  const functions = disassemble(false);
  const simdIn = (pattern) =>
    [...functions]
      .filter(([name]) => pattern.test(name))
      .reduce((sum, [, code]) => sum + f32x4Count(code), 0);
  assert.ok(
    simdIn(/^al::activate(_grad)?\(/) > 0,
    'al::activate / activate_grad contain no f32x4 op',
  );
  for (const kernel of [/^al::activate\(/, /^al::activate_grad\(/]) {
    assert.ok(simdIn(kernel) > 10, `${kernel} has too few f32x4 ops: ${simdIn(kernel)}`);
  }
  assert.ok(
    simdIn(/^al::(Dense|dense|matrix|gemm|Mlp|mlp)|^al::.*(forward|backward)/) > 0,
    'the training hot loops contain no f32x4 op',
  );
});

test('the scalar twin has no SIMD at all (so the check above can fail)', () => {
  const functions = disassemble(true);
  const total = [...functions.values()].reduce((sum, code) => sum + f32x4Count(code), 0);
  assert.equal(total, 0);
});
