// The live cost panel (the article's #cost section, figure #cost-panel): throughput of every
// activation kernel and its derivative, SIMD and scalar reference, and the time of one training
// epoch per activation, all measured in the reader's browser by the core in a worker
// (cost/bench-worker.js). It measures when it first scrolls into view (not during page load, which
// would skew it) or on demand. Every timing is taken in interleaved rounds and shown as its median
// and interquartile range; two timings are compared only when their ranges are apart
// (bench-stats.js), so a busy machine reads as "too noisy".
// This file runs the measurement; cost-results.js draws what it measured, cost-export.js saves it.
import { simdSupported } from '../shared/core.js';
import { downloadPng, stampedName } from '../shared/export.js';
import { createWorkerClient, isAbort } from '../shared/worker-client.js';
import { explainError, messageOf } from '../shared/worker-error.js';
import { closest, finder } from '../shared/dom.js';
import { costHtml, createCostResults } from './cost-results.js';
import { kernelKey } from './cost-comparisons.js';
import { downloadCostCsv, downloadCostJson } from './cost-export.js';

const N = 1 << 16; // 256 KB of floats: stays in cache, so this times the arithmetic, not memory
const REPS = 3; // timings per kernel and round; the core keeps the best (cost/kernel-rounds.js)
const ROUNDS = 5; // interleaved rounds: every kernel and every epoch is timed this many times

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createCost(root, { core, i18n }) {
  await i18n.need('cost', 'export', 'common');
  const fns = core.activations.filter((a) => a !== 'identity');
  root.innerHTML = costHtml();
  const $ = finder(root);
  const simd = simdSupported();
  /** @type {import('./cost-comparisons.js').CostRun} */
  const run = { kernels: new Map(), epochs: new Map(), state: 'idle', error: '' };
  const client = createWorkerClient(new URL('./bench-worker.js', import.meta.url));
  const total = fns.length * 5 * ROUNDS; // four kernels and one epoch per activation and round
  /**
   * @param {Map<string, number[]>} map
   * @param {string} k
   * @param {number} x
   */
  const record = (map, k, x) => map.set(k, [...(map.get(k) ?? []), x]);
  const { chart, render, takeawayOf } = createCostResults(root, {
    i18n,
    fns,
    simd,
    rounds: ROUNDS,
    total,
    run,
  });

  /**
   * @param {string} message
   * @param {import('../shared/types').I18nVars} [vars]
   */
  const announce = (message, vars) => ($('[data-announce]').textContent = i18n.t(message, vars));

  function measure() {
    if (run.state === 'running') return;
    client.terminate();
    run.kernels = new Map();
    run.epochs = new Map();
    run.error = '';
    run.state = 'running';
    announce('cost.progress_running', { done: 0, total });
    /** @type {import('./protocol').BenchRequest} */
    const request = {
      fns,
      n: N,
      reps: REPS,
      epochConfig: core.defaults,
      rounds: ROUNDS,
    };
    /** @param {{message: import('./protocol').BenchMessage}} progress */
    const onProgress = ({ message: m }) => {
      if (m.type === 'kernel') record(run.kernels, kernelKey(m.fn, m.grad, m.scalar), m.rate);
      else record(run.epochs, m.fn, m.seconds);
      render();
    };
    client.call('measure', request, { onProgress }).then(
      () => {
        run.state = 'done';
        client.terminate(); // (its memory back: a later measure() starts a new one)
        // Screen readers hear the start and the end, not each of the timings in between.
        $('[data-announce]').textContent =
          `${i18n.t('cost.progress_done', { total })} ${takeawayOf().replace(/<[^>]*>/g, '')}`;
        render();
      },
      (err) => {
        if (isAbort(err)) return; // the element left the page (dispose says so)
        run.state = 'error';
        run.error = messageOf(err);
        announce('cost.failed', { message: explainError(i18n, run.error) });
        render();
      },
    );
    render();
  }

  root.addEventListener('click', (e) => {
    const t = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!t || t.disabled) return;
    if (t.dataset.act === 'measure') measure();
    else if ('png' in t.dataset) downloadPng(chart.canvas, stampedName('cost', 'png'));
    else if (t.dataset.export === 'csv') downloadCostCsv(run);
    else if (t.dataset.export === 'json')
      downloadCostJson(run, {
        arch: core.arch,
        simd,
        n: N,
        reps: REPS,
        rounds: ROUNDS,
        epochConfig: core.defaults,
      });
  });
  // Measure once the panel is close to the screen: the reader sees it happen, page load is over.
  const seen = new IntersectionObserver(
    (entries) => {
      if (entries.some((en) => en.isIntersecting))
        (seen.disconnect(), run.state === 'idle' && measure());
    },
    { rootMargin: '200px' },
  );
  seen.observe(root);
  await i18n.apply(root);
  i18n.onChange(render);
  render();
  // The element left the page: its worker ends (a later measure() starts a new one).
  function dispose() {
    seen.disconnect();
    client.terminate();
    if (run.state === 'running') run.state = 'idle';
  }
  return { measure, dispose };
}
