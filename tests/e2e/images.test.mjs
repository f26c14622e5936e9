// The paper's test on images (web/js/images/): nothing is fetched before Train; a short run of
// three seeds on a small part of the subset draws a median loss curve per activation and states
// each median test accuracy with its range (in the table, the caption and the "More" text of the
// section), a gallery with each network's guesses and a confusion matrix per network whose
// diagonal agrees with the table; keyboard, axe (light and dark), pt-PT on a phone; Cancel ends
// every worker; a bad setting gets the core's one line and no run; both image workers train in
// slices, so that a stop signal ends a run mid-epoch at once.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dist, openPage, pollUntil, screenshot, setup } from './helpers.mjs';
import { test, timedTest } from './parts.mjs';
import { axeViolations } from './axe.mjs';
import { loadModule } from '../../wasm/module.mjs';

let env;
before(async () => (env = await setup({ figure: 'images' }))); // the figure under test alone
after(() => env.close());

const FIG = 'figure[data-widget="images"]';
const SUBSET = /data\/fashion-mnist\.bin$/;
const ACTS = ['relu', 'elu', 'gelu'];

/** Per activation: the table's seeds-done cell and data-acc (the median test accuracy). */
const rows = (page) =>
  page.$$eval(`${FIG} tbody[data-rows] tr`, (trs) =>
    trs.map((tr) => ({
      act: tr.getAttribute('data-act'),
      runs: tr.querySelector('[data-col="runs"]')?.textContent,
      acc: Number(tr.getAttribute('data-acc')),
    })),
  );

/** Workers running the image worker now. */
const imageWorkers = (page) => page.workers().filter((w) => /image-worker\.js/.test(w.url()));

/** The gallery: per image its class and per network the guess, its mark and the hidden word. */
const galleryOf = (page) =>
  page.$$eval(`${FIG} .images-gallery > li`, (lis) =>
    lis.map((li) => ({
      label: li.querySelector('[data-true]')?.textContent,
      alt: li.querySelector('canvas')?.getAttribute('aria-label'),
      guesses: [...li.querySelectorAll('.images-guesses li')].map((g) => ({
        act: g.getAttribute('data-act'),
        right: g.classList.contains('right'),
        mark: g.querySelector('.mark')?.textContent,
        word: g.querySelector('.visually-hidden')?.textContent,
      })),
    })),
  );

/** The confusion matrix shown: its network, counts, diagonal and total. */
const matrixOf = (page) =>
  page.$eval(`${FIG} table[data-confusion]`, (t) => ({
    act: t.getAttribute('data-act'),
    right: Number(t.getAttribute('data-right')),
    total: Number(t.getAttribute('data-total')),
    cells: [...t.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => Number(td.textContent)),
    ),
  }));

