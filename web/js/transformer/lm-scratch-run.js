// "Inside a Transformer", part 4: one model's run from scratch in its own worker (lm-scratch.js runs
// two or three side by side): its configuration, its models' initial state, and the run itself.
import { createLmWorker } from './lm-client.js';

/** @typedef {import('../shared/types').LmActivationName} LmActivationName */
/** @typedef {import('./lm-scratch-view.js').Model} Model */
/** @typedef {import('../shared/types').LmScratchValues} LmScratchValues */

const CURVE_POINTS = 20;

/**
 * The configuration of one model: the core's defaults, the reader's settings, one activation.
 * @param {object} defaults the core's
 * @param {LmScratchValues} values
 * @param {LmActivationName} act
 */
export const modelConfig = (defaults, values, act) => ({
  ...defaults,
  act,
  steps: values.steps,
  seed: values.seed,
  init: values.init,
  // About CURVE_POINTS evaluations per run (each costs about two training steps).
  eval_every: Math.max(1, Math.round(values.steps / CURVE_POINTS)),
});

/**
 * A model per activation of the settings, none started.
 * @param {LmScratchValues} values
 * @returns {Model[]}
 */
export const newModels = (values) =>
  values.activations.map((act) => ({
    act,
    worker: null,
    status: 'ready',
    step: 0,
    steps: values.steps,
    evals: [],
    sample: '',
    seconds: 0,
    started: false,
  }));

/**
 * Starts (or resumes) a model's run in its worker, until it ends or is paused.
 * @param {Model} m
 * @param {object} opts
 * @param {object} opts.config its configuration (modelConfig)
 * @param {() => LmScratchValues} opts.values the settings as they are now (the samples' prompt)
 * @param {(vocabulary: number) => void} opts.loaded the worker loaded the corpus of this many characters
 * @param {() => void} opts.repaint draws the progress soon
 */
export async function runModel(m, { config, values, loaded, repaint }) {
  const worker = (m.worker ??= createLmWorker());
  if (!m.started) {
    m.started = true;
    m.status = 'loading';
    loaded((await worker.call('init', { config })).vocabulary.length);
  }
  m.status = 'running';
  const v = values();
  const p = {
    prompt: v.prompt,
    n: Math.min(v.length, 80),
    temperature: v.temperature,
    seed: v.sampleSeed,
  };
  const r = await worker.call('run', { sample: p }, (msg) => {
    m.step = msg.step;
    m.seconds = msg.seconds;
    m.evals.push(...msg.evals);
    if (msg.sample !== null) ((m.sample = msg.sample), (m.prompt = p.prompt));
    repaint();
  });
  m.status = r.reason === 'done' ? 'done' : r.reason;
  m.step = r.step;
  if (r.reason === 'diverged') m.error = r.error;
}
