// Two waits a reader meets, for `npm run bench`: `lm parts` (the shipped GELU model read, loaded
// and measured by the core's geluPartsJson, wasm/cli-lm-parts.mjs), run as the CLI runs it with
// the module loaded, best of PARTS_ROUNDS; and the default GLU study (the core's glu_defaults:
// seeds × variants × steps, as `lm study` and the GLU figure run it), estimated from one timed run
// of each variant, in CPU seconds (a busy host stretches wall time, not the work): the runs'
// CPU seconds × seeds, shared by the page's GLU_WORKERS workers.
import { readFileSync } from 'node:fs';

import { runCli } from '../../wasm/cli-run.mjs';
import { studyActs, studyRun } from '../../wasm/cli-lm-study.mjs';
import { scratchText } from '../../web/js/shared/lm-config.js';

const PARTS_ROUNDS = 3;
/** `lm parts` under a second. */
export const PARTS_GOAL_S = 1;
/** The default GLU study within 90 s on two idle cores. */
export const GLU_GOAL_S = 90;
/** The GLU figure's many-seeds pool runs two workers (two cores). */
export const GLU_WORKERS = 2;

/** CPU seconds (user + system) of this process while `f` runs, and f's value. */
function cpuTimed(/** @type {() => any} */ f) {
  const start = process.cpuUsage();
  const value = f();
  const { user, system } = process.cpuUsage(start);
  return { seconds: (user + system) / 1e6, value };
}

/** @param {import('../../wasm/activation-lab').ActivationLab} M */
export async function runLmCommandsBench(M) {
  let partsSeconds = Infinity;
  for (let r = 0; r < PARTS_ROUNDS; r++) {
    const t0 = performance.now();
    const { status, stderr } = await runCli(['lm', 'parts', '--json']);
    if (status !== 0) return { error: `lm parts: ${stderr.trim()}` };
    partsSeconds = Math.min(partsSeconds, (performance.now() - t0) / 1000);
  }
  const limits = JSON.parse(M.lmConfigLimitsJson());
  /** @type {{seeds: number, steps: number}} */
  const glu = limits.glu_defaults;
  const io = {
    fail: (/** @type {string} */ message) => {
      throw new Error(message);
    },
  };
  // `lm study`'s activations by default: the variants, ReLU (the reference) first.
  const acts = studyActs(undefined, limits, io);
  const text = scratchText(
    readFileSync(new URL('../../web/data/jargon.txt', import.meta.url), 'utf8'),
  );
  const spec = { acts, seeds: [0], steps: glu.steps, model: {} };
  const runs = acts.map((act) => ({
    act,
    cpu_s: cpuTimed(() => studyRun(M, text, spec, act, 0, io)).seconds,
  }));
  return { parts_s: partsSeconds, glu: { seeds: glu.seeds, steps: glu.steps, runs } };
}

/**
 * The default study's estimated wall time: each variant's CPU seconds for one run, times the
 * seeds, shared by the workers.
 * @param {{seeds: number, runs: {cpu_s: number}[]}} glu
 */
export const gluEstimate = (glu) =>
  (glu.seeds * glu.runs.reduce((sum, r) => sum + r.cpu_s, 0)) / GLU_WORKERS;

/**
 * @param {Awaited<ReturnType<typeof runLmCommandsBench>>} r
 * @param {(text: string, ok: boolean, measured: string) => string} goal
 */
export function renderLmCommands(r, goal) {
  const out = ['', 'Language model commands (WASM/Node, the module loaded):'];
  if ('error' in r) return [...out, `  not measured (${r.error})`];
  out.push(
    goal(
      `lm parts (the shipped model's stand-ins and inputs) < ${PARTS_GOAL_S} s, best of ${PARTS_ROUNDS}`,
      r.parts_s < PARTS_GOAL_S,
      `${r.parts_s.toFixed(2)} s`,
    ),
  );
  const g = r.glu;
  const runs = g.runs.map((x) => `${x.act} ${x.cpu_s.toFixed(1)}`).join(', ');
  out.push(
    `  default GLU study: ${g.seeds} seeds x ${g.runs.length} variants x ${g.steps} steps; one run of each, CPU s: ${runs}`,
  );
  const estimate = gluEstimate(g);
  out.push(
    goal(
      `default GLU study <= ${GLU_GOAL_S} s on ${GLU_WORKERS} idle cores (CPU s per run x ${g.seeds} seeds / ${GLU_WORKERS} workers)`,
      estimate <= GLU_GOAL_S,
      `~${estimate.toFixed(0)} s`,
    ),
  );
  return out;
}
