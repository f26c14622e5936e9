// The page's file formats (web/js/shared/formats.js) and the paired summary of a study (web/js/seeds/study.js)
// through the real module: what a reader downloads is what PyTorch and a spreadsheet expect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { toCsv, torchSnippet } from '../../web/js/shared/formats.js';
import { pairs, seedRows, summarize } from '../../web/js/seeds/study.js';

const modulePath = new URL('../../build/wasm/activation-lab.mjs', import.meta.url);

test('CSV quotes what needs it, keeps full precision and leaves missing values empty', () => {
  const csv = toCsv(
    [
      { a: 0.1 + 0.2, b: 'x,"y"' },
      { a: null, b: NaN },
    ],
    ['a', 'b'],
  );
  assert.equal(csv, 'a,b\n0.30000000000000004,"x,""y"""\n,\n');
});

test('the PyTorch snippet rebuilds nn.Sequential with the activation of the weights', () => {
  const py = torchSnippet([64, 64], 'gelu', 'w.json');
  assert.match(
    py,
    /nn\.Sequential\(nn\.Linear\(2, 64\), nn\.GELU\(\), nn\.Linear\(64, 64\), nn\.GELU\(\), nn\.Linear\(64, 1\)\)/,
  );
  assert.match(
    py,
    /model\.load_state_dict\(\{k: torch\.tensor\(v\) for k, v in state\.items\(\)\}\)/,
  );
  assert.match(torchSnippet([8], 'gelu_tanh', 'w.json'), /nn\.GELU\(approximate='tanh'\)/);
  assert.match(torchSnippet([], 'relu', 'w.json'), /nn\.Sequential\(nn\.Linear\(2, 1\)\)/);
});

test(
  'a study pairs the runs of each seed and the core summarises the differences',
  { skip: !existsSync(modulePath) },
  async () => {
    const { default: createModule } = await import(modulePath);
    const M = await createModule();
    const acc = { relu: [0.96, 0.95, 0.97], gelu: [0.95, 0.95, 0.95] };
    const results = new Map();
    [0, 1, 2].forEach((seed, i) => {
      for (const act of ['relu', 'gelu']) {
        results.set(`${seed}/${act}`, {
          seed,
          activation: act,
          test: { acc: acc[act][i] },
          val: { acc: 0.9 },
          chosen_epoch: 10,
          seconds: 0.1,
          history: [],
        });
      }
    });
    results.delete('2/gelu'); // an unfinished pair (a cancelled study) is left out
    const study = { acts: ['relu', 'gelu'], seeds: [0, 1, 2], results };
    assert.deepEqual(
      pairs(study).map((p) => p.seed),
      [0, 1],
    );
    const s = summarize(M, study);
    // d = [0.01, 0]: mean 0.005, sd √(0.00005) ≈ 0.0070711, t(0.975, 1) = 12.7062
    assert.equal(s.n, 2);
    assert.ok(Math.abs(s.mean_diff - 0.005) < 1e-12);
    assert.ok(Math.abs(s.sd_diff - Math.sqrt(0.00005)) < 1e-12);
    const half = (12.706204736 * Math.sqrt(0.00005)) / Math.sqrt(2);
    assert.ok(
      Math.abs(s.ci_low - (0.005 - half)) < 1e-6 && Math.abs(s.ci_high - (0.005 + half)) < 1e-6,
      JSON.stringify(s),
    );
    assert.deepEqual(Object.keys(seedRows(study)[0]).slice(0, 4), [
      'seed',
      'relu_test_acc',
      'gelu_test_acc',
      'diff_test_acc',
    ]);
  },
);
