// Every activation the core lists reaches the page and the CLI: the MLP's (activationNames()) and
// the Transformer FFN's (lmConfigLimitsJson()'s act and swap_only_act) each have a label
// (common.act_<name>, en and pt), a colour in both schemes (--c-<name> in web/css, read by the
// canvas plots and copied into the no-script pictures), and a place in the CLI's usage text; the
// MLP's PyTorch export knows each MLP activation and refuses any other name. A new activation added
// in C++ fails here until the page and the CLI know it.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModule } from '../../wasm/module.mjs';
import { TORCH_ACT, torchSnippet } from '../../web/js/shared/formats.js';
import { pictureStyle } from '../../web/ship/pictures/theme.mjs';
import { runCliHere } from './cli-helpers.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

/** @type {{mlp: string[], lm: string[], swapOnly: string[]}} */
let acts;
before(async () => {
  const M = await loadModule();
  const limits = JSON.parse(M.lmConfigLimitsJson());
  acts = { mlp: JSON.parse(M.activationNames()), lm: limits.act, swapOnly: limits.swap_only_act };
});
const every = () => [...new Set([...acts.mlp, ...acts.lm, ...acts.swapOnly])];

test('the core lists activations of both kinds', () => {
  assert.ok(acts.mlp.includes('gelu') && acts.lm.includes('swiglu'), JSON.stringify(acts));
  assert.ok(acts.swapOnly.length > 0);
});

test('each activation has its label common.act_<name> in en and pt', () => {
  for (const lang of ['en', 'pt']) {
    const common = JSON.parse(readFileSync(join(web, 'i18n', lang, 'common.json'), 'utf8'));
    const missing = every().filter((name) => typeof common[`act_${name}`] !== 'string');
    const swapOnly = missing.filter((name) => acts.swapOnly.includes(name));
    assert.deepEqual(
      missing,
      [],
      `web/i18n/${lang}/common.json lacks act_${missing.join(', act_')}` +
        (swapOnly.length
          ? ` (GELU's swap-only parts, ${swapOnly.join(', ')}: their labels come with the parts figure, branch partsfig)`
          : ''),
    );
  }
});

test('each activation has a colour --c-<name> in the light and the dark scheme', async () => {
  // The sheets' :root variables as the no-script pictures copy them (the page loads the same sheets).
  const style = await pictureStyle(web);
  const light = /^svg\{([^}]*)\}/.exec(style)?.[1] ?? '';
  const dark = /@media \(prefers-color-scheme: dark\)\{svg\{([^}]*)\}\}/.exec(style)?.[1] ?? '';
  for (const [scheme, vars] of Object.entries({ light, dark })) {
    const defined = new Set([...vars.matchAll(/(--c-[\w-]+):/g)].map((m) => m[1]));
    // theme().color(name) reads --c-<name with - for _> (web/js/plots/canvas.js).
    const missing = every().filter((name) => !defined.has(`--c-${name.replace(/_/g, '-')}`));
    assert.deepEqual(
      missing,
      [],
      `no ${scheme} --c-<name> in web/css/article.css or lm.css (the sheets the no-script pictures copy) for ${missing.join(', ')}`,
    );
  }
});

test('the CLI’s usage text names each activation, in the list of the commands that take it', async () => {
  const { status, stdout } = await runCliHere(['--help']);
  assert.equal(status, 0);
  /** The comma-separated names on the usage line that starts with `label`. */
  const listed = (/** @type {string} */ label) => {
    const line = stdout.split('\n').find((l) => l.trimStart().startsWith(label));
    assert.ok(line, `usage has a line "${label}": ${stdout}`);
    return line
      .slice(line.indexOf(':') + 1)
      .split(',')
      .map((s) => s.trim());
  };
  assert.deepEqual(listed('eval --fn, train --act:'), acts.mlp);
  assert.deepEqual(listed('lm train, swap, sample, study:'), acts.lm);
  assert.deepEqual(listed('lm swap --act also:'), acts.swapOnly);
});

test('the PyTorch export has a module for each MLP activation, and only for those', () => {
  assert.deepEqual(Object.keys(TORCH_ACT).sort(), [...acts.mlp].sort());
  for (const name of acts.mlp) {
    const py = torchSnippet([4], name, 'w.json');
    assert.ok(
      py.includes(`nn.Linear(2, 4), ${TORCH_ACT[name]}, nn.Linear(4, 1)`),
      `${name}: ${py}`,
    );
  }
});

test('the PyTorch export refuses a name it has no module for, saying which', () => {
  for (const name of ['swiglu', 'gelu_no_negative', 'nope', '__proto__', 'toString']) {
    assert.throws(
      () => torchSnippet([4], name, 'w.json'),
      (e) =>
        e instanceof Error && e.message.includes(`no PyTorch module for the activation "${name}"`),
      name,
    );
  }
});
