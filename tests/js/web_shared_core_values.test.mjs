// The tooltip of every number the prose takes from the core names what it is in words or as a
// formula (core-values.js coreValueTitle), never the placeholder's internal name (dip.x).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as i18n from '../../web/js/shared/i18n.js';
import { coreValueTitle } from '../../web/js/shared/core-values.js';

globalThis.fetch = /** @type {typeof fetch} */ (
  async (url) => {
    const text = readFileSync(fileURLToPath(String(url)), 'utf8');
    return /** @type {Response} */ ({ ok: true, json: async () => JSON.parse(text) });
  }
);

const dir = new URL('../../web/i18n/en/', import.meta.url);
const specs = new Set(
  readdirSync(dir).flatMap((f) =>
    [...readFileSync(new URL(f, dir), 'utf8').matchAll(/data-core=\\"([^"\\]+)/g)].map((m) => m[1]),
  ),
);

test('every core value of the prose has a tooltip in words, in both languages', async () => {
  assert.ok(specs.has('dip.x') && specs.size > 8, [...specs].join(' '));
  for (const lang of /** @type {const} */ (['en', 'pt'])) {
    i18n.useLanguage(lang);
    await i18n.need('common');
    for (const spec of specs) {
      const title = coreValueTitle(spec, i18n.t);
      assert.ok(
        !title.includes(spec) && !/common\.|\w\.\w/.test(title),
        `${lang} ${spec}: ${title}`,
      );
    }
  }
  i18n.useLanguage('en');
  assert.match(coreValueTitle("gelu'(-1)", i18n.t), /GELU′\(−1\)$/);
});
