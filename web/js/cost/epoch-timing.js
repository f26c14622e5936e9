// How the cost panel times a training epoch per activation (bench-worker.js runs it). An epoch of
// the article's network on its 1,600 training points takes a few milliseconds, the size of one
// preemption or garbage collection of a busy machine: timed one at a time, five rounds of them
// gave a GELU epoch 2.5 times ReLU's while the kernels differed by at most 1.2 times. So, as the
// kernels are, each sample is timed over enough epochs to last about targetMs (sized from a
// second, warm epoch), and the activations take turns in an order that rotates every round, so
// that none always runs first after the kernels or after the page's messages.

/** The most epochs one sample runs (an Experiment's epochs are fixed when it is built). */
export const MAX_EPOCHS_PER_SAMPLE = 50;

/**
 * @typedef {{step(): unknown, status(): string, error(): string, delete(): void}} Run
 * @typedef {{fn: string, seconds: number, round: number, epochs: number}} EpochSample
 */

/**
 * Times `rounds` samples of training epochs per activation; calls post(sample) for each, with the
 * mean seconds per epoch of that sample and how many epochs it ran.
 * @param {(fn: string, epochs: number) => Run} build  a network of that activation, epochs long
 * @param {string[]} fns
 * @param {{rounds: number, targetMs: number, now?: () => number}} plan
 * @param {(sample: EpochSample) => void} post
 */
export function timeEpochs(build, fns, { rounds, targetMs, now = () => performance.now() }, post) {
  const runs = fns.map((fn) => build(fn, 2 + rounds * MAX_EPOCHS_PER_SAMPLE));
  try {
    for (const r of runs)
      if (r.status() === 'invalid') throw new Error(r.error() || 'invalid config');
    for (const r of runs) r.step(); // first epoch: compilation tiers and caches settle, untimed
    let warm = 0; // the slowest second epoch sizes every sample alike
    for (const r of runs) {
      const t0 = now();
      r.step();
      warm = Math.max(warm, now() - t0);
    }
    const per = Math.min(
      MAX_EPOCHS_PER_SAMPLE,
      Math.max(1, Math.ceil(targetMs / Math.max(warm, 0.01))),
    );
    for (let round = 0; round < rounds; round++)
      for (let j = 0; j < runs.length; j++) {
        const i = (j + round) % runs.length; // rotate who goes first
        const t0 = now();
        for (let e = 0; e < per; e++) runs[i].step();
        post({ fn: fns[i], seconds: (now() - t0) / per / 1000, round, epochs: per });
      }
  } finally {
    for (const r of runs) r.delete();
  }
}
