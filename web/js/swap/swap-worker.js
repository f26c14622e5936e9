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
//   out: {type:'progress', stage, epoch, of}
//        {type:'stage', stage, activation, acc, grid, probe, maxDiff?, curve?, history?,
//                       state? (pretrained: the weights, which the page keeps for a restore)}
//        {type:'state', json, activation, hidden}  |  {type:'error', cmd, message}
import { loadCore } from '../shared/core.js';
import { boundsOf } from '../shared/bounds.js';

const PROGRESS_MS = 80;
// Fixed points where the output is reported in full (data-probe): equal weights and equal
// activation give equal numbers, whatever page or file they came from.
const PROBE = new Float32Array([
  -1, 0.5, 0, 0, 0.5, 0.25, 1, -0.5, 1.5, 0, 2, 0.5, 0.3, 0.9, -0.2, -0.3,
]);
/** @typedef {import('../shared/types').SwapCommand} SwapCommand */
/** @typedef {import('../shared/types').SwapMessage} SwapMessage */
/** @typedef {import('../shared/types').SwapStageMessage} SwapStageMessage */
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

/**
 * @param {SwapMessage} msg
 * @param {Transferable[]} [transfer]
 */
const send = (msg, transfer = []) => postMessage(msg, { transfer });

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
  const json = JSON.stringify(config);
  const problem = M.validateConfigJson(json);
  if (problem) throw new Error(problem);
  const candidate = new M.Experiment(json);
  if (candidate.status() === 'invalid') {
    candidate.delete();
    throw new Error(M.validateConfigJson(json) || 'invalid config');
  }
  const data = { train: candidate.data('train').slice(), val: candidate.data('val').slice() };
  // The data points, as x0, x1 pairs, for the largest output change of a swap.
  /** @type {number[]} */
  const xy = [];
  for (const d of Object.values(data))
    for (let i = 0; i < d.length; i += 3) xy.push(d[i], d[i + 1]);
  const b = boundsOf(Object.values(data));
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
 * @param {import('../shared/types').SwapStage} stage
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
    [g.buffer],
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
      { history: JSON.parse(next.exp.historyJson()), state: pretrained.state },
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
    const err = next.exp.loadStateJson(state);
    if (err) throw (next.drop(), new Error(err)); // the current network stays
    next.commit();
    pretrained = { state: next.exp.stateJson(), activation: next.exp.activation() };
    post('pretrained', { history: [], imported: true, hidden, state: pretrained.state }, next.data);
  },
  restore({ config, state, grid: size }) {
    const next = build(config, size);
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
    send({
      type: 'state',
      json: net.stateJson(),
      activation: net.activation(),
      hidden: JSON.parse(net.configJson()).hidden ?? null,
    });
  },
};

/**
 * Runs one command (an own key of `commands` only: never Object.prototype's toString and kin).
 * @param {SwapCommand} msg
 */
async function dispatch(msg) {
  if (!Object.hasOwn(commands, msg?.cmd)) throw new Error(`unknown command ${msg?.cmd}`);
  await /** @type {(command: SwapCommand) => void | Promise<void>} */ (commands[msg.cmd])(msg);
}

onmessage = async (/** @type {MessageEvent<SwapCommand>} */ { data: msg }) => {
  try {
    M ??= (await core).M;
    await dispatch(msg);
  } catch (err) {
    send({
      type: 'error',
      cmd: msg?.cmd,
      message: err instanceof Error ? err.message : String(err),
    });
  }
};
