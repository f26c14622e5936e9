// "Same numbers as PyTorch": the CLI's `train` against golden runs of real PyTorch (1.13, CPU,
// float32), written by tests/fixtures/make_torch_fixtures.py. No Python needed here.
//
// Each fixture holds PyTorch's initial state_dict (torch.manual_seed + nn.Linear's own init),
// the per-epoch train/test loss and accuracy of `--no-shuffle` training (consecutive batches,
// last partial batch kept; BCEWithLogits mean; Adam(lr, (0.9, 0.999), 1e-8)), and the final
// parameters (all of them, or a fixed sample of 257 for the 64x64 network).
//
// Tolerances, and why they are honest. Run with PARITY_REPORT=1 to print the worst deviation of
// every run. Measured (core WASM module vs PyTorch 1.13.1 CPU, this fixture set):
//   losses      ≤ 1.8e-7 relative in every run (≤ 1e-7 against the same torch logits summed in
//               double, which is how the core sums: the rest is torch's float32 mean)
//   accuracies  identical, every epoch, every run
//   parameters  ≤ 2e-7 absolute in 10 of 11 runs; 4.4e-6 in small/gelu (1.3e-6 in
//               small/gelu_tanh), both at flat index 166 = "2.weight"[7][6].
// - Why not bit-exact: PyTorch's sgemm and the core's SIMD128 kernels sum the dot products in
//   different orders, and torch's loss is a float32 mean; each such difference is ~1 float32 ulp
//   (6e-8 relative), then carried through ~50 Adam steps. Parameter 166 has a gradient that
//   nearly cancels, and Adam divides by sqrt(v), so its rounding noise becomes a step of visible
//   size: PyTorch against itself moves that same parameter by 1.3e-6 when each batch's rows are
//   summed in reverse order and by 4.6e-6 when trained in float64 (losses: ≤ 2.4e-7 relative).
//   So 4.4e-6 is PyTorch's own noise floor for this run, not a discrepancy.
// - LOSS_REL = 2e-6 and PARAM_ABS = 2e-5 sit ~10x / ~4.5x above that noise, and well below what
//   a real bug does (`make_torch_fixtures.py --mutants`, same cases, all runs):
//     GELU exact <-> tanh swap          losses 4.7e-5 .. 4.2e-4 rel, params 6e-5 .. 3e-2
//     Adam bias correction at t+1       losses ≥ 8.6e-3 rel,          params ≥ 2.5e-3
//     Adam eps inside the sqrt          losses ≥ 2.7e-3 rel,          params ≥ 2.3e-2
//     Adam without 2nd bias correction  losses ≥ 0.38 rel,            params ≥ 0.3
//     first-layer weights transposed    losses ≥ 8.7e-2 rel,          params ≥ 1.2
//   The closest, the GELU swap with the article's 64x64 network and lr 0.001 (4.7e-5), is still
//   23x the loss tolerance; the last test runs that swap in every case and requires a failure.
// - The deep case (issue 11: 16 hidden layers of 16, LayerNorm before each activation, He init
//   from torch loaded through --init, relu/gelu/silu; 3 epochs of 5 batches) measured
//   ≤ 4.1e-7 relative in the losses and ≤ 1e-7 in the parameters. It trains at lr 1e-4: at lr
//   1e-3 PyTorch float32 against PyTorch float64 already differs by 2e-5 (relative) in the
//   GELU run's third-epoch loss (16 layers of float32 rounding, amplified by Adam), so no
//   float32 implementation could meet LOSS_REL there. At lr 1e-4 the mutants still land far
//   outside (make_torch_fixtures.py --mutants --case=deep): GELU tanh swap 2.1e-4, Adam bias
//   correction at t+1 ≥ 3.3e-3, eps inside the sqrt ≥ 3.3e-4, LayerNorm eps 1e-4 instead of
//   1e-5 5.7e-6 (relu) to 7.8e-5 (silu).
// - Accuracies: a sample whose logit sits within the float noise of 0 could flip, so ±1 sample
//   is allowed (it never happened in the measured runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACC_SAMPLES,
  LOSS_REL,
  PARAM_ABS,
  deviations as runDeviations,
  flattenState,
  scheduleFlags,
  withinTolerance,
} from './parity-helpers.mjs';

