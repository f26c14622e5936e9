// A module Web Worker that owns one Experiment of the WASM core and trains it. All work is sliced
// (slices.js): the core trains a budget of rows per call, and the worker goes back to its messages
// every SLICE_MS, so Pause, Stop and a new create take effect at once whatever the settings (one
// epoch of the largest network takes minutes). It posts a snapshot after each slice; the decision
// grid, itself computed in pieces, comes with the snapshot that finishes it (null otherwise); while
// training, it takes at most GRID_SHARE of the time (for a deep network a grid costs a good part
// of an epoch). With `pieces` on, the grid is finer (PIECES_GRID) and comes with the core's
// patternGrid, the on/off pattern of the hidden units at each point (js/pieces.js).
//   in:  {cmd:'create', config, grid (points per axis, 0 for none)}  {cmd:'play'}  {cmd:'pause'}
//        {cmd:'step'}  {cmd:'stop'}  {cmd:'pieces', on}
//   out: {type:'created', status, arch, bounds, data:{train,val,test}, init (diagnostics at
//        epoch 0 when the config asks for them, else null)}  (then snapshots)
//        {type:'snapshot', epoch, progress, status, stopped, records, grid, gridN, patterns,
//         seconds, final}
//        {type:'error', message}
import { loadCore } from '../shared/core.js';
import { boundsOf } from '../shared/bounds.js';
import { createBudget, createGridJob } from './slices.js';

/** @typedef {import('../shared/types').TrainCommand} TrainCommand */
/** @typedef {import('../shared/types').TrainMessage} TrainMessage */
/** @typedef {import('../shared/types').EpochStats} EpochStats */
/** @typedef {import('../shared/types').Metrics} Metrics */
/** @typedef {import('../../../wasm/activation-lab').Experiment} Experiment */

const SLICE_MS = 50;
const GRID_SHARE = 0.2;
const PIECES_GRID = 120;
const core = loadCore();
const trainBudget = createBudget(),
  passBudget = createBudget(); // forward-only passes: the grid and the final evaluation
/** @type {import('../shared/types').ActivationLab} */
let M;
/** @type {Experiment | null} */
let exp = null;
/** @type {import('../shared/types').Bounds} */
let bounds = [0, 1, 0, 1];
let gridSize = 0,
  playing = false,
  stepping = false,
  stopped = false,
  seconds = 0,
  pieces = false,
  gridN = 0,
  gridMs = 0,
  nextGridAt = 0,
  scheduled = false;
/** @type {EpochStats[]} */
let pending = [];
/** @type {{train: Metrics, test: Metrics} | null} */
let final = null;
/** @type {{next(): Float32Array | null} | null} */
let gridJob = null;
/** @type {{next(): boolean} | null} */
let finalJob = null;

/**
 * @param {TrainMessage} msg
 * @param {Transferable[]} [transfer]
 */
const post = (msg, transfer = []) => postMessage(msg, { transfer });

/** The experiment; the commands that need one come after 'create'. */
function experiment() {
  if (!exp) throw new Error('no experiment: send create first');
  return exp;
}

const ended = () => {
  const status = experiment().status();
  return stopped || status === 'done' || status === 'diverged';
};
const training = () => (playing || stepping) && !ended();

/** The final train and test metrics, a pass at a time, in pieces. */
function createFinalJob() {
  const run = experiment();
  /** @type {('train' | 'test')[]} */
  const order = ['train', 'test'];
  /** @type {Metrics[]} */
  const out = [];
  run.beginEvaluation(order[0]);
  return {
    next() {
      if (!passBudget.run((rows) => run.continueEvaluation(rows))) return false;
      out.push(JSON.parse(run.evaluationJson()));
      if (out.length === order.length) return ((final = { train: out[0], test: out[1] }), true);
      run.beginEvaluation(order[out.length]);
      return false;
    },
  };
}

function newGrid() {
  gridN = pieces ? PIECES_GRID : gridSize;
  gridJob = gridSize ? createGridJob(experiment(), gridN, bounds, passBudget) : null;
  gridMs = 0;
}

/**
 * One piece of the grid job; when it finishes, the grid (and with pieces on, the patterns).
 * @returns {{grid: Float32Array, patterns: Uint32Array | null} | null}
 */
