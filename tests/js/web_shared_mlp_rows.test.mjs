// The MLP's settings reach three figures (the twin, the many-seeds study, the swap) under three
// sets of URL keys. Links and embeds are out there: whatever declares the rows, each figure's keys,
// attributes, labels, fields, defaults and limits stay these, in this order (the order of its form).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROWS as TWIN_ROWS } from '../../web/js/twin/settings.js';
import { ROWS as SEEDS_ROWS } from '../../web/js/seeds/settings.js';
import { ROWS as SWAP_ROWS } from '../../web/js/swap/settings.js';

// Properties a row may carry that are not part of what a link or an embed reads: a check is a
// function (tested by what it answers, below); a name is what code calls the row (settings.named).
const NOT_COMPARED = new Set(['check', 'name']);

/** @param {readonly object[]} rows */
const comparable = (rows) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !NOT_COMPARED.has(k))));

const TWIN = [
  { key: 'a', attr: 'a', field: 'activation', type: 'activation', side: 'a', initial: 'relu' },
  { key: 'b', attr: 'b', field: 'activation', type: 'activation', side: 'b' },
  { key: 'data', attr: 'dataset', label: 'mlp.field_data', field: 'dataset', type: 'enum' },
  {
    key: 'pts',
    attr: 'points',
    field: 'points',
    type: 'points',
    initial: [],
    when: { key: 'data', is: 'custom' },
  },
  { key: 'ptsrc', attr: 'points-src', type: 'text', max: 2000, allowEmpty: true, initial: '' },
  { key: 'factor', attr: 'factor', label: 'mlp.field_factor', field: 'factor', type: 'number' },
  { key: 'n', attr: 'n', label: 'mlp.field_n', field: 'n', type: 'number' },
  { key: 'noise', attr: 'noise', label: 'mlp.field_noise', field: 'noise', type: 'number' },
  {
    key: 'dseed',
    attr: 'data-seed',
    label: 'mlp.field_dseed',
    field: 'data_seed',
    type: 'number',
  },
  { key: 'hidden', attr: 'layers', label: 'mlp.field_hidden', field: 'hidden', type: 'layers' },
  { key: 'init', attr: 'init', label: 'mlp.field_init', field: 'init', type: 'enum' },
  { key: 'norm', attr: 'norm', label: 'mlp.field_norm', field: 'norm', type: 'enum' },
  { key: 'lr', attr: 'lr', label: 'mlp.field_lr', field: 'lr', type: 'number' },
  { key: 'batch', attr: 'batch', label: 'mlp.field_batch', field: 'batch', type: 'number' },
  { key: 'epochs', attr: 'epochs', label: 'mlp.field_epochs', field: 'epochs', type: 'number' },
  { key: 'seed', attr: 'seed', label: 'mlp.field_seed', field: 'seed', type: 'number' },
  {
    key: 'test',
    attr: 'test-fraction',
    label: 'mlp.field_test',
    field: 'test_fraction',
    type: 'number',
  },
  {
    key: 'val',
    attr: 'val-fraction',
    label: 'mlp.field_val',
    field: 'val_fraction',
    type: 'number',
  },
  { key: 'pieces', attr: 'pieces', type: 'choice', of: ['off', 'on'], initial: 'off' },
  { key: 'maps', attr: 'maps', type: 'choice', of: ['off', 'on'], initial: 'off' },
];

