// The bench's PyTorch reference runs (tests/bench/*_torch_bench.py under Debian's /usr/bin/python3,
// one thread). This machine's environment may set OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE, which
// pin OpenBLAS to a kernel far slower than the one it picks for this CPU (4.6 vs ~50 GFLOP/s on a
// 128x784x128 product): they are dropped for this command only, so PyTorch runs as a user's
// would. Each script reports the BLAS it loaded (torch_blas.py), and every figure names it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Environment of the reference runs: OpenBLAS left to choose its kernel, one thread. */
export function torchEnv() {
  const env = { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1' };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  return env;
}

/**
 * Runs tests/bench/<script> and parses the JSON it prints; on failure `{error}` with Python's
 * last line (e.g. "ModuleNotFoundError: No module named 'torch'").
 * @param {string} script
 * @param {string[]} [args]
 * @returns {any}
 */
export function runTorch(script, args = []) {
  try {
    const out = execFileSync('/usr/bin/python3', [`${root}tests/bench/${script}`, ...args], {
      encoding: 'utf8',
      env: torchEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return JSON.parse(out);
  } catch (err) {
    const e = /** @type {any} */ (err);
    const why = String(e.stderr ?? '')
      .trim()
      .split('\n')
      .pop();
    return { error: why || String(e.message).split('\n')[0] };
  }
}

/**
 * "PyTorch 1.13 (1 thread, OpenBLAS Cooperlake)": the baseline every ratio is taken against.
 * @param {any} t a script's output
 */
export function torchLabel(t) {
  const b = t.blas;
  if (!b) return `PyTorch ${t.torch ?? ''}`.trim();
  const blas = [b.kind, b.core, b.blas_threads > 1 && `${b.blas_threads} BLAS threads`]
    .filter(Boolean)
    .join(' ');
  return `PyTorch ${t.torch} (${b.threads} thread${b.threads === 1 ? '' : 's'}, ${blas})`;
}
