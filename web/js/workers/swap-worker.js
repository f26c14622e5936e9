// The pretrained-swap demo's worker: one network, kept between messages, so that the same
// pretrained weights can be swapped to several activations in turn. Accuracies are on the
// validation set; the demo never reads the test set.
//   in:  {cmd:'pretrain', config, grid}          train from scratch to the end
//        {cmd:'import', config, state, grid}      load a state_dict instead of training
//        {cmd:'swap', to}                          pretrained weights, another activation
//        {cmd:'finetune', epochs}                 train the swapped network further
//        {cmd:'export'}                            the current weights
//   out: {type:'progress', stage, epoch, of}
//        {type:'stage', stage, activation, acc, grid, probe, maxDiff?, curve?, history?}
//        {type:'state', json, activation, hidden}  |  {type:'error', cmd, message}
import { loadCore } from '../core.js';
import { boundsOf } from '../bounds.js';

const PROGRESS_MS = 80;
// Fixed points where the output is reported in full (data-probe): equal weights and equal
// activation give equal numbers, whatever page or file they came from.
const PROBE = new Float32Array([
  -1, 0.5, 0, 0, 0.5, 0.25, 1, -0.5, 1.5, 0, 2, 0.5, 0.3, 0.9, -0.2, -0.3,
]);
/** @typedef {import('../types').SwapCommand} SwapCommand */
/** @typedef {import('../types').SwapMessage} SwapMessage */
/** @typedef {import('../types').SwapStageMessage} SwapStageMessage */

const core = loadCore();
/** @type {import('../types').ActivationLab} */
let M;
/** @type {import('../../../wasm/activation-lab').Experiment | null} */
let current = null;
/** @type {{state: string, activation: import('../types').ActivationName} | null} */
let pretrained = null;
let gridSize = 60;
/** @type {import('../types').Bounds} */
let bounds = [0, 1, 0, 1];
let points = new Float32Array(0);

/**
 * @param {SwapMessage} msg
 * @param {Transferable[]} [transfer]
 */
const send = (msg, transfer = []) => postMessage(msg, { transfer });

/** The network; every command but pretrain and import needs one. */
function network() {
  if (!current) throw new Error('no network yet');
  return current;
}

/**
 * A fresh Experiment of `config` (any previous one is deleted), with its data and bounds.
 * @param {import('../types').Config} config
 * @param {number} grid
 */
function create(config, grid) {
  current?.delete();
  const json = JSON.stringify(config);
  const problem = M.validateConfigJson(json);
  if (problem) throw new Error(problem);
  const exp = new M.Experiment(json);
  current = exp;
  if (exp.status() === 'invalid') throw new Error(exp.error() || 'invalid config');
  gridSize = grid;
  const data = { train: exp.data('train').slice(), val: exp.data('val').slice() };
  bounds = boundsOf(Object.values(data));
  // The data points, as x0, x1 pairs, for the largest output change of a swap.
  const xy = [];
  for (const d of Object.values(data))
    for (let i = 0; i < d.length; i += 3) xy.push(d[i], d[i + 1]);
  points = Float32Array.from(xy);
  return data;
}

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
 */
function trainTo(stage, last) {
  const exp = network();
  let t = performance.now();
  while (exp.epoch() < last && exp.step()) {
    if (performance.now() - t > PROGRESS_MS) {
      t = performance.now();
      send({ type: 'progress', stage, epoch: exp.epoch(), of: last });
    }
  }
  if (exp.status() === 'diverged')
    throw new Error(`diverged at epoch ${exp.epoch() + 1}: ${exp.error()}`);
}

/**
 * Posts the network's state after a stage: its picture, accuracy and probe outputs.
 * @param {import('../types').SwapStage} stage
 * @param {Partial<SwapStageMessage>} [extra]
 * @param {SwapStageMessage['data']} [data]
 */
function post(stage, extra = {}, data) {
  const exp = network();
  const g = grid();
  const probe = Array.from(exp.predict(PROBE));
  send(
    {
      type: 'stage',
      stage,
      activation: exp.activation(),
      acc: acc(),
      grid: g,
      probe,
      bounds,
      data,
      ...extra,
    },
    [g.buffer],
  );
}

/** @type {{[C in SwapCommand as C['cmd']]: (command: C) => void}} */
const commands = {
  pretrain({ config, grid: size }) {
    const data = create(config, size);
    trainTo('pretrain', config.epochs);
    const exp = network();
    pretrained = { state: exp.stateJson(), activation: exp.activation() };
    post('pretrained', { history: JSON.parse(exp.historyJson()) }, data);
  },
  import({ config, state, grid: size }) {
    const data = create(config, size);
    const exp = network();
    const err = exp.loadStateJson(state);
    if (err) throw new Error(err);
    pretrained = { state: exp.stateJson(), activation: exp.activation() };
    post('pretrained', { history: [], imported: true }, data);
  },
  swap({ to }) {
    if (!pretrained) throw new Error('no pretrained network yet');
    const exp = network();
    // Always from the pretrained weights, so that several swaps can be compared.
    let err = exp.loadStateJson(pretrained.state) || exp.setActivation(pretrained.activation);
    if (err) throw new Error(err);
    const before = [grid(), exp.predict(points)];
    err = exp.setActivation(to);
    if (err) throw new Error(err);
    const after = [grid(), exp.predict(points)];
    let maxDiff = 0;
    before.forEach((b, k) => {
      for (let i = 0; i < b.length; i++) maxDiff = Math.max(maxDiff, Math.abs(b[i] - after[k][i]));
    });
    post('swapped', { maxDiff, start: exp.epoch() });
  },
  finetune({ epochs }) {
    if (!pretrained) throw new Error('no pretrained network yet');
    const exp = network();
    const start = exp.epoch();
    const err = exp.setEpochs(start + epochs);
    if (err) throw new Error(err);
    /** @type {import('../types').FinetuneCurve} */
    const curve = [{ epoch: 0, val_acc: acc() }];
    let t = performance.now();
    while (exp.epoch() < start + epochs && exp.step()) {
      curve.push({ epoch: exp.epoch() - start, val_acc: JSON.parse(exp.lastEpochJson()).val_acc });
      if (performance.now() - t > PROGRESS_MS) {
        t = performance.now();
        send({
          type: 'progress',
          stage: 'finetune',
          epoch: exp.epoch() - start,
          of: epochs,
          curve,
        });
      }
    }
    if (exp.status() === 'diverged') throw new Error(`diverged during fine-tuning: ${exp.error()}`);
    post('finetuned', { curve });
  },
  export() {
    const exp = network();
    send({
      type: 'state',
      json: exp.stateJson(),
      activation: exp.activation(),
      hidden: JSON.parse(exp.configJson()).hidden ?? null,
    });
  },
};

onmessage = async (/** @type {MessageEvent<SwapCommand>} */ { data: msg }) => {
  try {
    M ??= (await core).M;
    const run = /** @type {((command: SwapCommand) => void) | undefined} */ (
      Object.prototype.hasOwnProperty.call(commands, msg?.cmd) ? commands[msg.cmd] : undefined
    );
    if (!run) throw new Error(`unknown command ${msg?.cmd}`);
    run(msg);
  } catch (err) {
    send({
      type: 'error',
      cmd: msg?.cmd,
      message: err instanceof Error ? err.message : String(err),
    });
  }
};