const SEEDS = [
  {
    key: 'sa',
    attr: 'a',
    label: 'seeds.field_a',
    field: 'activation',
    type: 'activation',
    side: 'a',
    initial: 'relu',
  },
  {
    key: 'sb',
    attr: 'b',
    label: 'seeds.field_b',
    field: 'activation',
    type: 'activation',
    side: 'b',
    initial: 'gelu',
  },
  {
    key: 'seeds',
    attr: 'seeds',
    label: 'seeds.field_seeds',
    type: 'number',
    limit: { min: 1, max: 100, integer: true, min_open: false },
    initial: 10,
  },
  { key: 'sseed', attr: 'seed', label: 'seeds.field_first_seed', field: 'seed', type: 'number' },
  { key: 'sdata', attr: 'dataset', label: 'mlp.field_data', field: 'dataset', type: 'enum' },
  {
    key: 'pts',
    attr: 'points',
    field: 'points',
    type: 'points',
    initial: [],
    when: { key: 'sdata', is: 'custom' },
    borrowed: true,
  },
  { key: 'sfactor', attr: 'factor', label: 'mlp.field_factor', field: 'factor', type: 'number' },
  { key: 'sn', attr: 'n', label: 'mlp.field_n', field: 'n', type: 'number' },
  { key: 'snoise', attr: 'noise', label: 'mlp.field_noise', field: 'noise', type: 'number' },
  {
    key: 'shidden',
    attr: 'layers',
    label: 'mlp.field_hidden',
    field: 'hidden',
    type: 'layers',
  },
  { key: 'sinit', attr: 'init', label: 'mlp.field_init', field: 'init', type: 'enum' },
  { key: 'snorm', attr: 'norm', label: 'mlp.field_norm', field: 'norm', type: 'enum' },
  { key: 'sbatch', attr: 'batch', label: 'mlp.field_batch', field: 'batch', type: 'number' },
  { key: 'slr', attr: 'lr', label: 'mlp.field_lr', field: 'lr', type: 'number' },
  {
    key: 'sepochs',
    attr: 'epochs',
    label: 'mlp.field_epochs',
    field: 'epochs',
    type: 'number',
  },
  {
    key: 'sval',
    attr: 'val-fraction',
    label: 'mlp.field_val',
    field: 'val_fraction',
    type: 'number',
    initial: 0.2,
  },
  {
    key: 'schoose',
    attr: 'choose',
    label: 'seeds.field_choose',
    type: 'choice',
    of: ['last', 'best'],
    options: 'seeds.choose_',
    initial: 'last',
  },
];

const SWAP = [
  {
    key: 'wa',
    attr: 'a',
    label: 'swap.field_from',
    field: 'activation',
    type: 'activation',
    side: 'a',
    initial: 'gelu',
  },
  {
    key: 'wb',
    attr: 'b',
    label: 'swap.field_to',
    field: 'activation',
    type: 'activation',
    side: 'b',
    initial: 'relu',
  },
  {
    key: 'whidden',
    attr: 'layers',
    label: 'mlp.field_hidden',
    field: 'hidden',
    type: 'layers',
  },
  { key: 'wepochs', attr: 'epochs', label: 'swap.field_epochs', field: 'epochs', type: 'number' },
  { key: 'wlr', attr: 'lr', label: 'mlp.field_lr', field: 'lr', type: 'number' },
  { key: 'wseed', attr: 'seed', label: 'mlp.field_seed', field: 'seed', type: 'number' },
  {
    key: 'wk',
    attr: 'finetune-epochs',
    label: 'swap.field_k',
    field: 'epochs',
    type: 'number',
    initial: 20,
    extra: true,
    addsTo: 'wepochs',
  },
];

test('the twin’s rows: keys, attributes, labels, fields and defaults as links know them', () => {
  assert.deepEqual(comparable(TWIN_ROWS), TWIN);
});

test('the many-seeds study’s rows: s-keys, its attributes, labels and its own defaults', () => {
  assert.deepEqual(comparable(SEEDS_ROWS), SEEDS);
});

test('the swap’s rows: w-keys, its attributes, labels and its own defaults', () => {
  assert.deepEqual(comparable(SWAP_ROWS), SWAP);
});

test('checks: the study refuses a validation share of 0, and only the study', () => {
  const checked = (rows) => rows.filter((r) => r.check).map((r) => r.key);
  assert.deepEqual(checked(TWIN_ROWS), []);
  assert.deepEqual(checked(SWAP_ROWS), []);
  assert.deepEqual(checked(SEEDS_ROWS), ['sval']);
  const sval = SEEDS_ROWS.find((r) => r.key === 'sval');
  assert.deepEqual(sval.check(0), { kind: 'needs_val' });
  assert.equal(sval.check(0.2), null);
});
