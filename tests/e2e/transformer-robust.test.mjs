// The Transformer side under hostile use (issue 28): removed elements end their workers, fields
// check what the core would refuse where the value is set, rejected text is shown escaped.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPage, pollUntil, setup } from './helpers.mjs';
import { test, timedTest } from './parts.mjs';
import { scratchText } from '../../web/js/shared/lm-config.js';

let env;
before(async () => (env = await setup({ figure: 'swap' }))); // the figure under test alone
after(async () => env?.close());

/**
 * Adds `<activation-lab-transformer>` with these attributes and waits until it is ready.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 * @param {Record<string, string>} attributes
 */
async function addTransformer(page, id, attributes) {
  await page.evaluate(
    ([name, attrs]) => {
      const el = Object.assign(document.createElement('activation-lab-transformer'), { id: name });
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      document.body.append(el);
    },
    [id, attributes],
  );
  await page.waitForSelector(`#${id}[ready]`, { timeout: 30000 });
}

test('a removed Transformer element ends every worker it started, mid-run', async () => {
  const { page, context, problems } = await openPage(env, '', {}, 'embed.html#widget=curves');
  const workers = () => page.workers().length;
  await addTransformer(page, 'scratch', { parts: 'scratch', steps: '1500' });
  await page.locator('#scratch [data-act="play"]').click();
  await page.waitForFunction(
    () =>
      [...document.querySelector('#scratch').shadowRoot.querySelectorAll('tbody tr')].some(
        (tr) => tr.dataset.status === 'running',
      ),
    null,
    { timeout: 30000 },
  );
  await pollUntil(page, () => workers() >= 2);
  assert.ok(workers() >= 2, `the from-scratch runs have workers (${workers()})`);
  await page.evaluate(() => document.getElementById('scratch').remove());
  let waited = await pollUntil(page, () => workers() === 0);
  assert.equal(workers(), 0, `from scratch: workers left ${workers()} after ${waited} ms`);

  await addTransformer(page, 'swap', { parts: 'swap,sample,block', k: '2000' });
  await page.locator('#swap [data-act="swap"]').click();
  await page.locator('#swap [data-act="tune"]:not([disabled])').waitFor({ timeout: 60000 });
  await page.locator('#swap [data-act="tune"]').click();
  await pollUntil(page, () => workers() >= 2, 10000);
  assert.ok(workers() >= 2, `the swap and its control fine-tune (${workers()})`);
  await page.evaluate(() => document.getElementById('swap').remove());
  waited = await pollUntil(page, () => workers() === 0);
  assert.equal(workers(), 0, `swap, sample, block: workers left ${workers()} after ${waited} ms`);

  // Inserted and removed again and again: nothing piles up.
  for (let i = 0; i < 3; i++) {
    await addTransformer(page, `again${i}`, { parts: 'scratch,sample' });
    await page.evaluate((id) => document.getElementById(id).remove(), `again${i}`);
  }
  waited = await pollUntil(page, () => workers() === 0);
  assert.equal(workers(), 0, `re-inserted: workers left ${workers()} after ${waited} ms`);
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 28, item 2. The page hands the File to the swap worker, which reads and parses it; what
// was left was the reply: the accepted network's ~9 MB of weights, sent back (for a restore after
// Cancel) as a string, took the page's thread 170–265 ms to receive (a CDP trace showed one
// `w.onmessage` task, nearly all of it SerializedScriptValueFactory::deserialize). They now travel
// as UTF-8 bytes in a transferred buffer. Only tasks from the moment the file is chosen count:
// the article's other figures drawing their first frames are not the import's doing. The time
// depends on the machine (197 ms before the fix on one run), so the test also checks the cause
// itself: no message from a worker brings the page a string of a megabyte or more.
timedTest(
  'a large accepted weight file is read in the swap worker: no main-thread task over 200 ms',
  async () => {
    const { loadModule } = await import('../../wasm/module.mjs');
    const M = await loadModule();
    // The largest network the swap panel accepts at its n (4 × 512), written with 17 digits per
    // number, as some exporters do: about 16 MB of JSON.
    const e = new M.Experiment(JSON.stringify({ hidden: [512, 512, 512, 512], val_fraction: 0.2 }));
    const state = JSON.parse(e.stateJson());
    e.delete();
    const text = JSON.stringify(state, (_, v) =>
      typeof v === 'number' ? v.toPrecision(17) : v,
    ).replace(/"(-?[\d.e+-]+)"/g, '$1');
    const mb = text.length / 2 ** 20;
    assert.ok(mb > 15 && mb < 20, `file of ${mb.toFixed(1)} MB`);
    const { page, context, problems } = await openPage(env, '#whidden=8');
    await page.evaluate(() => {
      // The longest string in any message a worker posts to the page (read where it arrives).
      globalThis.__longestString = 0;
      const longest = (/** @type {unknown} */ v, depth = 0) => {
        if (typeof v === 'string') return v.length;
        if (!v || typeof v !== 'object' || ArrayBuffer.isView(v) || depth > 4) return 0;
        return Math.max(0, ...Object.values(v).map((x) => longest(x, depth + 1)));
      };
      const Base = globalThis.Worker;
      globalThis.Worker = class extends Base {
        constructor(/** @type {[string | URL, WorkerOptions?]} */ ...args) {
          super(...args);
          this.addEventListener('message', (event) => {
            globalThis.__longestString = Math.max(globalThis.__longestString, longest(event.data));
          });
        }
      };
    });
    await page.waitForSelector('#swap-import');
    await page.evaluate(() => {
      globalThis.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const t of list.getEntries()) globalThis.__longTasks.push(t);
      }).observe({ type: 'longtask' });
    });
    // (a path, not a buffer: the local browser reads it itself; kept until the page has read it)
    const dir = mkdtempSync(join(tmpdir(), 'al-big-'));
    try {
      writeFileSync(join(dir, 'big.json'), text);
      const t0 = Date.now();
      const since = await page.evaluate(() => performance.now());
      await page.locator('#swap-import').setInputFiles(join(dir, 'big.json'));
      await page.waitForFunction(
        () =>
          document.querySelector('#swap-whidden')?.value === '512x4' ||
          document.querySelector('#swap-import-err')?.textContent,
        null,
        { timeout: 120000 },
      );
      const seconds = (Date.now() - t0) / 1000;
      assert.equal(await page.locator('#swap-import-err').textContent(), '');
      await page.waitForTimeout(500);
      const longest = await page.evaluate((from) => {
        const tasks = globalThis.__longTasks.filter((t) => t.startTime + t.duration >= from);
        return Math.round(Math.max(0, ...tasks.map((t) => t.duration)));
      }, since);
      console.log(
        `${mb.toFixed(1)} MB accepted in ${seconds.toFixed(1)} s; longest main-thread task ${longest} ms`,
      );
      assert.ok(longest <= 200, `longest main-thread task ${longest} ms`);
      const acc = await page.locator('[data-board="pretrained"]').first().getAttribute('data-acc');
      assert.ok(Number(acc) > 0, `the imported network's accuracy: ${acc}`);
      // Downloaded again: the same network, its weights never sent to the page as a string.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('[data-export="weights"]'),
      ]);
      const back = JSON.parse(await readFile(await download.path(), 'utf8'));
      assert.deepEqual(Object.keys(back), Object.keys(state));
      assert.equal(Math.fround(back['6.weight'][3][7]), Math.fround(state['6.weight'][3][7]));
      const chars = await page.evaluate(() => globalThis.__longestString);
      assert.ok(chars < 2 ** 20, `a worker sent the page a string of ${chars} characters`);
      assert.deepEqual(problems, []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await context.close();
    }
  },
);

