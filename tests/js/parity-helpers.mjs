// Comparing a CLI training run with a golden PyTorch run (tests/fixtures/torch_*.json): the
// tolerances and the comparison that pytorch-parity.test.mjs (the 2-D data sets) and
// image-parity.test.mjs (Fashion-MNIST) share. Why these tolerances are honest, with the
// deviations measured and those of real bugs: pytorch-parity.test.mjs's header.

export const LOSS_REL = 2e-6; // per-epoch train and test loss, relative
export const PARAM_ABS = 2e-5; // final parameters, absolute
export const ACC_SAMPLES = 1; // a sample whose logit sits within float noise of 0 may flip

/**
 * Every parameter of a state_dict, in its order, as one flat list.
 * @param {Record<string, any[]>} stateDict
 * @returns {number[]}
 */
export const flattenState = (stateDict) => Object.values(stateDict).flat(2);

/**
 * The CLI flags of a fixture's network and schedule.
 * @param {{hidden: number[], batch: number, lr: number, epochs: number}} c the fixture's config
 * @param {number} seed
 */
export function scheduleFlags(c, seed) {
  return [
    '--hidden',
    c.hidden.join(','),
    '--batch',
    String(c.batch),
    '--lr',
    String(c.lr),
    '--epochs',
    String(c.epochs),
    '--seed',
    String(seed),
  ];
}

/**
 * Worst deviations of one CLI run from one PyTorch run: losses (relative; lossRel64 against the
 * torch logits' loss summed in double, where the fixture has it, else 0), accuracies (in samples)
 * and final parameters (absolute, and the flat index of the worst; NaN counts as worst).
 * @param {{epochs: any[]}} report the CLI's JSON output
 * @param {number[]} flat the run's final parameters, flattened
 * @param {{epochs: any[], final?: Record<string, any[]>,
 *   final_sample?: {indices: number[], values: number[]}}} want the fixture's run
 * @param {{train: number, test: number}} sizes samples in the training and the test set
 */
export function deviations(report, flat, want, sizes) {
  if (report.epochs.length !== want.epochs.length)
    throw new Error(`epochs run: ${report.epochs.length}, expected ${want.epochs.length}`);
  let lossRel = 0,
    lossRel64 = 0,
    accSamples = 0;
  want.epochs.forEach((e, i) => {
    const got = report.epochs[i];
    if (got.epoch !== e.epoch) throw new Error(`epoch ${got.epoch}, expected ${e.epoch}`);
    for (const k of ['train_loss', 'test_loss']) {
      lossRel = Math.max(lossRel, Math.abs(got[k] - e[k]) / Math.abs(e[k]));
      const e64 = e[`${k}64`];
      if (e64 !== undefined)
        lossRel64 = Math.max(lossRel64, Math.abs(got[k] - e64) / Math.abs(e64));
    }
    accSamples = Math.max(
      accSamples,
      Math.round(Math.abs(got.train_acc - e.train_acc) * sizes.train),
      Math.round(Math.abs(got.test_acc - e.test_acc) * sizes.test),
    );
  });
  let paramAbs = 0,
    paramAt = -1;
  /** @type {(j: number, w: number) => void} */
  const check = (j, w) => {
    const dev = Math.abs(flat[j] - w);
    if (!(dev <= paramAbs)) {
      paramAbs = dev;
      paramAt = j;
    }
  };
  if (want.final) {
    const all = flattenState(want.final);
    if (flat.length !== all.length)
      throw new Error(`parameter count ${flat.length}, expected ${all.length}`);
    all.forEach((w, i) => check(i, w));
  } else if (want.final_sample) {
    const { indices, values } = want.final_sample;
    indices.forEach((j, i) => check(j, values[i]));
  }
  return { lossRel, lossRel64, accSamples, paramAbs, paramAt };
}

/** @param {{lossRel: number, accSamples: number, paramAbs: number}} d */
export function withinTolerance(d) {
  return d.lossRel <= LOSS_REL && d.accSamples <= ACC_SAMPLES && d.paramAbs <= PARAM_ABS;
}
