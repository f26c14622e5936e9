// A module Web Worker that owns one Experiment of the WASM core and trains it. All work is sliced
// (shared/slice-budget.js, grid-job.js): the core trains a budget of rows per call, and the worker
// goes back to its messages every SLICE_MS, so Pause, Stop and a new create take effect at once
// whatever the settings (one epoch of the largest network takes minutes). It posts a snapshot after
// each slice; the decision grid, itself computed in pieces, comes with the snapshot that finishes
// it (null otherwise); while training, it takes at most GRID_SHARE of the time (for a deep network
// a grid costs a good part of an epoch). With `pieces` on, the grid is finer (PIECES_GRID) and
// comes with the core's patternGrid, the on/off pattern of the hidden units at each point
// (shared/pieces.js).
// It speaks the page's worker protocol (shared/worker-serve.js; trainer.js is its caller):
//   request {cmd:'create', config, grid (points per axis, 0 for none)}: its progress messages
//        {message} carry the run's news, its result {replaced: true} comes when the next create
//        replaces the run (a worker serves one run at a time). The news:
//        {type:'created', status, arch, bounds, data:{train,val,test}, init (diagnostics at
//         epoch 0 when the config asks for them, else null)}  (then snapshots)
//        {type:'snapshot', epoch, progress, status, stopped, records, grid, gridN, patterns,
//         maps, seconds, final}
//        {type:'error', message}  (a signal that failed)
//   signals {cmd:'play'} {cmd:'pause'} {cmd:'step'} {cmd:'stop'} {cmd:'pieces', on}
//        {cmd:'maps', on, layer}: they act on the run once the create sent before them has set it up.
// With maps on, a snapshot carries each hidden unit's output over the plane (one batched
// evaluation by the core, Experiment.neuronMaps, at MAPS_GRID² points over the boundary's bounds),
// refreshed at most every MAPS_MS while the weights change: the page only paints them.
import { loadCore } from '../shared/core.js';
import { setUpExperiment } from '../shared/experiment-setup.js';
import { messageOf } from '../shared/worker-error.js';
import { serve } from '../shared/worker-serve.js';
import { createBudget } from '../shared/slice-budget.js';
import { createGridJob } from './grid-job.js';

/** @typedef {import('./protocol').TrainCreate} TrainCreate */
/** @typedef {import('./protocol').TrainSignal} TrainSignal */
/** @typedef {import('./protocol').TrainMessage} TrainMessage */
/** @typedef {import('../shared/types').EpochStats} EpochStats */
/** @typedef {import('../shared/types').Metrics} Metrics */
/** @typedef {import('../../../wasm/activation-lab').Experiment} Experiment */

const SLICE_MS = 50;
const GRID_SHARE = 0.2;
const PIECES_GRID = 120;
const MAPS_GRID = 24;
const MAPS_MS = 250;
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
  scheduled = false,
  mapsOn = false,
  mapsLayer = 0,
  depth = 0, // hidden layers of the run
  mapsDirty = false, // the weights changed since the last maps (or the layer did)
  nextMapsAt = 0;
/** @type {EpochStats[]} */
let pending = [];
/** @type {{train: Metrics, test: Metrics} | null} */
let final = null;
/** @type {{next(): Float32Array | null} | null} */
let gridJob = null;
/** @type {{next(): boolean} | null} */
let finalJob = null;
/** @type {((fields: {message: TrainMessage}, transfer?: Transferable[]) => void) | null} */
let report = null; // the progress of the create request that set up the run
let endRun = () => {}; // answers that request (when the next create replaces the run)
/** @type {Promise<unknown>} */
let ready = Promise.resolve(); // the latest create's set-up: signals wait for it

/**
 * @param {TrainMessage} msg
 * @param {Transferable[]} [transfer]
 */
const post = (msg, transfer = []) => report?.({ message: msg }, transfer);

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

/**
 * The units' maps of the current weights, when asked for and due.
 * @returns {import('./protocol').UnitMaps | null}
 */
