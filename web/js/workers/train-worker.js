// A module Web Worker that owns one Experiment of the WASM core and trains it epoch by epoch.
// It posts snapshots at a fixed frame rate (every SLICE_MS of training), not every epoch, so
// drawing on the page never slows training down. Protocol (all messages are plain objects):
//   in:  {cmd:'create', config, grid (points per axis, 0 for none)}  {cmd:'play'}  {cmd:'pause'}  {cmd:'step'}  {cmd:'stop'}
//   out: {type:'created', status, arch, bounds, data:{train,val,test}}  (then a snapshot)
//        {type:'snapshot', epoch, status, stopped, records, grid, seconds, final}
//        {type:'error', message}
import { loadCore } from '../core.js';
import { boundsOf } from '../bounds.js';

/** @typedef {import('../types').TrainCommand} TrainCommand */
/** @typedef {import('../types').TrainMessage} TrainMessage */
/** @typedef {import('../types').EpochStats} EpochStats */

const SLICE_MS = 50;
const core = loadCore();
/** @type {import('../types').ActivationLab} */
let M;
/** @type {import('../../../wasm/activation-lab').Experiment | undefined} */
let current;
/** @type {import('../types').Bounds} */
let bounds = [0, 1, 0, 1];
let gridSize = 0,
  playing = false,
  stopped = false,
  seconds = 0;
/** @type {EpochStats[]} */
let pending = [];

/**
 * @param {TrainMessage} msg
 * @param {Transferable[]} [transfer]
 */
const post = (msg, transfer = []) => postMessage(msg, { transfer });

/** The experiment; the commands that need one come after 'create'. */
function experiment() {
  if (!current) throw new Error('no experiment: send create first');
  return current;
}

function stepOnce() {
  const exp = experiment();
  const before = exp.epoch(),
    t0 = performance.now();
  const more = exp.step();
  seconds += (performance.now() - t0) / 1000;
  if (exp.epoch() > before) pending.push(JSON.parse(exp.lastEpochJson()));
  return more;
}

function snapshot() {
  const exp = experiment();
  const status = exp.status(),
    ended = stopped || status === 'done' || status === 'diverged';
  // A copy: the view into WASM memory dies on the next call. grid 0 = no picture (e.g. seed studies).
  const grid = gridSize ? exp.grid(gridSize, gridSize, ...bounds).slice() : null;
  const final = ended
    ? { train: JSON.parse(exp.evaluateJson('train')), test: JSON.parse(exp.evaluateJson('test')) }
    : null;
  post(
    {
      type: 'snapshot',
      epoch: exp.epoch(),
      status,
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

function run() {
  if (!playing) return;
  const t0 = performance.now();
  let more = true;
  while (more && playing && performance.now() - t0 < SLICE_MS) more = stepOnce();
  if (!more) playing = false;
  snapshot();
  if (playing) setTimeout(run, 0); // yield so 'pause' and 'stop' messages get through
}

/** @param {Extract<TrainCommand, {cmd: 'create'}>} command */
function create({ config, grid }) {
  current?.delete();
  const exp = new M.Experiment(JSON.stringify(config));
  current = exp;
  playing = false;
  stopped = false;
  seconds = 0;
  pending = [];
  gridSize = grid;
  if (exp.status() === 'invalid')
    throw new Error(M.validateConfigJson(JSON.stringify(config)) || 'invalid config');
  const data = {
    train: exp.data('train').slice(),
    val: exp.data('val').slice(),
    test: exp.data('test').slice(),
  };
  bounds = boundsOf(Object.values(data));
  post({ type: 'created', status: exp.status(), arch: M.simdArch(), bounds, data });
  snapshot();
}

onmessage = async (/** @type {MessageEvent<TrainCommand>} */ { data: msg }) => {
  try {
    M ??= (await core).M;
    if (msg.cmd === 'create') return create(msg);
    const exp = experiment();
    const ended = () => stopped || ['done', 'diverged'].includes(exp.status());
    if (msg.cmd === 'play' && !ended() && !playing) ((playing = true), run());
    else if (msg.cmd === 'pause') ((playing = false), snapshot());
    else if (msg.cmd === 'step' && !ended() && !playing) (stepOnce(), snapshot());
    else if (msg.cmd === 'stop') ((playing = false), (stopped = true), snapshot());
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