const cli = fileURLToPath(new URL('../../wasm/cli.mjs', import.meta.url));
const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/torch_${name}.json`, import.meta.url), 'utf8'));
const CASES = ['small', 'partial', 'article', 'deep'].map(fixture);

const REPORT = Boolean(process.env.PARITY_REPORT);

const dir = mkdtempSync(join(tmpdir(), 'al-parity-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

// The CLI runs are independent: run as many at once as there are cores.
let slots = Math.max(1, availableParallelism());
const waiting = [];
async function runCli(args) {
  if (slots === 0) await new Promise((go) => waiting.push(go));
  else slots -= 1;
  try {
    return await spawnCli(args);
  } finally {
    if (waiting.length) waiting.shift()();
    else slots += 1;
  }
}

function spawnCli(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Trains `act` from the fixture's initial weights; returns {report, state}. */
const started = new Map();
function train(doc, act, tag = act) {
  const key = `${doc.case}-${tag}`;
  if (!started.has(key)) started.set(key, trainNow(doc, act, tag));
  return started.get(key);
}

async function trainNow(doc, act, tag) {
  const c = doc.config;
  const init = join(dir, `${doc.case}-${tag}-init.json`); // one per run: runs overlap
  const save = join(dir, `${doc.case}-${tag}-final.json`);
  writeFileSync(init, JSON.stringify(doc.init));
  const r = await runCli([
    'train',
    '--act',
    act,
    '--no-shuffle',
    '--init',
    init,
    '--save',
    save,
    '--n',
    String(c.n),
    '--noise',
    String(c.noise),
    '--data-seed',
    String(c.data_seed),
    '--test-fraction',
    String(c.test_fraction),
    ...scheduleFlags(c, 0),
    ...(c.norm ? ['--norm', c.norm] : []),
  ]);
  assert.equal(r.status, 0, r.stderr);
  return { report: JSON.parse(r.stdout), state: JSON.parse(readFileSync(save, 'utf8')) };
}

/** Worst deviations of one CLI run from one PyTorch run (parity-helpers.mjs). */
function deviations(doc, expected, { report, state }) {
  const nTrain = Math.round(doc.config.n * (1 - doc.config.test_fraction));
  return runDeviations(report, flattenState(state), expected, {
    train: nTrain,
    test: doc.config.n - nTrain,
  });
}

// Start every run now (the tests below await theirs), so they overlap.
for (const doc of CASES) {
  for (const act of Object.keys(doc.runs)) train(doc, act).catch(() => {});
  if (doc.runs.gelu) train(doc, 'gelu_tanh', 'swap').catch(() => {});
}

for (const doc of CASES) {
  const c = doc.config;
  for (const act of Object.keys(doc.runs)) {
    test(
      `${doc.case} (hidden ${c.hidden}, lr ${c.lr}, batch ${c.batch}, ${c.epochs} epochs): ` +
        `${act} matches PyTorch ${doc.torch}`,
      async () => {
        const d = deviations(doc, doc.runs[act], await train(doc, act));
        if (REPORT) {
          console.log(
            `MEASURED ${doc.case} ${act}: loss rel ${d.lossRel.toExponential(2)} ` +
              `(vs torch logits summed in double ${d.lossRel64.toExponential(2)}), ` +
              `acc ${d.accSamples} samples, params abs ${d.paramAbs.toExponential(2)} ` +
              `(flat index ${d.paramAt})`,
          );
        }
        assert.ok(d.lossRel <= LOSS_REL, `loss: relative deviation ${d.lossRel} > ${LOSS_REL}`);
        assert.ok(d.accSamples <= ACC_SAMPLES, `accuracy: ${d.accSamples} samples differ`);
        assert.ok(
          d.paramAbs <= PARAM_ABS,
          `final parameters: max |Δ| ${d.paramAbs} > ${PARAM_ABS}`,
        );
      },
    );
  }
}

test('the tolerances catch a GELU exact/tanh swap (negative control)', async () => {
  // Train with the tanh form against PyTorch's exact-GELU run, in every case; the closest is
  // the article's (64x64, lr 0.001: 4.7e-5 relative in the losses). The comparison must fail.
  for (const doc of CASES.filter((d) => d.runs.gelu)) {
    const d = deviations(doc, doc.runs.gelu, await train(doc, 'gelu_tanh', 'swap'));
    if (REPORT) {
      console.log(
        `SWAP ${doc.case} gelu_tanh vs torch gelu: loss rel ` +
          `${d.lossRel.toExponential(2)}, params abs ${d.paramAbs.toExponential(2)}`,
      );
    }
    assert.ok(d.lossRel > 10 * LOSS_REL, `${doc.case}: swap moves losses only ${d.lossRel}`);
    assert.ok(!withinTolerance(d), `${doc.case}: swap not detected`);
  }
});
