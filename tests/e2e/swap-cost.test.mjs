// The pretrained swap (drop, then recovery; the tanh form barely moves), the cost panel (a positive
// throughput for every kernel, SIMD or scalar, ranked as the core's own rates rank them) and the
// weights' round trip (export, then import into a fresh page: the same outputs).
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dist, openPage, screenshot, setup } from './helpers.mjs';
import { test, timedTest } from './parts.mjs';

let env;
before(async () => (env = await setup()));

/** Whether the core's SIMD gelu_tanh kernel disagrees with its scalar reference on [-20, 20]. */
async function tanhKernelBroken() {
  const { default: createModule } = await import(join(dist, 'wasm', 'activation-lab.mjs'));
  const M = await createModule();
  const xs = Float32Array.from({ length: 4001 }, (_, i) => -20 + i * 0.01);
  const simd = M.evaluate('gelu_tanh', false, false, xs),
    scalar = M.evaluate('gelu_tanh', false, true, xs);
  return simd.some((v, i) => Math.abs(v - scalar[i]) > 1e-6 * Math.max(1, Math.abs(scalar[i])));
}
// Known core bug (reported): the SIMD gelu_tanh kernel is wrong for about 10 <= |x| <= 20, where
// e^{-2u} over/underflows. Until it is fixed the tanh-swap check is a TODO; after, it is strict.
const TANH_TODO =
  (await tanhKernelBroken()) &&
  'core: SIMD gelu_tanh wrong for 10 <= |x| <= 20 (exp over/underflow)';
after(async () => env?.close());

const swap = '[data-widget="swap"]',
  cost = '[data-widget="cost"]';
const num = (page, sel, attr) => page.locator(sel).getAttribute(attr).then(Number);

/**
 * ReLU's and GELU's forward SIMD rates as the core returns them, asked on the page itself (the
 * same module the worker loads) and summed up as the panel sums up its rounds: the median of five
 * interleaved calls, each the best of three timings over 64 K floats.
 * @param {import('playwright-core').Page} page
 */
const coreRates = (page) =>
  page.evaluate(async () => {
    const { default: createModule } = await import(
      new URL('wasm/activation-lab.mjs', document.baseURI).href
    );
    const M = await createModule();
    /** @type {{relu: number[], gelu: number[]}} */
    const rates = { relu: [], gelu: [] };
    for (let round = 0; round < 5; round++)
      for (const fn of /** @type {const} */ (['relu', 'gelu']))
        rates[fn].push(M.benchActivation(fn, false, false, 1 << 16, 3));
    const median = (/** @type {number[]} */ xs) => xs.sort((a, b) => a - b)[2];
    return { relu: median(rates.relu), gelu: median(rates.gelu) };
  });

