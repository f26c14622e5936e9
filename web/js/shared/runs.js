// What a finished training run's history says, for every figure that shows runs (twin, seeds).

/**
 * The first epoch at which a run's training accuracy reached 95 % (the core's reached_95), or null.
 * @param {{history?: import('../shared/types').EpochStats[]} | undefined} run
 * @returns {number | null}
 */
export function reached95(run) {
  for (const h of run?.history ?? [])
    if (h.reached_95 !== null && h.reached_95 !== undefined) return h.reached_95;
  return null;
}
