// A module Web Worker that owns one Experiment of the WASM core and trains it epoch by epoch.
// It posts snapshots at a fixed frame rate (every SLICE_MS of training), not every epoch, so
// drawing on the page never slows training down. Protocol (all messages are plain objects):
//   in:  {cmd:'create', config, grid (points per axis, 0 for none)}  {cmd:'play'}  {cmd:'pause'}  {cmd:'step'}  {cmd:'stop'}
//   out: {type:'created', status, arch, bounds, data:{train,val,test}}  (then a snapshot)
//        {type:'snapshot', epoch, status, stopped, records, grid, seconds, final}
//        {type:'error', message}
import { loadCore } from '../core.js';
import { boundsOf } from '../bounds.js';

const SLICE_MS = 50;
const core = loadCore();
let M,
  exp,
  gridSize,
  bounds,
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
  // A copy: the view into WASM memory dies on the next call. grid 0 = no picture (e.g. seed studies).
  const grid = gridSize ? exp.grid(gridSize, gridSize, ...bounds).slice() : null;
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

function create({ config, grid }) {
  exp?.delete();
  exp = new M.Experiment(JSON.stringify(config));
  playing = false;
  stopped = false;
  seconds = 0;
  pending = [];
  gridSize = grid;
  if (exp.status() === 'invalid')
    throw new Error(M.validateConfigJson(JSON.stringify(config)) || 'invalid config');
  const data = {};
  for (const which of ['train', 'val', 'test']) data[which] = exp.data(which).slice();
  bounds = boundsOf(Object.values(data));
  postMessage({ type: 'created', status: exp.status(), arch: M.simdArch(), bounds, data });
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
  } catch (err) {
    postMessage({ type: 'error', message: String(err?.message ?? err) });
  }
};
