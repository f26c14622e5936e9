// The pretrained-swap demo's worker: one network, kept between messages, so that the same
// pretrained weights can be swapped to several activations in turn. Accuracies are on the
// validation set; the demo never reads the test set.
//   in:  {cmd:'pretrain', config, grid}          train from scratch to the end
//        {cmd:'import', config, file, grid}       load a state_dict (a File, read here) instead of
//                                                  training
//        {cmd:'swap', to}                          pretrained weights, another activation
//        {cmd:'finetune', epochs}                 train the swapped network further
//        {cmd:'export'}                            the current weights
//        {cmd:'restore', config, state, activation} a pretrained network again, silently (after the
//                                                  page ended a worker to cancel a long step)
// Each is a request of the page's worker protocol (shared/worker-serve.js; swap.js is its caller):
// what a command sends goes to the page as that request's progress {message}, one of
//   out: {type:'progress', stage, epoch, of}
//        {type:'stage', stage, activation, acc, grid, probe, maxDiff?, curve?, history?,
//                       state? (pretrained: the weights, which the page keeps for a restore)}
//        {type:'state', bytes, activation, hidden}  |  {type:'restored'}
//        {type:'error', cmd, message, hidden}  (an import the panel's settings refuse)
// and a command that throws fails its request with the message.
// Weights travel as UTF-8 bytes in a transferred buffer, never as a string: a 4 × 512 network is
// ~9 MB of JSON, and a string that size takes the page's thread ~170 ms to receive (issue 28).
import { loadCore } from '../shared/core.js';
import { mlpForwardFault } from '../shared/forward-check.js';
import { setUpExperiment } from '../shared/experiment-setup.js';
import { serve } from '../shared/worker-serve.js';

const PROGRESS_MS = 80;
// Fixed points where the output is reported in full (data-probe): equal weights and equal
// activation give equal numbers, whatever page or file they came from.
const PROBE = new Float32Array([
  -1, 0.5, 0, 0, 0.5, 0.25, 1, -0.5, 1.5, 0, 2, 0.5, 0.3, 0.9, -0.2, -0.3,
]);
/** @typedef {import('./protocol').SwapCommand} SwapCommand */
/** @typedef {import('./protocol').SwapMessage} SwapMessage */
/** @typedef {import('./protocol').SwapStageMessage} SwapStageMessage */
/** @typedef {import('../../../wasm/activation-lab').Experiment} Experiment */

const core = loadCore();
/** @type {import('../shared/types').ActivationLab} */
let M;
/** @type {Experiment | null} */
let exp = null;
/** @type {{state: string, activation: import('../shared/types').ActivationName} | null} */
let pretrained = null;
let gridSize = 60;
/** @type {import('../shared/types').Bounds} */
let bounds = [0, 1, 0, 1];
let points = new Float32Array(0);

/** @type {(fields: {message: SwapMessage}, transfer?: Transferable[]) => void} */
let report = () => {}; // the progress of the request being answered

/**
 * @param {SwapMessage} msg
 * @param {Transferable[]} [transfer]
 */
const send = (msg, transfer = []) => report({ message: msg }, transfer);

/** The network; every command but pretrain, import and restore needs one. */
function network() {
  if (!exp) throw new Error('no network yet');
  return exp;
}

/**
 * A fresh Experiment of `config` with its data and bounds, not yet in use: commit() makes it the
 * worker's network (deleting the previous one), drop() deletes it. So a refused import or a
 * failed step leaves the current network as it was.
 * @param {import('../shared/types').Config} config
 * @param {number} size points per axis of the boundary grid
 */
function build(config, size) {
  const { exp: candidate, data, bounds: b } = setUpExperiment(M, config, ['train', 'val']);
  // The data points, as x0, x1 pairs, for the largest output change of a swap.
  /** @type {number[]} */
  const xy = [];
  for (const d of Object.values(data))
    for (let i = 0; i < d.length; i += 3) xy.push(d[i], d[i + 1]);
  return {
    exp: candidate,
    data,
    commit() {
      exp?.delete();
      exp = candidate;
      gridSize = size;
      bounds = b;
      points = Float32Array.from(xy);
    },
    drop: () => candidate.delete(),
  };
}

/**
 * The weights' JSON as bytes whose buffer the message hands over (received in no time, unlike a
 * string, which the receiving thread copies and rebuilds).
 * @param {string} json
 */
const utf8 = (json) => new TextEncoder().encode(json);

/** A copy of the boundary picture (the view into WASM memory dies on the next call). */
const grid = () =>
  network()
    .grid(gridSize, gridSize, ...bounds)
    .slice();
/** @returns {number} */
const acc = () => JSON.parse(network().evaluateJson('val')).acc;

/**
 * @param {'pretrain'} stage
 * @param {number} last
 * @param {Experiment} run
 */
function trainTo(stage, last, run) {
  let t = performance.now();
  while (run.epoch() < last && run.step()) {
    if (performance.now() - t > PROGRESS_MS) {
      t = performance.now();
      send({ type: 'progress', stage, epoch: run.epoch(), of: last });
    }
  }
  if (run.status() === 'diverged')
    throw new Error(`diverged at epoch ${run.epoch() + 1}: ${run.error()}`);
}

/**
 * Posts the network's state after a stage: its picture, accuracy and probe outputs.
 * @param {import('./protocol').SwapStage} stage
 * @param {Partial<SwapStageMessage>} [extra]
 * @param {SwapStageMessage['data']} [data]
 */
