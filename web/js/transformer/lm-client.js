// The page's side of transformer/lm-worker.js: requests as promises, progress as callbacks. One
// worker per model; the pretrained model that the drawing and the sampler read is shared by every
// figure of the document (it only answers questions, nothing changes it).
import { createWorkerClient } from '../shared/worker-client.js';

/** @typedef {import('./protocol').LmCalls} LmCalls */
/** @typedef {import('./protocol').LmProgress} LmProgress */

/**
 * A new worker holding one model, through the page's worker client (shared/worker-client.js):
 * call(cmd, args, onProgress) -> Promise<result>, typed by LmCalls. terminate() ends it (its
 * calls reject with an AbortError).
 */
export function createLmWorker() {
  const client = createWorkerClient(new URL('./lm-worker.js', import.meta.url));
  return {
    /**
     * @template {keyof LmCalls} K
     * @param {K} cmd
     * @param {LmCalls[K]['args']} [args]
     * @param {(m: LmProgress) => void} [onProgress]
     * @returns {Promise<LmCalls[K]['result']>}
     */
    call: (cmd, args = {}, onProgress) => client.call(cmd, args, { onProgress }),
    /**
     * 'pause' or 'stop': ends the 'run' in progress (its promise resolves with the reason).
     * @param {'pause' | 'stop'} cmd
     */
    signal: (cmd) => client.signal(cmd),
    terminate: () => client.terminate(),
  };
}

/** @typedef {ReturnType<typeof createLmWorker>} LmWorker */
/** @type {{worker: LmWorker, ready: Promise<import('./protocol').LmInfo>, users: number} | null} */
let shared = null;

/**
 * The shared pretrained model: { worker, ready: Promise<info>, release() }, started on first use.
 * Each figure that uses it releases it when it is removed; the last release ends the worker (a
 * later figure starts a new one).
 */
export function pretrainedModel() {
  if (!shared) {
    const worker = createLmWorker();
    shared = { worker, ready: worker.call('init', { pretrained: true }), users: 0 };
  }
  const model = shared;
  model.users++;
  let released = false;
  return {
    worker: model.worker,
    ready: model.ready,
    release() {
      if (released) return;
      released = true;
      if (--model.users > 0) return;
      model.worker.terminate();
      if (shared === model) shared = null;
    },
  };
}

/**
 * Resolves once `el` comes near the viewport: the model (its corpus and weights, some hundreds of
 * kilobytes) loads when the reader gets to the figure, not with the rest of the page.
 * @param {Element} el
 * @returns {Promise<void>}
 */
export function nearView(el, margin = '300px') {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) (observer.disconnect(), resolve());
      },
      { rootMargin: margin },
    );
    observer.observe(el);
  });
}

/**
 * Shows a generated text in `el`: the prompt in bold, then what the model wrote (as text).
 * @param {Element} el
 * @param {string | undefined} prompt
 * @param {string | null | undefined} text
 */
export function showSample(el, prompt, text) {
  if (text === undefined || text === null) return el.replaceChildren();
  el.replaceChildren(
    Object.assign(document.createElement('b'), { textContent: prompt }),
    document.createTextNode(text),
  );
}

/**
 * A repaint for progress messages: calls fn at most once per `ms` (and per animation frame), so
 * that several workers posting many messages never keep the main thread from the reader's clicks.
 * @param {() => void} fn
 */
export function throttled(fn, ms = 120) {
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let timer = 0,
    last = 0;
  return () => {
    if (timer) return;
    const wait = Math.max(0, ms - (performance.now() - last));
    timer = setTimeout(
      () => requestAnimationFrame(() => ((timer = 0), (last = performance.now()), fn())),
      wait,
    );
  };
}