test('swapping a GELU network to ReLU drops its accuracy, fine-tuning recovers it', async () => {
  const { page, context, problems } = await openPage(env, '#wk=10', { figure: 'swap' });
  await page.locator(swap).scrollIntoViewIfNeeded();
  await page.click(`${swap} [data-act="pretrain"]`);
  await page.waitForSelector(`${swap}[data-stage="pretrained"]`, { timeout: 60000 });
  await page.click(`${swap} [data-act="swap"]`);
  await page.waitForSelector(`${swap}[data-stage="swapped"]`);
  await page.click(`${swap} [data-act="finetune"]`);
  await page.waitForSelector(`${swap}[data-stage="finetuned"]`, { timeout: 60000 });
  const acc = (stage) => num(page, `${swap} [data-board="${stage}"]`, 'data-acc');
  const [pre, swapped, tuned] = [
    await acc('pretrained'),
    await acc('swapped'),
    await acc('finetuned'),
  ];
  assert.ok(pre > 0.94, `pretrained ${pre}`);
  assert.ok(pre - swapped >= 0.02, `drop ${pre} -> ${swapped}`);
  assert.ok(tuned >= pre - 0.01, `recovery ${tuned} vs ${pre}`);
  await screenshot(page.locator(swap), 'evidence-swap');
  // every plot downloads as a PNG image
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${swap} [data-png="finetuned"]`),
  ]);
  const bytes = await readFile(await png.path());
  assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.match(png.suggestedFilename(), /^activation-lab-swap-finetuned-.*\.png$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('swapping GELU for its tanh form barely changes the output', { todo: TANH_TODO }, async () => {
  const { page, context, problems } = await openPage(env, '#wa=gelu&wb=gelu_tanh', {
    figure: 'swap',
  });
  await page.click(`${swap} [data-act="pretrain"]`);
  await page.waitForSelector(`${swap}[data-stage="pretrained"]`, { timeout: 60000 });
  const pre = await num(page, `${swap} [data-board="pretrained"]`, 'data-acc');
  await page.click(`${swap} [data-act="swap"]`);
  await page.waitForSelector(`${swap}[data-stage="swapped"]`);
  const maxDiff = await num(page, `${swap} [data-result]`, 'data-max-diff');
  assert.ok(maxDiff < 0.01, `GELU -> GELU (tanh) moved the output by up to ${maxDiff}`);
  assert.ok(
    Math.abs((await num(page, `${swap} [data-board="swapped"]`, 'data-acc')) - pre) <= 0.005,
  );
  assert.match(
    await page.locator(`${swap} [data-result]`).textContent(),
    /barely changes anything/,
  );
  assert.deepEqual(problems, []);
  await context.close();
});

// One measurement (it keeps a core busy for seconds) serves both: every rate is positive, and the
// panel ranks the kernels as the core's own rates do (each round's rate is the one benchActivation
// returns, web/js/cost/kernel-rounds.js), draws in grey the bars it cannot rank, and opens on its
// toolbar with no empty strip above it. Timed (run alone): it compares two timings, and a second
// browser beside them once made them differ by 2.1x (CI: panel 28.3x, core 59.7x).
timedTest(
  "the cost panel measures a positive throughput for every activation and ranks as the core's rates do",
  async () => {
    const { page, context, problems } = await openPage(env, '', { figure: 'cost' });
    await page.locator(cost).scrollIntoViewIfNeeded(); // measuring starts when the panel is seen
    await page.waitForSelector(`${cost}[data-state="done"]`, { timeout: 90000 });
    const cells = page.locator(`${cost} [data-rate]`);
    // Four rates (SIMD and scalar, value and derivative) per activation the core lists, and one
    // epoch time each: ELU joined the list with the image experiment.
    const epochs = await page.locator(`${cost} [data-epoch]`).count();
    assert.ok(epochs >= 5, `${epochs} activations timed`);
    assert.equal(await cells.count(), 4 * epochs);
    for (const v of await cells.evaluateAll((els) => els.map((e) => Number(e.dataset.value))))
      assert.ok(v > 0, `rate ${v}`);
    for (const fn of ['relu', 'gelu', 'gelu_tanh', 'silu'])
      assert.ok((await num(page, `${cost} [data-epoch="${fn}"]`, 'data-value')) > 0);
    assert.ok((await num(page, `${cost} [data-ratio="gelu_relu"]`, 'data-value')) > 0);
    assert.match(await page.locator(`${cost} [data-build]`).textContent(), /SIMD/);
    await screenshot(page.locator(cost), 'evidence-cost');

    const card = page.locator(`${cost} [data-ratio="gelu_relu"]`);
    const ratio = Number(await card.getAttribute('data-value'));
    const cell = (/** @type {string} */ fn) =>
      page
        .locator(`${cost} [data-rate="${fn}/value_simd"]`)
        .getAttribute('data-value')
        .then(Number);
    const panel = { relu: await cell('relu'), gelu: await cell('gelu') };
    const core = await coreRates(page);
    const coreRatio = core.relu / core.gelu;
    assert.ok(coreRatio > 1.5, `the core times ReLU faster than GELU: ${coreRatio}`);
    assert.equal(await card.getAttribute('data-verdict'), 'ranked');
    assert.equal(ratio, panel.relu / panel.gelu, 'the card is the ratio of the table’s medians');
    // Same order and the same size within a busy machine's reach, 3x: the fault this guards against
    // was 16x (the panel once said 1.3 for 21).
    const off = Math.max(ratio / coreRatio, coreRatio / ratio);
    assert.ok(off < 3, `panel ${ratio.toFixed(1)}× against the core's ${coreRatio.toFixed(1)}×`);
    for (const fn of ['relu', 'gelu'])
      assert.ok(
        panel[fn] / core[fn] < 3 && core[fn] / panel[fn] < 3,
        `${fn}: ${panel[fn]} vs ${core[fn]}`,
      );

    // The bars are drawn in colour exactly where the cards rank (value kernels, against ReLU).
    const ranked = new Set(
      ((await page.locator(`${cost} [data-plot] canvas`).getAttribute('data-ranked')) ?? '')
        .split(' ')
        .filter(Boolean),
    );
    const cards = await page
      .locator(`${cost} [data-ratio$="_relu"]:not([data-ratio^="epoch"])`)
      .evaluateAll((els) => els.map((e) => [e.dataset.ratio, e.dataset.verdict]));
    assert.ok(cards.length >= 4);
    for (const [id, verdict] of cards)
      assert.equal(
        ranked.has(`${id.replace(/_relu$/, '')}/value`),
        verdict === 'ranked',
        `${id}: ${verdict}`,
      );

    // No empty strip: the toolbar's button sits at the panel's padding, not a margin and rule below.
    const gap = await page.locator(`${cost} .ev-panel`).evaluate((panelEl) => {
      const button = /** @type {HTMLElement} */ (panelEl.querySelector('[data-act="measure"]'));
      const pad = parseFloat(getComputedStyle(panelEl).paddingTop);
      return button.getBoundingClientRect().top - panelEl.getBoundingClientRect().top - pad;
    });
    assert.ok(gap < 4, `${gap.toFixed(1)} px between the panel's padding and its first control`);
    await screenshot(page.locator(cost), 'cost-ranked');
    assert.deepEqual(problems, []);
    await context.close();
  },
);

