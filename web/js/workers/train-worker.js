// A module Web Worker that owns one Experiment of the WASM core and trains it. All work is sliced
// (slices.js): the core trains a budget of rows per call, and the worker goes back to its messages
// every SLICE_MS, so Pause, Stop and a new create take effect at once whatever the settings (one
// epoch of the largest network takes minutes). It posts a snapshot after each slice; the decision
// grid, itself computed in pieces, comes with the snapshot that finishes it (null otherwise).
//   in:  {cmd:'create', config, grid (points per axis, 0 for none)}  {cmd:'play'}  {cmd:'pause'}  {cmd:'step'}  {cmd:'stop'}
//   out: {type:'created', status, arch, bounds, data:{train,val,test}}  (then snapshots)
//        {type:'snapshot', epoch, progress, status, stopped, records, grid, seconds, final}
//        {type:'error', message}
import { loadCore } from '../core.js';
import { boundsOf } from '../bounds.js';
import { createBudget, createGridJob } from './slices.js';

const SLICE_MS = 50;
const core = loadCore();
const trainBudget = createBudget(),
  passBudget = createBudget(); // forward-only passes: the grid and the final evaluation
let M,
  exp,
  gridSize,
  bounds,
  playing = false,
  stepping = false,
  stopped = false,
  seconds = 0,
  pending = [],
  final = null,
  gridJob = null,
  finalJob = null,
  lastGridAt = -Infinity,
  scheduled = false;

const ended = () => stopped || exp.status() === 'done' || exp.status() === 'diverged';
const training = () => (playing || stepping) && !ended();

/** The final train and test metrics, a pass at a time, in pieces. */
function createFinalJob() {
  const order = ['train', 'test'],
    out = {};
  exp.beginEvaluation(order[0]);
  return {
    next() {
      if (!passBudget.run((rows) => exp.continueEvaluation(rows))) return false;
      out[order[Object.keys(out).length]] = JSON.parse(exp.evaluationJson());
      if (Object.keys(out).length === order.length) return ((final = out), true);
      exp.beginEvaluation(order[Object.keys(out).length]);
      return false;
    },
  };
}

function newGrid() {
  gridJob = gridSize ? createGridJob(exp, gridSize, bounds, passBudget) : null;
  lastGridAt = performance.now();
}

function finish() {
  playing = stepping = false;
  newGrid();
  if (!final) finalJob = createFinalJob();
}

function trainSlice() {
  const t0 = performance.now();
  const recorded = trainBudget.run((rows) => exp.advance(rows));
  seconds += (performance.now() - t0) / 1000;
  if (recorded) {
    pending.push(JSON.parse(exp.lastEpochJson()));
    stepping = false;
    // A new picture at most every SLICE_MS, of the weights of a recorded epoch.
    if (performance.now() - lastGridAt > SLICE_MS || !playing) newGrid();
  }
  if (ended()) finish();
}

function snapshot(grid = null) {
  postMessage(
    {
      type: 'snapshot',
      epoch: exp.epoch(),
      progress: exp.epochProgress(),
      status: exp.status(),
      stopped,
      records: pending,
      grid,
      seconds,
      final,
    },
    grid ? [grid.buffer] : [],
  );
  pending = [];
}

function tick() {
  scheduled = false;
  if (!exp) return;
  const t0 = performance.now();
  let grid = null;
  while (performance.now() - t0 < SLICE_MS) {
    if (gridJob) {
      const g = gridJob.next();
      if (g) ((grid = g), (gridJob = null));
    } else if (finalJob) {
      if (finalJob.next()) finalJob = null;
    } else if (training()) trainSlice();
    else break;
  }
  snapshot(grid);
  schedule();
}

function schedule() {
  // setTimeout, not a loop: messages (pause, stop, create) are handled between two ticks.
  if (!scheduled && (gridJob || finalJob || training())) ((scheduled = true), setTimeout(tick, 0));
}

function create({ config, grid }) {
  exp?.delete();
  exp = null;
  playing = stepping = stopped = false;
  seconds = 0;
  pending = [];
  final = gridJob = finalJob = null;
  gridSize = grid;
  const json = JSON.stringify(config);
  const candidate = new M.Experiment(json);
  if (candidate.status() === 'invalid') {
    candidate.delete();
    throw new Error(M.validateConfigJson(json) || 'invalid config');
  }
  exp = candidate;
  const data = {};
  for (const which of ['train', 'val', 'test']) data[which] = exp.data(which).slice();
  bounds = boundsOf(Object.values(data));
  postMessage({ type: 'created', status: exp.status(), arch: M.simdArch(), bounds, data });
  newGrid();
  snapshot();
  schedule();
}

onmessage = async ({ data: msg }) => {
  try {
    M ??= (await core).M;
    if (msg.cmd === 'create') return create(msg);
    if (!exp) throw new Error('no experiment: send create first');
    if (msg.cmd === 'play' && !ended()) ((playing = true), (stepping = false));
    else if (msg.cmd === 'pause') ((playing = stepping = false), snapshot());
    else if (msg.cmd === 'step' && !ended() && !playing) stepping = true;
    else if (msg.cmd === 'stop' && !stopped) {
      // The weights go back to the last recorded epoch: the final numbers are those of the table.
      exp.cancelEpoch();
      stopped = true;
      finish();
      snapshot();
    }
    schedule();
  } catch (err) {
    postMessage({ type: 'error', message: String(err?.message ?? err) });
  }
};