function gridPiece() {
  const t0 = performance.now();
  const grid = gridJob?.next() ?? null;
  /** @type {Uint32Array | null} */
  let patterns = null;
  if (grid && pieces)
    patterns = experiment()
      .patternGrid(gridN, gridN, ...bounds)
      .slice();
  gridMs += performance.now() - t0;
  if (!grid) return null;
  gridJob = null;
  // The next picture waits until this one's cost is GRID_SHARE of the time spent.
  nextGridAt = performance.now() + Math.max(SLICE_MS, (gridMs * (1 - GRID_SHARE)) / GRID_SHARE);
  return { grid, patterns };
}

function finish() {
  playing = stepping = false;
  newGrid();
  if (!final) finalJob = createFinalJob();
}

function trainSlice() {
  const run = experiment();
  const t0 = performance.now();
  const recorded = trainBudget.run((rows) => run.advance(rows));
  seconds += (performance.now() - t0) / 1000;
  if (recorded) {
    pending.push(JSON.parse(run.lastEpochJson()));
    stepping = false;
    // A new picture of the weights of a recorded epoch, when its share of the time allows.
    if (performance.now() >= nextGridAt || !playing) newGrid();
  }
  if (ended()) finish();
}

/** @param {{grid: Float32Array, patterns: Uint32Array | null} | null} [picture] a finished grid */
function snapshot(picture = null) {
  const grid = picture?.grid ?? null,
    patterns = picture?.patterns ?? null;
  const run = experiment();
  post(
    {
      type: 'snapshot',
      epoch: run.epoch(),
      progress: run.epochProgress(),
      status: run.status(),
      stopped,
      records: pending,
      grid,
      gridN: grid ? gridN : 0,
      patterns,
      seconds,
      final,
    },
    [grid?.buffer, patterns?.buffer].filter((b) => b !== undefined),
  );
  pending = [];
}

function tick() {
  scheduled = false;
  if (!exp) return;
  const t0 = performance.now();
  /** @type {{grid: Float32Array, patterns: Uint32Array | null} | null} */
  let picture = null;
  while (performance.now() - t0 < SLICE_MS) {
    if (gridJob) picture = gridPiece() ?? picture;
    else if (finalJob) {
      if (finalJob.next()) finalJob = null;
    } else if (training()) trainSlice();
    else break;
  }
  snapshot(picture);
  schedule();
}

function schedule() {
  // setTimeout, not a loop: messages (pause, stop, create) are handled between two ticks.
  if (!scheduled && (gridJob || finalJob || training())) ((scheduled = true), setTimeout(tick, 0));
}

/** @param {Extract<TrainCommand, {cmd: 'create'}>} command */
function create({ config, grid }) {
  exp?.delete();
  exp = null;
  playing = stepping = stopped = false;
  seconds = 0;
  pending = [];
  final = gridJob = finalJob = null;
  gridSize = grid;
  nextGridAt = 0;
  const json = JSON.stringify(config);
  const candidate = new M.Experiment(json);
  if (candidate.status() === 'invalid') {
    candidate.delete();
    throw new Error(M.validateConfigJson(json) || 'invalid config');
  }
  exp = candidate;
  const data = {
    train: candidate.data('train').slice(),
    val: candidate.data('val').slice(),
    test: candidate.data('test').slice(),
  };
  bounds = boundsOf(Object.values(data));
  const init = config.diagnostics ? JSON.parse(candidate.diagnosticsJson()) : null;
  post({ type: 'created', status: candidate.status(), arch: M.simdArch(), bounds, data, init });
  newGrid();
  snapshot();
  schedule();
}

onmessage = async (/** @type {MessageEvent<TrainCommand>} */ { data: msg }) => {
  try {
    M ??= (await core).M;
    if (msg.cmd === 'create') return create(msg);
    const run = experiment();
    if (msg.cmd === 'play' && !ended()) ((playing = true), (stepping = false));
    else if (msg.cmd === 'pause') ((playing = stepping = false), snapshot());
    else if (msg.cmd === 'step' && !ended() && !playing) stepping = true;
    else if (msg.cmd === 'stop' && !stopped) {
      // The weights go back to the last recorded epoch: the final numbers are those of the table.
      run.cancelEpoch();
      stopped = true;
      finish();
      snapshot();
    } else if (msg.cmd === 'pieces') {
      pieces = Boolean(msg.on);
      newGrid(); // the next picture at the new resolution, with or without the patterns
    }
    schedule();
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
