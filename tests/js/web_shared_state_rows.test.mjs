// Each room declares its settings once (<room>/settings.js): the element's attributes, the form
// fields and their labels are derived from those rows. Checked against the real core and the
// i18n tables of both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPageCore } from './core-helpers.mjs';
import { createSettings, hashStore } from '../../web/js/shared/state.js';
import { fieldSpecs } from '../../web/js/shared/fields.js';
import { lmCore } from '../../web/js/shared/lm-config.js';
import { ATTRIBUTES } from '../../web/js/embed/embed-attributes.js';
import * as seeds from '../../web/js/seeds/settings.js';
import * as twin from '../../web/js/twin/settings.js';
import * as swap from '../../web/js/swap/settings.js';
import * as transformer from '../../web/js/transformer/settings.js';
import * as images from '../../web/js/images/settings.js';
import { imagesCore } from '../../web/js/shared/image-config.js';

const core = await loadPageCore();
const lm = lmCore(core);
const ic = imagesCore(core);

/** i18n key ("ns.key") -> its text in `lang`, or undefined. */
const texts = {};
const textOf = (lang, key) => {
  const [ns, name] = key.split('.');
  texts[`${lang}/${ns}`] ??= JSON.parse(
    readFileSync(new URL(`../../web/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'),
  );
  return texts[`${lang}/${ns}`][name];
};

const ROOMS = {
  twin: [{ rows: twin.ROWS, core }],
  seeds: [
    { rows: seeds.ROWS, core },
    { rows: seeds.LM_ROWS, core: lm },
    { rows: seeds.IMAGE_ROWS, core: ic },
  ],
  swap: [{ rows: swap.ROWS, core }],
  transformer: [
    { rows: transformer.PART_ROWS, core },
    { rows: transformer.SAMPLE_ROWS, core: lm },
    { rows: transformer.SWAP_ROWS, core: lm },
    { rows: transformer.SCRATCH_ROWS, core: lm },
  ],
  images: [{ rows: images.ROWS, core: ic }],
};

// Settings of the page only, with no attribute: the swap's fine-tuning rate (the one measured).
const PAGE_ONLY = new Set(['llr']);

test('the element attributes are the rows’ attributes: one per row, unique, never `hidden`', () => {
  for (const [room, tables] of Object.entries(ROOMS)) {
    const rows = tables.flatMap((t) => t.rows);
    const expected = Object.fromEntries(rows.filter((r) => r.attr).map((r) => [r.attr, r.key]));
    assert.deepEqual(ATTRIBUTES[room], expected, room);
    assert.equal(new Set(rows.map((r) => r.key)).size, rows.length, `${room}: keys unique`);
    const attributed = rows.filter((r) => !PAGE_ONLY.has(r.key)).length;
    assert.equal(Object.keys(expected).length, attributed, `${room}: every row has an attribute`);
    assert.ok(!('hidden' in expected), `${room}: HTML's hidden attribute is not a setting`);
  }
});

test('the form fields come from the rows: labels and option labels exist in en and pt', () => {
  for (const [room, tables] of Object.entries(ROOMS)) {
    for (const { rows, core: c } of tables) {
      const settings = createSettings(
        c,
        rows,
        hashStore(
          () => '#',
          () => {},
        ),
      );
      const specs = fieldSpecs(settings, c);
      assert.deepEqual(
        specs.map((f) => f.key),
        rows.filter((r) => r.label && r.type !== 'list').map((r) => r.key),
        room,
      );
      for (const f of specs) {
        const keys = [f.label, ...(f.options ?? []).map((o) => o.label)];
        for (const lang of ['en', 'pt'])
          for (const key of keys) assert.ok(textOf(lang, key), `${room} ${f.key}: ${lang} ${key}`);
        if (f.kind === 'select') assert.ok(f.options.length >= 2, `${room} ${f.key}: options`);
      }
    }
  }
  // The core's whole numbers get a numeric keyboard; the study's activations are the core's.
  const study = createSettings(
    core,
    seeds.ROWS,
    hashStore(
      () => '#',
      () => {},
    ),
  );
  const byKey = Object.fromEntries(fieldSpecs(study, core).map((f) => [f.key, f]));
  assert.equal(byKey.sn.inputmode, 'numeric');
  assert.equal(byKey.seeds.inputmode, 'numeric');
  assert.equal(byKey.slr.inputmode, undefined);
  assert.equal(byKey.shidden.inputmode, 'text');
  assert.deepEqual(
    byKey.sa.options.map((o) => o.value),
    core.activations,
  );
});

test('the Transformer’s rows: its attributes as the embedder knows them; fields of its own rows', () => {
  assert.deepEqual(ATTRIBUTES.transformer, {
    parts: 'lparts',
    prompt: 'lp',
    temperature: 'lt',
    length: 'ln',
    'sample-seed': 'ls',
    to: 'lto',
    k: 'lk',
    activations: 'lacts',
    steps: 'lsteps',
    seed: 'lseed',
    init: 'linit',
  });
  const store = hashStore(
    () => '#lp=&ln=1e2&lto=gelu&lk=2.5&lacts=relu&linit=xavier',
    () => {},
  );
  const s = createSettings(lm, [...transformer.SWAP_ROWS, ...transformer.SAMPLE_ROWS], store);
  s.readHash();
  assert.equal(s.values.lp, '', 'an empty prompt is allowed (the core starts from a newline)');
  assert.equal(s.errors.ln.kind, 'integer', 'the core’s grammar: no 1e2 where a count is meant');
  assert.equal(s.errors.lto.kind, 'choice', 'the shipped model’s own activation swaps nothing');
  assert.ok(!s.errors.lto.list.split(', ').includes('swiglu'), 'SwiGLU has another shape');
  assert.equal(s.errors.lk.kind, 'integer');
  assert.equal(s.values.ls, lm.defaults.seed);
  s.set('lp', 'x'.repeat(lm.limits.sample_chars.max + 1));
  assert.deepEqual(
    { kind: s.errors.lp.kind, max: s.errors.lp.max },
    { kind: 'long', max: lm.limits.sample_chars.max },
  );
  // The swap's form shows its own rows; the sampler's are the sampler's.
  const keys = (rows, only) =>
    fieldSpecs(createSettings(lm, rows, store), lm, only).map((f) => f.key);
  assert.deepEqual(
    keys([...transformer.SWAP_ROWS, ...transformer.SAMPLE_ROWS], transformer.SWAP_ROWS),
    ['lto', 'lk', 'llr'],
  );
  assert.deepEqual(keys(transformer.SAMPLE_ROWS), ['lp', 'lt', 'ln', 'ls']);
  assert.deepEqual(
    keys([...transformer.SCRATCH_ROWS, ...transformer.SAMPLE_ROWS], transformer.SCRATCH_ROWS),
    ['lsteps', 'lseed', 'linit'],
  );
  const scratch = createSettings(lm, transformer.SCRATCH_ROWS, store);
  scratch.readHash();
  assert.equal(scratch.errors.lacts.kind, 'count');
  assert.equal(scratch.errors.linit.kind, 'choice');
  assert.deepEqual(scratch.values.lacts, ['relu', 'gelu', 'swiglu']);
});

test('the study’s own rows: seeds and choice are read and refused like any setting', () => {
  let hash = '#seeds=0&schoose=worst&sval=0&sn=300';
  const store = hashStore(
    () => hash,
    (h) => (hash = h),
  );
  const s = createSettings(core, seeds.ROWS, store);
  s.readHash();
  assert.equal(s.values.seeds, 10);
  assert.equal(s.errors.seeds.kind, 'range');
  assert.equal(s.values.schoose, 'last');
  assert.equal(s.errors.schoose.kind, 'choice');
  assert.equal(s.errors.sval.kind, 'needs_val', 'the study needs a validation set');
  assert.equal(s.values.sn, 300);
  s.set('seeds', '3');
  s.set('schoose', 'best');
  s.writeHash();
  assert.match(hash, /(^|&|#)seeds=3(&|$)/);
  assert.match(hash, /schoose=best/);
});

test('the images rows: defaults and limits from the core, values checked by it', () => {
  const limits = JSON.parse(core.M.imageConfigLimitsJson());
  let hash = '#iseeds=6&iepochs=0&idrop=1&iacts=relu,relu&intrain=900&intest=300';
  const store = hashStore(
    () => hash,
    (h) => (hash = h),
  );
  const s = createSettings(ic, images.ROWS, store);
  s.readHash();
  assert.equal(s.values.iseeds, limits.seeds_default, "the core's default number of seeds");
  assert.deepEqual(
    [s.errors.iseeds.min, s.errors.iseeds.max],
    [limits.seeds.min, limits.seeds.max],
  );
  assert.equal(s.values.iepochs, limits.defaults.epochs);
  assert.match(s.errors.iepochs.detail, /^epochs must be an integer in \[1, 10000\]/);
  assert.equal(s.values.idrop, limits.paper_dropout, "dropout 1 refused: the paper's p instead");
  assert.match(s.errors.idrop.detail, /dropout must be a number in \[0, 1\)/);
  assert.equal(s.errors.iacts.kind, 'repeat');
  assert.deepEqual(s.values.iacts, ['relu', 'elu', 'gelu']);
  assert.equal(s.values.intrain, 900);
  assert.equal(s.values.intest, 300);
  assert.equal(s.config().n_train, 900);
  s.set('iacts', 'gelu,relu');
  s.set('iseeds', '5');
  s.writeHash();
  assert.match(hash, /iacts=gelu,relu/);
  assert.match(hash, /iseeds=5/);
});

test('hashStore: key/value pairs over a hash; other keys kept; deferred writes land once', async () => {
  let hash = '#main';
  const writes = [];
  const store = hashStore(
    () => hash,
    (h) => (writes.push(h), (hash = h)),
    { defer: true },
  );
  store.set('a', 'gelu');
  store.set('hidden', '64,64');
  assert.equal(store.get('a'), 'gelu', 'seen before the write lands');
  assert.deepEqual(writes, []);
  await Promise.resolve();
  assert.deepEqual(writes, ['#a=gelu&hidden=64,64'], 'one write; the bare #main is no setting');
  hash = '#other=1&a=relu';
  store.set('a', 'silu');
  await Promise.resolve();
  assert.equal(hash, '#other=1&a=silu');
  assert.equal(store.get('missing'), null);
});