test('Train: three seeds of each network, median curves and accuracies, gallery and confusion matrices; the subset fetched only then', async () => {
  const { page, context, problems, offOrigin } = await openPage(
    env,
    '#iepochs=2&intrain=600&intest=300&iseed=3&iseeds=3',
  );
  const fetched = [];
  page.on('request', (r) => SUBSET.test(r.url()) && fetched.push(r.url()));
  await page.waitForSelector(`${FIG} [data-act="train"]`);
  assert.equal(await page.inputValue('#images-iepochs'), '2', 'epochs from the hash');
  assert.equal(await page.inputValue('#images-iseeds'), '3', 'seeds from the hash');
  assert.match(await page.textContent('#images-iseeds-hint'), /1–5/, "the core's range");
  assert.deepEqual(fetched, [], 'no subset before Train');
  assert.equal(await page.isVisible(`${FIG} [data-results]`), false, 'no gallery before a run');
  const blank = await page.$eval(`${FIG} canvas`, (c) => c.toDataURL());

  await page.click(`${FIG} [data-act="train"]`);
  await page.waitForSelector(`${FIG}[data-state="done"], ${FIG}[data-state="failed"]`, {
    timeout: 400000,
  });
  assert.equal(await page.getAttribute(FIG, 'data-state'), 'done', await page.textContent(FIG));
  // Once for the page, not once per worker: the three workers get the bytes from it.
  assert.equal(fetched.length, 1, `the subset fetched once on Train: ${fetched.join(', ')}`);

  const r = await rows(page);
  assert.deepEqual(
    r.map((x) => x.act),
    ACTS,
  );
  for (const x of r) {
    assert.equal(x.runs, '3 of 3', `${x.act}: three seeds`);
    assert.ok(x.acc > 0 && x.acc <= 1, `${x.act}: test accuracy ${x.acc}`);
  }
  const drawn = await page.$eval(`${FIG} canvas`, (c) => c.toDataURL());
  assert.notEqual(drawn, blank, 'the curves are drawn');
  const takeaway = await page.textContent(`${FIG} [data-takeaway]`);
  const item = (name) => `${name} (\\d+\\.\\d)% \\((\\d+\\.\\d)% to (\\d+\\.\\d)%\\)`;
  const said = new RegExp(
    `After 2 epochs with dropout 0\\.5, median test accuracy over your 3 seeds: ${item('ReLU')}, ${item('ELU')}, ${item('GELU')}\\.`,
  ).exec(takeaway);
  assert.ok(said, takeaway);
  r.forEach((x, i) => {
    const [acc, lo, hi] = said.slice(1 + 3 * i, 4 + 3 * i).map(Number);
    assert.equal(
      acc,
      Number((100 * x.acc).toFixed(1)),
      `${x.act}: the sentence says the table's median`,
    );
    assert.ok(lo <= acc && acc <= hi, `${x.act}: ${lo} ≤ ${acc} ≤ ${hi}`);
  });
  assert.match(
    await page.textContent('[data-images-own]'),
    /your 3 seeds gave median test accuracy ReLU/,
  );
  await pollUntil(page, () => imageWorkers(page).length === 0);
  assert.equal(imageWorkers(page).length, 0, 'the workers end with the run');

  // The gallery: 12 test images, the first of each class among them, each network's guess.
  const g = await galleryOf(page);
  assert.equal(g.length, 12);
  assert.equal(new Set(g.map((x) => x.label)).size, 10, 'every class is shown');
  for (const x of g) {
    assert.match(x.alt, new RegExp(`Test image of class ${x.label.replace(/[/]/g, '\\/')}`));
    assert.deepEqual(
      x.guesses.map((y) => y.act),
      ACTS,
    );
    for (const y of x.guesses) {
      assert.equal(
        y.mark,
        y.right ? '✓' : '✗',
        'a wrong guess is marked by a sign, not colour alone',
      );
      assert.equal(y.word, y.right ? 'right' : 'wrong');
    }
  }

  // The confusion matrix of each network: its diagonal is the median run's accuracy, the table's.
  for (const [i, act] of ACTS.entries()) {
    await page.selectOption('#images-confusion-act', act);
    const m = await matrixOf(page);
    assert.equal(m.act, act);
    assert.equal(m.total, 300);
    assert.equal(m.cells.length, 10);
    assert.equal(
      m.cells.reduce((s, row, k) => s + row[k], 0),
      m.right,
    );
    assert.equal(
      m.cells.flat().reduce((s, c) => s + c, 0),
      300,
    );
    assert.equal(
      m.right / m.total,
      r[i].acc,
      `${act}: diagonal share = the table's median accuracy`,
    );
  }
  // Keyboard: the select is reached with Tab and changed with the arrow keys.
  await page.focus('#images-confusion-act');
  await page.selectOption('#images-confusion-act', 'relu');
  await page.keyboard.press('ArrowDown');
  assert.equal((await matrixOf(page)).act, 'elu', 'the arrow key picked the next network');
  await page.keyboard.press('Tab');
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('role')),
    'region',
    "Tab goes on to the matrix's scrollable region",
  );

  await page.locator(FIG).scrollIntoViewIfNeeded();
  await screenshot(page.locator(FIG), 'images-done');
  const mine = (await axeViolations(page)).filter((v) => /images/.test(v));
  assert.deepEqual(mine, []);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = (await axeViolations(page)).filter((v) => /images/.test(v));
  assert.deepEqual(dark, [], 'dark mode');
  await screenshot(page.locator(FIG), 'images-done-dark');
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('pt-PT on a phone: one seed, the class names and the sentence in Portuguese', async () => {
  const { page, context, problems } = await openPage(
    env,
    '#iepochs=1&intrain=300&intest=200&iseeds=1&idrop=0',
    { viewport: { width: 360, height: 800 } },
    'pt/',
  );
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  await page.click(`${FIG} [data-act="train"]`);
  await page.waitForSelector(`${FIG}[data-state="done"], ${FIG}[data-state="failed"]`, {
    timeout: 240000,
  });
  assert.equal(await page.getAttribute(FIG, 'data-state'), 'done', await page.textContent(FIG));
  assert.match(
    await page.textContent(`${FIG} [data-takeaway]`),
    /Após 1 época sem dropout, uma semente, exatidão de teste: ReLU \d+,\d\s?%, ELU \d+,\d\s?%, GELU \d+,\d\s?%\./,
  );
  const names = new Set((await galleryOf(page)).map((x) => x.label));
  for (const n of [
    'T-shirt/top',
    'Calças',
    'Camisola',
    'Vestido',
    'Casaco',
    'Sandália',
    'Camisa',
    'Sapatilha',
    'Mala',
    'Botim',
  ])
    assert.ok(names.has(n), `${n} in the gallery`);
  const wide = await page.$eval(
    `${FIG}`,
    (f) => f.scrollWidth <= document.documentElement.clientWidth + 1,
  );
  assert.ok(wide, 'the figure fits a 360 px phone (the matrix scrolls in its own region)');
  await screenshot(page.locator(FIG), 'images-pt-phone');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Cancel ends the three workers; a bad setting gets one line and no run', async () => {
  const { page, context, problems } = await openPage(env, '#iepochs=50&intrain=2000&intest=200');
  await page.waitForSelector(`${FIG} [data-act="train"]`);
  await page.click(`${FIG} [data-act="train"]`);
  await pollUntil(page, () => imageWorkers(page).length === 3, 20000);
  assert.equal(imageWorkers(page).length, 3, 'one worker per activation');
  await page.click(`${FIG} [data-act="cancel"]`);
  assert.equal(await page.getAttribute(FIG, 'data-state'), 'cancelled');
  await pollUntil(page, () => imageWorkers(page).length === 0, 20000);
  assert.equal(imageWorkers(page).length, 0, 'Cancel ended the workers');
  assert.equal(await page.isDisabled(`${FIG} [data-act="train"]`), false);

  await page.fill('#images-iepochs', '0');
  await page.press('#images-iepochs', 'Enter');
  assert.match(
    await page.textContent('#images-iepochs-err'),
    /epochs must be an integer in \[1, 10000\]/,
  );
  assert.equal(await page.getAttribute('#images-iepochs', 'aria-invalid'), 'true');
  await page.fill('#images-iseeds', '6');
  await page.press('#images-iseeds', 'Enter');
  assert.match(await page.textContent('#images-iseeds-err'), /6 is outside 1–5/);
  await page.click(`${FIG} [data-act="train"]`);
  assert.equal(await page.getAttribute(FIG, 'data-state'), 'cancelled', 'no run on a bad setting');
  assert.deepEqual(problems, []);
  await context.close();
});

