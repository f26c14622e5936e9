// The pretrained-swap demo's worker: one network, kept between messages, so that the same
// pretrained weights can be swapped to several activations in turn. Accuracies are on the
// validation set; the demo never reads the test set.
//   in:  {cmd:'pretrain', config, grid}          train from scratch to the end
//        {cmd:'import', config, state, grid}      load a state_dict instead of training
//        {cmd:'swap', to}                          pretrained weights, another activation
//        {cmd:'finetune', epochs}                 train the swapped network further
//        {cmd:'export'}                            the current weights
//        {cmd:'restore', config, state, activation} a pretrained network again, silently (after the
//                                                  page ended a worker to cancel a long step)
//   out: {type:'progress', stage, epoch, of}
//        {type:'stage', stage, activation, acc, grid, probe, maxDiff?, curve?, history?,
//                       state? (pretrained: the weights, which the page keeps for a restore)}
//        {type:'state', json, activation, hidden}  |  {type:'error', cmd, message}
import { loadCore } from '../core.js';
import { boundsOf } from '../bounds.js';

const PROGRESS_MS = 80;
// Fixed points where the output is reported in full (data-probe): equal weights and equal
// activation give equal numbers, whatever page or file they came from.
const PROBE = new Float32Array([
  -1, 0.5, 0, 0, 0.5, 0.25, 1, -0.5, 1.5, 0, 2, 0.5, 0.3, 0.9, -0.2, -0.3,
]);
const core = loadCore();
let M,
  exp = null,
  pretrained = null,
  gridSize = 60,
  bounds = null,
  points = null;

/**
 * A fresh Experiment of `config` with its data and bounds, not yet in use: commit() makes it the
 * worker's network (deleting the previous one), drop() deletes it. So a refused import or a
 * failed step leaves the current network as it was.
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

const grid = () => exp.grid(gridSize, gridSize, ...bounds).slice(); // a copy of the view
const acc = () => JSON.parse(exp.evaluateJson('val')).acc;

function trainTo(stage, last, run = exp) {
  let t = performance.now();
  while (run.epoch() < last && run.step()) {
    if (performance.now() - t > PROGRESS_MS) {
      t = performance.now();
      postMessage({ type: 'progress', stage, epoch: run.epoch(), of: last });
    }
  }
  if (run.status() === 'diverged')
    throw new Error(`diverged at epoch ${run.epoch() + 1}: ${run.error()}`);
}

function post(stage, extra = {}, data) {
  const g = grid();
  const probe = Array.from(exp.predict(PROBE));
  postMessage(
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

const commands = {
  pretrain({ config, grid: size }) {
    const next = build(config, size);
    try {
      trainTo('pretrain', config.epochs, next.exp);
    } catch (err) {
      throw (next.drop(), err); // a diverged pretraining leaves the current network
    }
    next.commit();
    pretrained = { state: exp.stateJson(), activation: exp.activation() };
    post(
      'pretrained',
      { history: JSON.parse(exp.historyJson()), state: pretrained.state },
      next.data,
    );
  },
  import({ config, state, grid: size }) {
    const next = build(config, size);
    const err = next.exp.loadStateJson(state);
    if (err) throw (next.drop(), new Error(err)); // the current network stays
    next.commit();
    pretrained = { state: exp.stateJson(), activation: exp.activation() };
    post('pretrained', { history: [], imported: true, state: pretrained.state }, next.data);
  },
  restore({ config, state, grid: size }) {
    const next = build(config, size);
    const err = next.exp.loadStateJson(state);
    if (err) throw (next.drop(), new Error(err));
    next.commit();
    pretrained = { state, activation: exp.activation() };
    postMessage({ type: 'restored' });
  },
  swap({ to }) {
    if (!pretrained) throw new Error('no pretrained network yet');
    // Always from the pretrained weights, so that several swaps can be compared.
    let err = exp.loadStateJson(pretrained.state) || exp.setActivation(pretrained.activation);
    if (err) throw new Error(err);
    const before = { grid: grid(), pts: exp.predict(points) };
    err = exp.setActivation(to);
    if (err) throw new Error(err);
    const after = { grid: grid(), pts: exp.predict(points) };
    let maxDiff = 0;
    for (const k of ['grid', 'pts'])
      for (let i = 0; i < before[k].length; i++)
        maxDiff = Math.max(maxDiff, Math.abs(before[k][i] - after[k][i]));
    post('swapped', { maxDiff, start: exp.epoch() });
  },
  finetune({ epochs }) {
    if (!pretrained) throw new Error('no pretrained network yet');
    const start = exp.epoch();
    const err = exp.setEpochs(start + epochs);
    if (err) throw new Error(err);
    const curve = [{ epoch: 0, val_acc: acc() }];
    let t = performance.now();
    while (exp.epoch() < start + epochs && exp.step()) {
      curve.push({ epoch: exp.epoch() - start, val_acc: JSON.parse(exp.lastEpochJson()).val_acc });
      if (performance.now() - t > PROGRESS_MS) {
        t = performance.now();
        postMessage({
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
    if (!exp) throw new Error('no network yet');
    postMessage({
      type: 'state',
      json: exp.stateJson(),
      activation: exp.activation(),
      hidden: JSON.parse(exp.configJson?.() ?? '{}').hidden ?? null,
    });
  },
};

onmessage = async ({ data: msg }) => {
  try {
    M ??= (await core).M;
    const run = commands[msg.cmd];
    if (!run) throw new Error(`unknown command ${msg.cmd}`);
    run(msg);
  } catch (err) {
    postMessage({ type: 'error', cmd: msg?.cmd, message: String(err?.message ?? err) });
  }
};