// Issue 28, item 5: the fields allow 100000 steps, but a run over the core's compute budget
// (max_run_flops, ~33,000 steps of the reference model on the corpus's 96 characters) used to fail
// only after a click. It is refused where the value is set, once, with the default kept.
/** The shadow root's text of one element: the field's error and the whole figure. */
const shownText = (page, id, selector) =>
  page.evaluate(
    ([name, sel]) => document.getElementById(name).shadowRoot.querySelector(sel)?.textContent ?? '',
    [id, selector],
  );

/** Waits until a field of the element `id` is marked invalid ('true') or valid ('false'). */
const invalid = (page, id, field, state) =>
  page.waitForFunction(
    ([name, sel, want]) =>
      document
        .getElementById(name)
        .shadowRoot.querySelector(`#${sel}`)
        ?.getAttribute('aria-invalid') === want,
    [id, field, state],
    { timeout: 20000 },
  );

test('steps over the compute budget are refused where they are set, once (issue 28.5)', async () => {
  const { page, context, problems } = await openPage(env, '', {}, 'embed.html#widget=curves');
  // The boundaries, from the core: the reference model from scratch, and fine-tuning that goes on
  // from the shipped model's steps in its own configuration (data/lm-pretrained.json).
  const { loadModule } = await import('../../wasm/module.mjs');
  const M = await loadModule();
  const { max_run_flops: max } = JSON.parse(M.lmConfigLimitsJson());
  const read = (file) => readFileSync(new URL(`../../dist/data/${file}`, import.meta.url), 'utf8');
  const flops = (config, text) => JSON.parse(M.lmFlopsJson(JSON.stringify(config), text));
  const shipped = JSON.parse(
    readFileSync(new URL('../../dist/data/lm-pretrained.json', import.meta.url), 'utf8'),
  ).gelu;
  const tuneStep = flops(shipped.config, read(shipped.text)).step;
  const kMax = Math.floor((max - shipped.steps * tuneStep) / tuneStep);
  const scratchMax = Math.floor(max / flops({}, scratchText(read('jargon.txt'))).step);
  assert.ok(kMax >= 200 && scratchMax < 100000, `k up to ${kMax}, from scratch ${scratchMax}`);
  await addTransformer(page, 'scratch', { parts: 'scratch', steps: String(scratchMax + 1) });
  const errorOf = (id, key) => shownText(page, id, `#lm-${id}-${key}-err`);
  await invalid(page, 'scratch', 'lm-scratch-lsteps', 'true');
  const scratchError = await errorOf('scratch', 'lsteps');
  assert.match(scratchError, new RegExp(`${scratchMax + 1}.*GFLOP`), scratchError);
  assert.equal(await page.locator('#scratch #lm-scratch-lsteps').inputValue(), '1500');
  assert.ok(await page.locator('#scratch [data-act="play"]').isEnabled(), 'the default runs');
  assert.doesNotMatch(await shownText(page, 'scratch', '[data-progress]'), /GFLOP/);

  // The swap: one step past the budget is refused.
  await addTransformer(page, 'swap', { parts: 'swap', k: String(kMax + 1) });
  await invalid(page, 'swap', 'lm-swap-lk', 'true');
  const figure = await shownText(page, 'swap', '.ev-panel');
  assert.equal(figure.split('GFLOP').length - 1, 2, `one message (need and max): ${figure}`);
  assert.match(await errorOf('swap', 'lk'), new RegExp(`${kMax + 1}.*GFLOP`));
  assert.match(await shownText(page, 'swap', '[data-act="tune"]'), /200/, 'the default k');
  // Within the budget: accepted.
  await page.evaluate((k) => document.getElementById('swap').setAttribute('k', k), String(kMax));
  await invalid(page, 'swap', 'lm-swap-lk', 'false');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a failed run from scratch leaves no row "loading" and announces the failure (issue 28.5)', async () => {
  const { page, context } = await openPage(env, '', {}, 'embed.html#widget=curves');
  await addTransformer(page, 'scratch', { parts: 'scratch', steps: '20' });
  // The workers cannot read the corpus: every model's start fails.
  await context.route('**/data/jargon.txt', (route) => route.abort());
  await page.locator('#scratch [data-act="play"]').click();
  await page.waitForFunction(
    () => document.getElementById('scratch').shadowRoot.querySelector('[data-phase="finished"]'),
    null,
    { timeout: 30000 },
  );
  const state = await page.evaluate(() => {
    const root = document.getElementById('scratch').shadowRoot;
    return {
      phase: root.querySelector('[data-phase]')?.getAttribute('data-phase'),
      statuses: [...root.querySelectorAll('tbody tr')].map((tr) => tr.dataset.status),
      announce: root.querySelector('[data-announce]')?.textContent ?? '',
      progress: root.querySelector('[data-progress]')?.textContent ?? '',
    };
  });
  assert.equal(state.phase, 'finished', JSON.stringify(state));
  assert.ok(state.statuses.length >= 2, JSON.stringify(state));
  for (const s of state.statuses)
    assert.ok(!['loading', 'running'].includes(s), JSON.stringify(state));
  assert.equal(state.announce, state.progress, 'the failure is announced, not a result');
  await context.close();
});