timedTest(
  'the image workers train in slices: a stop signal mid-epoch ends the run at once',
  async () => {
    const { page, context, problems } = await openPage(env);
    const outcomes = await page.evaluate(async () => {
      const subset = new Uint8Array(await (await fetch('data/fashion-mnist.bin')).arrayBuffer());
      const small = { hidden: [16], n_train: 100, n_test: 100, epochs: 1 };
      // The paper's network on the whole subset: an epoch takes about a second or more.
      const big = { hidden: [128, 128, 128, 128, 128, 128, 128, 128], n_train: 8000, n_test: 100 };
      const results = [];
      for (const [url, request] of [
        ['js/images/image-worker.js', (config) => ({ config, subset })],
        ['js/seeds/image-seed-worker.js', (config) => ({ task: { id: 't', config }, subset })],
      ]) {
        const worker = new Worker(url, { type: 'module' });
        let id = 0;
        const train = (config) =>
          new Promise((resolve) => {
            const me = ++id;
            const t0 = performance.now();
            const ends = []; // when each epoch was recorded
            worker.addEventListener('message', function on({ data }) {
              if (data.id !== me) return;
              if (data.type === 'progress') return void ends.push(performance.now());
              worker.removeEventListener('message', on);
              const at = performance.now();
              const epochMs = ends.length ? ends[0] - t0 : at - t0; // (the first epoch, at least)
              resolve({ type: data.type, message: data.message, epochs: ends.length, at, epochMs });
            });
            worker.postMessage({ id: me, cmd: 'train', ...request(config) });
          });
        // First a small run: the core is loaded and the subset kept, so the next one trains at once.
        const warm = await train(small);
        const run = train({ ...big, epochs: 20 });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const sent = performance.now();
        worker.postMessage({ cmd: 'stop' });
        const stopped = await run;
        worker.terminate();
        results.push({ url, warm: warm.type, ...stopped, ms: stopped.at - sent });
      }
      return results;
    });
    for (const o of outcomes) {
      assert.equal(o.warm, 'done', `${o.url}: the small run`);
      assert.equal(o.type, 'error', `${o.url}: the stopped run fails`);
      assert.equal(o.message, 'stopped', o.url);
      assert.ok(o.epochs < 20, `${o.url}: stopped after ${o.epochs} epochs`);
      // Within a slice (~50 ms), not at the end of an epoch.
      const took = `${o.url}: the stop took ${o.ms.toFixed(0)} ms, an epoch ${o.epochMs.toFixed(0)}`;
      assert.ok(o.ms < 1000 && o.ms < o.epochMs / 2, took);
      console.log(`MEASURED ${took}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  },
);

test('an embedded figure removed mid-run ends its workers', async () => {
  const { page, context, problems } = await openPage(
    env,
    '',
    {},
    'embed.html#widget=images&epochs=50&n-train=2000&n-test=200',
  );
  const el = 'activation-lab-images';
  await page.waitForSelector(`${el}[ready]`, { timeout: 60000 });
  await page.locator(`${el} [data-act="train"]`).click();
  await pollUntil(page, () => imageWorkers(page).length === 3, 20000);
  assert.equal(imageWorkers(page).length, 3);
  await page.evaluate(() => document.querySelector('activation-lab-images')?.remove());
  await pollUntil(page, () => imageWorkers(page).length === 0, 20000);
  assert.equal(imageWorkers(page).length, 0, 'removal ended the workers');
  assert.deepEqual(problems, []);
  await context.close();
});

test("the many-seeds study runs the paper's test: the core's accuracies, paired by seed", async () => {
  const seeds = '[data-widget="seeds"]';
  const { page, context, problems, offOrigin } = await openPage(
    env,
    '#smodel=images&sia=relu&sib=gelu&siseeds=2&siseed=7&siepochs=1&sintrain=200&sintest=100',
    { figure: 'seeds' },
  );
  await page.locator(seeds).scrollIntoViewIfNeeded();
  assert.equal(await page.locator('#seeds-smodel').inputValue(), 'images');
  assert.equal(await page.locator(`${seeds} [data-mlp-form]`).isHidden(), true);
  assert.equal(await page.locator(`${seeds} [data-images-form]`).isHidden(), false);
  assert.equal(await page.locator('#seeds-siseeds').inputValue(), '2');
  assert.match(await page.locator(`${seeds} [data-protocol]`).textContent(), /no validation set/);
  await page.click(`${seeds} [data-act="run"]`);
  await page.waitForSelector(`${seeds}[data-state="finished"], ${seeds}[data-state="failed"]`, {
    timeout: 240000,
  });
  assert.equal(await page.getAttribute(seeds, 'data-state'), 'finished');
  assert.match(await page.locator(`${seeds} [data-progress]`).textContent(), /^Done: 4 runs in/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${seeds} [data-export="json"]`),
  ]);
  const doc = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.deepEqual(doc.seeds, [7, 8]);
  assert.equal(doc.runs.length, 4);

  // The same runs in Node on the shipped subset: the test accuracies are the core's, bit for bit.
  const M = await loadModule();
  const subset = new Uint8Array(await readFile(join(dist, 'data', 'fashion-mnist.bin')));
  const acc = {};
  for (const r of doc.runs) {
    const run = new M.ImageExperiment(
      JSON.stringify({ ...doc.config, seed: r.seed, activation: r.activation }),
      [subset],
    );
    try {
      while (run.step());
      acc[`${r.seed}/${r.activation}`] = JSON.parse(run.lastEpochJson()).test_acc;
    } finally {
      run.delete();
    }
    assert.equal(r.test.acc, acc[`${r.seed}/${r.activation}`], `${r.seed}/${r.activation}`);
  }
  const a = [7, 8].map((x) => acc[`${x}/relu`]),
    b = [7, 8].map((x) => acc[`${x}/gelu`]);
  assert.deepEqual(
    doc.summary,
    JSON.parse(M.pairedSummaryJson(JSON.stringify(a), JSON.stringify(b))),
  );
  const row = page.locator(`${seeds} [data-history] tbody tr`);
  assert.match(
    await row.locator('th').textContent(),
    /^Fashion-MNIST, 200 training and 100 test images/,
  );
  assert.deepEqual(
    (await axeViolations(page)).filter((v) => /seeds/.test(v)),
    [],
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});
