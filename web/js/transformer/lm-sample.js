// "Inside a Transformer", part 2: the shipped pretrained model writes from the reader's prompt.
// The sampling runs in the shared pretrained worker (lm-client.js); the prompt, temperature, length
// and seed are validated against the core's limits and live in the URL hash (or the element's
// attributes) under lp, lt, ln, ls. What the model is (its FFN activation, like BERT's
// hidden_act) is read from the core, not written here.
import { createFields, fieldSpecs, followSettings, showSettings } from '../shared/fields.js';
import { createSettings, pageHash } from '../shared/state.js';
import { lmCore } from '../shared/lm-config.js';
import { nearView, pretrainedModel, showSample } from './lm-client.js';
import { failed } from '../shared/figure-state.js';
import { unknownCharacters } from './lm-stats.js';
import { SAMPLE_ROWS } from './settings.js';
import { closest, finder } from '../shared/dom.js';
import { explainError, messageOf } from '../shared/worker-error.js';

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createLmSample(root, { core, i18n, store = pageHash }) {
  await i18n.need('lm', 'common', 'fields', 'export');
  const lm = lmCore(core);
  const params =
    /** @type {import('../shared/types').Settings<import('../shared/types').LmSampleValues>} */ (
      createSettings(lm, SAMPLE_ROWS, store)
    );
  params.readHash();
  /** @type {ReturnType<typeof pretrainedModel> | null} */
  let model = null; // the shared pretrained model, started when the figure comes into view
  root.innerHTML = `
    <div class="ev-panel">
      <p class="lm-meta" data-meta></p>
      <form class="ev-form" novalidate data-i18n-attr="aria-label=lm.sample_form_label"></form>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="write" data-i18n="lm.sample_write" disabled></button>
        <span class="progress-text" data-time></span>
      </div>
      <p class="lm-text" data-out aria-live="polite"></p>
    </div>
    <figcaption data-i18n="lm.sample_caption"></figcaption>`;
  const $ = finder(root);
  const fields = createFields($('.ev-form'), fieldSpecs(params, lm), {
    idPrefix: 'lm-sample',
    onChange: change,
  });
  $('[data-field="lp"]').classList.add('lm-prompt');

  /** @type {(import('./protocol').LmInfo & {eval: import('../shared/types').LmEval}) | null} */
  let info = null,
    busy = false,
    /** @type {{prompt: string, text: string, ms: number, n: number} | null} */
    result = null,
    error = '',
    /** @type {string | null} */
    vocabulary = null;

  /**
   * @param {string} key
   * @param {string} text
   */
  function change(key, text) {
    params.set(key, text);
    checkPrompt();
    params.writeHash();
    sync();
  }

  /** Characters the model never saw cannot be read: reported at the field, the default is used. */
  function checkPrompt() {
    const key = params.keyOf('prompt');
    if (!vocabulary || params.errors[key]) return;
    const bad = unknownCharacters(params.named.prompt, vocabulary);
    if (bad.length) {
      // Shown as the core shows them (U+202E, U+0000...): a bidi override would reverse the line.
      const shown = lm.M.showInput;
      params.errors[key] = {
        kind: 'chars',
        raw: shown(params.named.prompt),
        list: shown(bad.join(' ')),
      };
      params.values[key] = params.defaults[key];
    }
  }

  function sync() {
    showSettings(fields, params, lm, i18n);
  }

  async function write() {
    if (busy || !info || !model) return;
    busy = true;
    error = '';
    render();
    const { prompt, temperature, length: n, sampleSeed: seed } = params.named;
    try {
      const r = await model.worker.call('sample', { prompt, n, temperature, seed });
      result = { prompt, text: r.text, ms: r.ms, n };
    } catch (err) {
      error = messageOf(err);
    }
    busy = false;
    render();
  }

  function render() {
    /** @type {HTMLButtonElement} */ ($('[data-act="write"]')).disabled = busy || !info;
    $('[data-meta]').innerHTML = info
      ? i18n.t('lm.sample_meta', {
          act: info.activation,
          name: i18n.t(`common.act_${info.activation}`),
          loss: i18n.num(info.eval?.val_loss, 3),
          steps: i18n.num(info.trained?.steps, 0),
        })
      : error
        ? ''
        : i18n.t(model ? 'lm.loading_model' : 'lm.model_on_view'); // (model: once in view)
    const out = $('[data-out]');
    if (error) out.textContent = i18n.t('lm.error', { message: explainError(i18n, error) });
    else showSample(out, result?.prompt, result?.text);
    $('[data-time]').textContent = busy
      ? i18n.t('lm.sample_busy')
      : result
        ? i18n.t('lm.sample_time', { n: result.n, ms: i18n.num(result.ms, 0) })
        : '';
    if (result) root.dataset.sampleMs = String(result.ms);
  }

  root.addEventListener('click', (e) => {
    if (closest(e, '[data-act="write"]')) write();
  });
  const reader = { store: params.store, readHash: () => (params.readHash(), checkPrompt()) };
  await followSettings(root, i18n, reader, { sync, render });
  let disposed = false;
  nearView(root)
    .then(async () => {
      if (disposed) return;
      const held = (model = pretrainedModel());
      render();
      const r = await held.ready;
      const evaluated = await held.worker.call('evaluate');
      info = { ...r, eval: evaluated };
      vocabulary = r.vocabulary;
      checkPrompt();
      sync();
      render();
      write(); // the first text appears without a click: the model is the point of the figure
    })
    .catch((err) => disposed || ((error = messageOf(err)), render(), failed(root)));
  /** Removed from the page: this figure no longer holds the shared model (the last one ends it). */
  function dispose() {
    disposed = true;
    model?.release();
  }
  return { write, params, dispose };
}
