// Weights in and out of the swap panel: download the network as PyTorch's nn.Sequential
// state_dict JSON (with the Python that loads it), and import such a file as the pretrained
// network. The core reads the file in the swap worker (its widths first, then in full: names,
// shapes, finite float32), exactly as the CLI does, and its message is shown next to the control.
import { download } from '../shared/export.js';
import { torchSnippet } from '../shared/formats.js';

import { closest, finder } from '../shared/dom.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */
/** @typedef {import('./protocol').SwapStageMessage} SwapStageMessage */

const MAX_BYTES = 20 * 1024 * 1024; // far above any network the limits allow; stops huge files early

/**
 * @param {HTMLElement} root
 * @param {{
 *   i18n: import('../shared/types').I18n,
 *   settings: import('../shared/types').Settings<import('../shared/types').SwapValues>,
 *   requestState: (callback: (m: {bytes: Uint8Array<ArrayBuffer>, activation: ActivationName}) => void) => void,
 *   importState: (file: File) => void,
 *   busy: () => boolean,
 * }} options
 */
export function createSwapIo(root, { i18n, settings, requestState, importState, busy }) {
  root.innerHTML = `
    <div>
      <h3 class="plot-title" data-i18n="swap.export_title"></h3>
      <div class="ev-export">
        <button type="button" class="btn small" data-export="weights" data-i18n="swap.export_weights"></button>
      </div>
      <p class="ev-note" data-i18n="swap.export_note"></p>
      <pre class="code" translate="no" tabindex="0"><code data-snippet></code></pre>
    </div>
    <div class="field">
      <h3 class="plot-title"><label for="swap-import" data-i18n="swap.import_title"></label></h3>
      <input type="file" id="swap-import" class="file-input" accept=".json,application/json" aria-describedby="swap-import-hint swap-import-err">
      <label for="swap-import" class="btn small file-button" aria-hidden="true" data-i18n="swap.import_choose"></label>
      <small class="field-hint" id="swap-import-hint" data-i18n="swap.import_hint"></small>
      <span class="field-error" id="swap-import-err" aria-live="polite"></span>
      <span class="ev-note" id="swap-import-ok" aria-live="polite"></span>
    </div>`;
  const $ = finder(root);
  const input = /** @type {HTMLInputElement} */ ($('#swap-import'));
  /** @type {ActivationName | null} */
  let lastActivation = null,
    lastName = '';
  /** @param {string} act */
  const fileFor = (act) => `activation-lab-${act}-weights.json`;

  /** @param {string} message */
  const showImportError = (message) => {
    $('#swap-import-err').textContent = message;
    $('#swap-import-ok').textContent = '';
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
  };

  /** @param {File} file */
  function readFile(file) {
    showImportError('');
    if (file.size > MAX_BYTES)
      return showImportError(i18n.t('swap.import_too_big', { name: file.name }));
    // The worker reads the file, text and all, with the core (swap/swap-worker.js): the page's
    // thread hands over the File itself, a handle, so that neither decoding 16 MB of text nor
    // copying it into a message ever blocks it. A file that cannot be read is refused there.
    lastName = file.name;
    $('#swap-import-ok').textContent = i18n.t('swap.import_reading', { name: file.name });
    importState(file);
  }

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) readFile(file);
    input.value = ''; // the same file can be chosen again after a fix
  });
  root.addEventListener('click', (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (closest(e, '[data-export]'));
    if (!b || b.disabled) return;
    requestState(({ bytes, activation }) => {
      lastActivation = activation;
      download(fileFor(activation), new Blob([bytes], { type: 'application/json' }));
      sync();
    });
  });

  function sync() {
    const act = lastActivation ?? settings.named.a;
    $('[data-snippet]').textContent = torchSnippet(settings.named.hidden, act, fileFor(act));
  }

  return {
    sync,
    /**
     * The core refused the file (its message says which key and why), or the network it holds
     * (`hidden`: its widths, which the core's limits do not allow).
     * @param {string} message
     * @param {number[]} [hidden]
     */
    rejected: (message, hidden) =>
      showImportError(
        hidden
          ? i18n.t('swap.import_bad_arch', {
              name: lastName,
              hidden: hidden.join(', ') || '–',
              detail: message.replace(/[<&]/g, ''),
            })
          : i18n.t('swap.import_rejected', {
              name: lastName,
              message: message.replace(/[<&]/g, ''),
            }),
      ),
    /**
     * @param {{
     *   busy: string,
     *   pretrained: SwapStageMessage | null,
     *   swapped: SwapStageMessage | null,
     *   finetuned: SwapStageMessage | null,
     * }} run
     */
    render(run) {
      /** @type {HTMLButtonElement} */ ($('[data-export]')).disabled = busy() || !run.pretrained;
      input.disabled = busy();
      if (run.pretrained?.imported && !run.busy && $('#swap-import-ok').textContent) {
        $('#swap-import-ok').textContent = i18n.t('swap.import_done', {
          fn: i18n.t(`common.act_${run.pretrained.activation}`),
        });
      }
      // The snippet names the activation of the network that would be downloaded now.
      const current = run.finetuned ?? run.swapped ?? run.pretrained;
      if (current && current.activation !== lastActivation)
        ((lastActivation = current.activation), sync());
    },
  };
}
