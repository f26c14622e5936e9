// A module Web Worker that owns one Experiment of the WASM core and trains it epoch by epoch.
// It posts snapshots at a fixed frame rate (every SLICE_MS of training), not every epoch, so
// drawing on the page never slows training down. The decision-boundary grid costs a forward pass
// over every grid point, which for a deep network is a good part of an epoch: it is recomputed
// only once its share of the time would stay under GRID_SHARE (always when paused or ended).
// With `pieces` on, the grid is finer (PIECES_GRID) and comes with the core's patternGrid, the
// on/off pattern of the hidden units at each point (js/pieces.js). Protocol (plain objects):
//   in:  {cmd:'create', config, grid (points per axis, 0 for none)}  {cmd:'play'}  {cmd:'pause'}
//        {cmd:'step'}  {cmd:'stop'}  {cmd:'pieces', on}
//   out: {type:'created', status, arch, bounds, data:{train,val,test}, init (diagnostics at
//        epoch 0 when the config asks for them, else null)}  (then a snapshot)
//        {type:'snapshot', epoch, status, stopped, records, grid, gridN, patterns, seconds, final}
//        {type:'error', message}
import { loadCore } from '../core.js';
import { boundsOf } from '../bounds.js';

const SLICE_MS = 50;
const GRID_SHARE = 0.2;
const PIECES_GRID = 120;
const core = loadCore();
let M,
  exp,
  gridSize,
  bounds,
  pieces = false,
  nextGridAt = 0,
  playing = false,
  stopped = false,
  seconds = 0,
  pending = [];

function stepOnce() {
  const before = exp.epoch(),
    t0 = performance.now();
  const more = exp.step();
  seconds += (performance.now() - t0) / 1000;
  if (exp.epoch() > before) pending.push(JSON.parse(exp.lastEpochJson()));
  return more;
}

function snapshot() {
  const status = exp.status(),
    ended = stopped || status === 'done' || status === 'diverged';
  // Copies: a view into WASM memory dies on the next call. grid 0 = no picture (e.g. seed studies).
  let grid = null,
    patterns = null,
    gridN = 0;
  const t0 = performance.now();
  if (gridSize && (ended || !playing || t0 >= nextGridAt)) {
    gridN = pieces ? PIECES_GRID : gridSize;
    grid = exp.grid(gridN, gridN, ...bounds).slice();
    if (pieces) patterns = exp.patternGrid(gridN, gridN, ...bounds).slice();
    const cost = performance.now() - t0;
    nextGridAt = performance.now() + (cost * (1 - GRID_SHARE)) / GRID_SHARE;
  }
  const final = ended
    ? { train: JSON.parse(exp.evaluateJson('train')), test: JSON.parse(exp.evaluateJson('test')) }
    : null;
  postMessage(
    {
      type: 'snapshot',
      epoch: exp.epoch(),
      status,
      stopped,
      records: pending,
      grid,
      gridN,
      patterns,
      seconds,
      final,
    },
    [grid?.buffer, patterns?.buffer].filter(Boolean),
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

function create({ config, grid }) {
  exp?.delete();
  exp = new M.Experiment(JSON.stringify(config));
  playing = false;
  stopped = false;
  seconds = 0;
  pending = [];
  gridSize = grid;
  nextGridAt = 0;
  if (exp.status() === 'invalid')
    throw new Error(M.validateConfigJson(JSON.stringify(config)) || 'invalid config');
  const data = {};
  for (const which of ['train', 'val', 'test']) data[which] = exp.data(which).slice();
  bounds = boundsOf(Object.values(data));
  const init = config.diagnostics ? JSON.parse(exp.diagnosticsJson()) : null;
  postMessage({ type: 'created', status: exp.status(), arch: M.simdArch(), bounds, data, init });
  snapshot();
}

onmessage = async ({ data: msg }) => {
  try {
    M ??= (await core).M;
    if (msg.cmd === 'create') return create(msg);
    if (!exp) throw new Error('no experiment: send create first');
    const ended = () => stopped || ['done', 'diverged'].includes(exp.status());
    if (msg.cmd === 'play' && !ended() && !playing) ((playing = true), run());
    else if (msg.cmd === 'pause') ((playing = false), snapshot());
    else if (msg.cmd === 'step' && !ended() && !playing) (stepOnce(), snapshot());
    else if (msg.cmd === 'stop') ((playing = false), (stopped = true), snapshot());
    else if (msg.cmd === 'pieces') {
      pieces = Boolean(msg.on);
      nextGridAt = 0; // the next snapshot brings the grid at its new resolution
      if (!playing) snapshot();
    }
  } catch (err) {
    postMessage({ type: 'error', message: String(err?.message ?? err) });
  }
};
