// The cost panel's downloads: its measured kernels as CSV, or everything it measured (with the
// settings it measured under) as JSON.
import { download, stampedName, toCsv } from '../shared/export.js';
import { spread } from './bench-stats.js';
import { stat } from './cost-comparisons.js';

/**
 * One row per kernel: its median rate and interquartile range, and its activation's epoch time.
 * @param {import('./cost-comparisons.js').CostRun} run
 */
const rows = (run) =>
  [...run.kernels].map(([k, rates]) => {
    const [fn, pass, kernel] = k.split('/');
    const r = spread(rates),
      e = stat(run.epochs.get(fn));
    return {
      fn,
      pass,
      kernel,
      elements_per_second: r.median,
      elements_per_second_q1: r.low,
      elements_per_second_q3: r.high,
      epoch_seconds: e.n ? e.median : null,
    };
  });

/** @param {import('./cost-comparisons.js').CostRun} run */
export const downloadCostCsv = (run) =>
  download(
    stampedName('cost', 'csv'),
    toCsv(rows(run), [
      'fn',
      'pass',
      'kernel',
      'elements_per_second',
      'elements_per_second_q1',
      'elements_per_second_q3',
      'epoch_seconds',
    ]),
    'text/csv',
  );

/**
 * @param {import('./cost-comparisons.js').CostRun} run
 * @param {{arch: string, simd: boolean, n: number, reps: number, rounds: number,
 *   epochConfig: unknown}} setup what was measured, and how
 */
export const downloadCostJson = (run, { arch, simd, n, reps, rounds, epochConfig }) =>
  download(
    stampedName('cost', 'json'),
    JSON.stringify(
      {
        arch,
        simd,
        n,
        reps,
        rounds,
        epoch_config: epochConfig,
        kernels: rows(run),
        rounds_per_kernel: Object.fromEntries(run.kernels),
        epochs: Object.fromEntries(run.epochs),
      },
      null,
      1,
    ),
    'application/json',
  );