test('without WASM SIMD the cost panel says the scalar build runs, and still measures', async () => {
  const { page, context, problems } = await openPage(env, '?engine=scalar', { figure: 'cost' }); // the page's own hook
  await page.locator(cost).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${cost}[data-state="done"]`, { timeout: 60000 });
  assert.match(
    await page.locator(`${cost} [data-build]`).textContent(),
    /does not support WebAssembly SIMD.*scalar build/,
  );
  for (const v of await page
    .locator(`${cost} [data-rate]`)
    .evaluateAll((els) => els.map((e) => Number(e.dataset.value))))
    assert.ok(v > 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('exported weights re-import into a fresh page with the same outputs; bad files are refused', async () => {
  const hash = '#wepochs=15&whidden=32,16&wseed=5';
  const first = await openPage(env, hash, { figure: 'swap' });
  await first.page.click(`${swap} [data-act="pretrain"]`);
  await first.page.waitForSelector(`${swap}[data-stage="pretrained"]`, { timeout: 60000 });
  const probe = JSON.parse(await first.page.locator(swap).getAttribute('data-probe'));
  const [download] = await Promise.all([
    first.page.waitForEvent('download'),
    first.page.click(`${swap} [data-export="weights"]`),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  assert.deepEqual(Object.keys(JSON.parse(text)), [
    '0.weight',
    '0.bias',
    '2.weight',
    '2.bias',
    '4.weight',
    '4.bias',
  ]);
  assert.match(
    await first.page.locator(`${swap} [data-snippet]`).textContent(),
    /nn\.Linear\(2, 32\), nn\.GELU\(\), nn\.Linear\(32, 16\)/,
  );
  await first.context.close();

  // a fresh page with another architecture in its settings: the file's shapes decide
  const second = await openPage(env, '#wseed=9', { figure: 'swap' });
  const file = (name, content) => ({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(content),
  });
  const input = second.page.locator('#swap-import');
  const error = second.page.locator('#swap-import-err');
  await input.setInputFiles(file('broken.json', '{"0.weight": [[1, 2]'));
  await second.page.waitForFunction(
    () => document.querySelector('#swap-import-err').textContent !== '',
  );
  // The core reads the file (as the CLI's --init does) and its message says what is wrong.
  assert.match(
    await error.textContent(),
    /broken\.json was refused: state_dict: JSON: unexpected end/,
  );
  const bad = JSON.parse(text);
  bad['2.bias'] = bad['2.bias'].slice(1);
  await input.setInputFiles(file('short.json', JSON.stringify(bad)));
  await second.page.waitForFunction(() =>
    /refused/.test(document.querySelector('#swap-import-err').textContent),
  );
  assert.match(await error.textContent(), /2\.bias/);
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  await input.setInputFiles(file('weights.json', text));
  await second.page.waitForSelector(`${swap}[data-stage="pretrained"]`, { timeout: 60000 });
  assert.equal(await error.textContent(), '');
  assert.deepEqual(JSON.parse(await second.page.locator(swap).getAttribute('data-probe')), probe);
  assert.equal(await second.page.locator('#swap-whidden').inputValue(), '32, 16');
  await screenshot(second.page.locator(swap), 'evidence-import');
  assert.deepEqual(first.problems, []);
  assert.deepEqual(second.problems, []);
  await second.context.close();
});
