// A many-seeds study's runs and what pairs them: one run per seed and activation (the two runs of
// a seed start from the same initial weights, because the core draws them from the seed alone),
// the id that names a run, and the core's paired summary (pairedSummaryJson) of a reading of the
// runs of a seed, a − b over the seeds. Every study of the page builds its tasks and its summaries
// with these. No DOM here.

/** @typedef {import('./types').ActivationLab} ActivationLab */

/** The id of a study's run (its task's and its result's): one seed, one activation. */
export const runId = (/** @type {number} */ seed, /** @type {string} */ activation) =>
  `${seed}/${activation}`;

/**
 * A study's runs: for each seed, one per activation, in that order; an activation against itself
 * runs once and serves both sides. Each is {id, seed, activation} and what more() adds.
 * @template {string} A
 * @template T
 * @param {number[]} seeds
 * @param {A[]} acts
 * @param {(seed: number, activation: A) => T} more
 * @returns {({id: string, seed: number, activation: A} & T)[]}
 */
export function seedRuns(seeds, acts, more) {
  return seeds.flatMap((seed) =>
    [...new Set(acts)].map((activation) => ({
      id: runId(seed, activation),
      seed,
      activation,
      ...more(seed, activation),
    })),
  );
}

/**
 * The core's paired summary (pairedSummaryJson) of a − b over the pairs, or null without a pair.
 * Every study's summaries go through it: test accuracy, epochs to 95 %, the Transformers' losses.
 * @param {ActivationLab} M
 * @param {{a: number, b: number}[]} p
 */
export function pairedSummary(M, p) {
  if (!p.length) return null;
  return JSON.parse(
    M.pairedSummaryJson(JSON.stringify(p.map((x) => x.a)), JSON.stringify(p.map((x) => x.b))),
  );
}