function mapsDue() {
  if (!mapsOn || !mapsDirty || performance.now() < nextMapsAt || !depth) return null;
  const layer = Math.min(mapsLayer, depth - 1);
  const values = experiment()
    .neuronMaps(layer, MAPS_GRID, MAPS_GRID, ...bounds)
    .slice(); // (a view of WASM memory: copied before it is posted)
  mapsDirty = false;
  nextMapsAt = performance.now() + MAPS_MS;
  return { layer, n: MAPS_GRID, units: values.length / (MAPS_GRID * MAPS_GRID), values };
}

function finish() {
  playing = stepping = false;
  mapsDirty = true; // (a stop puts back the last recorded epoch's weights)
  nextMapsAt = 0;
  newGrid();
  if (!final) finalJob = createFinalJob();
}

function trainSlice() {
  const run = experiment();
  const t0 = performance.now();
  const recorded = trainBudget.run((rows) => run.advance(rows));
  seconds += (performance.now() - t0) / 1000;
  mapsDirty = true;
  if (recorded) {
    pending.push(JSON.parse(run.lastEpochJson()));
    if (!playing) nextMapsAt = 0; // a step's end: its maps now
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
  const maps = mapsDue();
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
      maps,
      seconds,
      final,
    },
    [grid?.buffer, patterns?.buffer, maps?.values.buffer].filter((b) => b !== undefined),
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

/**
 * @param {TrainCreate} command
 * @param {(fields: {message: TrainMessage}, transfer?: Transferable[]) => void} progress
 */
function create({ config, grid }, progress) {
  endRun();
  report = null;
  exp?.delete();
  exp = null;
  playing = stepping = stopped = false;
  seconds = 0;
  pending = [];
  final = gridJob = finalJob = null;
  gridSize = grid;
  nextGridAt = nextMapsAt = 0;
  mapsDirty = true;
  depth = config.hidden?.length ?? 0;
  const {
    exp: candidate,
    data,
    bounds: around,
  } = setUpExperiment(M, config, ['train', 'val', 'test']);
  exp = candidate;
  report = progress;
  bounds = around;
  const init = config.diagnostics ? JSON.parse(candidate.diagnosticsJson()) : null;
  post({ type: 'created', status: candidate.status(), arch: M.simdArch(), bounds, data, init });
  newGrid();
  snapshot();
  schedule();
  // Set here, not once the request resumes: two creates in a row each end the one before.
  return { replaced: new Promise((resolve) => (endRun = () => resolve({ replaced: true }))) };
}

/** @param {TrainSignal} msg */
function signal(msg) {
  const run = experiment();
  if (msg.cmd === 'play' && !ended()) ((playing = true), (stepping = false));
  else if (msg.cmd === 'pause') ((playing = stepping = false), (nextMapsAt = 0), snapshot());
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
  } else if (msg.cmd === 'maps') {
    mapsOn = Boolean(msg.on);
    mapsLayer = Math.max(0, Math.floor(Number(msg.layer) || 0));
    mapsDirty = true;
    nextMapsAt = 0;
    if (mapsOn) snapshot(); // the maps of the weights as they are, paused or not
  }
  schedule();
}

/** @param {TrainSignal['cmd']} cmd */
const later =
  (cmd) =>
  (/** @type {{on?: boolean, layer?: number}} */ { on, layer }) =>
    ready.then(() => {
      if (!exp) return; // (no run: its create failed, and said so)
      try {
        signal(/** @type {TrainSignal} */ ({ cmd, on, layer }));
      } catch (err) {
        post({ type: 'error', message: messageOf(err) });
      }
    });

serve(
  {
    /**
     * @param {TrainCreate} command
     * @param {(fields: {message: TrainMessage}, transfer?: Transferable[]) => void} progress
     */
    async create(command, progress) {
      const setUp = core.then((loaded) => ((M ??= loaded.M), create(command, progress)));
      ready = setUp.catch(() => {});
      return (await setUp).replaced;
    },
  },
  {
    play: later('play'),
    pause: later('pause'),
    step: later('step'),
    stop: later('stop'),
    pieces: later('pieces'),
    maps: later('maps'),
  },
);