function post(stage, extra = {}, data) {
  const run = network();
  const g = grid();
  const probe = Array.from(run.predict(PROBE));
  send(
    {
      type: 'stage',
      stage,
      activation: run.activation(),
      acc: acc(),
      grid: g,
      probe,
      bounds,
      data,
      ...extra,
    },
    // (the data and the weights are copies made for this message: handed over, not cloned)
    [
      g.buffer,
      ...Object.values(data ?? {}).map((d) => d.buffer),
      ...(extra.state ? [extra.state.buffer] : []),
    ],
  );
}

/** @type {{[C in SwapCommand as C['cmd']]: (command: C) => void | Promise<void>}} */
const commands = {
  pretrain({ config, grid: size }) {
    const next = build(config, size);
    try {
      trainTo('pretrain', config.epochs, next.exp);
    } catch (err) {
      throw (next.drop(), err); // a diverged pretraining leaves the current network
    }
    next.commit();
    pretrained = { state: next.exp.stateJson(), activation: next.exp.activation() };
    post(
      'pretrained',
      { history: JSON.parse(next.exp.historyJson()), state: utf8(pretrained.state) },
      next.data,
    );
  },
  async import({ config, file, grid: size }) {
    // The file is read here, not on the page's thread (a 16 MB state_dict takes a second), by the
    // core's reader, as the CLI's --init reads it: one verdict, one message. Its network must be
    // one the core accepts with the panel's other settings. (A file gone since it was chosen
    // fails here, as a refusal with the browser's reason.)
    const state = await file.text();
    /** @type {{hidden: number[], error?: string}} (hidden is there when error is not) */
    const shape = JSON.parse(M.stateDictHiddenJson(state));
    if (shape.error) throw new Error(shape.error);
    const { hidden } = shape;
    const invalid = M.validateConfigJson(JSON.stringify({ ...config, hidden }));
    if (invalid) return send({ type: 'error', cmd: 'import', message: invalid, hidden });
    const next = build({ ...config, hidden }, size);
    // A file that loads but overflows (values near 3e38) is refused too, by its losses.
    const err = next.exp.loadStateJson(state) || mlpForwardFault(next.exp);
    if (err) throw (next.drop(), new Error(err)); // the current network stays
    next.commit();
    pretrained = { state: next.exp.stateJson(), activation: next.exp.activation() };
    post(
      'pretrained',
      { history: [], imported: true, hidden, state: utf8(pretrained.state) },
      next.data,
    );
  },
  restore({ config, state: bytes, grid: size }) {
    const next = build(config, size);
    const state = new TextDecoder().decode(bytes);
    const err = next.exp.loadStateJson(state);
    if (err) throw (next.drop(), new Error(err));
    next.commit();
    pretrained = { state, activation: next.exp.activation() };
    send({ type: 'restored' });
  },
  swap({ to }) {
    if (!pretrained) throw new Error('no pretrained network yet');
    const net = network();
    // Always from the pretrained weights, so that several swaps can be compared.
    let err = net.loadStateJson(pretrained.state) || net.setActivation(pretrained.activation);
    if (err) throw new Error(err);
    const before = { grid: grid(), pts: net.predict(points) };
    err = net.setActivation(to);
    if (err) throw new Error(err);
    const after = { grid: grid(), pts: net.predict(points) };
    let maxDiff = 0;
    for (const k of /** @type {const} */ (['grid', 'pts']))
      for (let i = 0; i < before[k].length; i++)
        maxDiff = Math.max(maxDiff, Math.abs(before[k][i] - after[k][i]));
    post('swapped', { maxDiff, start: net.epoch() });
  },
  finetune({ epochs }) {
    if (!pretrained) throw new Error('no pretrained network yet');
    const net = network();
    const start = net.epoch();
    const err = net.setEpochs(start + epochs);
    if (err) throw new Error(err);
    const curve = [{ epoch: 0, val_acc: acc() }];
    let t = performance.now();
    while (net.epoch() < start + epochs && net.step()) {
      curve.push({ epoch: net.epoch() - start, val_acc: JSON.parse(net.lastEpochJson()).val_acc });
      if (performance.now() - t > PROGRESS_MS) {
        t = performance.now();
        send({
          type: 'progress',
          stage: 'finetune',
          epoch: net.epoch() - start,
          of: epochs,
          curve,
        });
      }
    }
    if (net.status() === 'diverged') throw new Error(`diverged during fine-tuning: ${net.error()}`);
    post('finetuned', { curve });
  },
  export() {
    const net = network();
    const bytes = utf8(net.stateJson());
    send(
      {
        type: 'state',
        bytes,
        activation: net.activation(),
        hidden: JSON.parse(net.configJson()).hidden ?? null,
      },
      [bytes.buffer],
    );
  },
};

/**
 * Every command as a request: it waits for the core, and what it sends is that request's.
 * @type {Record<string, (args: object, progress: typeof report) => Promise<void>>}
 */
const requests = Object.fromEntries(
  Object.entries(commands).map(([cmd, command]) => [
    cmd,
    async (args, progress) => {
      M ??= (await core).M;
      report = progress;
      await /** @type {(command: SwapCommand) => void | Promise<void>} */ (command)(
        /** @type {SwapCommand} */ ({ ...args, cmd }),
      );
    },
  ]),
);
serve(requests);
