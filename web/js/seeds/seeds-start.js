// The many-seeds study's start: a study of the model the reader chose (the network, the
// Transformer or the images), or why it cannot start. seeds.js shows it once started.
import { startStudy } from './study.js';
import { startLmStudy } from '../shared/lm-study.js';
import { startImageStudy } from './image-study.js';

/**
 * @param {object} opts
 * @param {import('../shared/types').Core} opts.core
 * @param {import('../shared/types').I18n} opts.i18n
 * @param {import('../shared/types').Settings<import('../shared/types').SeedsValues>} opts.settings
 * @param {ReturnType<typeof import('./seeds-lm.js').createLmStudyForm>} opts.lmForm
 * @param {ReturnType<typeof import('./seeds-images.js').createImageStudyForm>} opts.imageForm
 * @param {Record<string, string>} opts.extraErrors a problem found here, shown next to the seeds
 * @param {() => void} schedule draws the study's progress
 * @returns {{study: any} | {refused: string, resync?: boolean}} the study, or what to announce
 *   (resync: a field shows the problem)
 */
export function startSeedsStudy(
  { core, i18n, settings, lmForm, imageForm, extraErrors },
  schedule,
) {
  if (lmForm.model() === 'transformer') {
    const spec = lmForm.spec();
    if (!spec) return { refused: i18n.t('seeds.lm_not_started') };
    return { study: startLmStudy(spec, schedule) };
  }
  if (lmForm.model() === 'images') {
    const spec = imageForm.spec();
    if (!spec) return { refused: i18n.t('seeds.lm_not_started') };
    return { study: startImageStudy(spec, schedule) };
  }
  // On the custom data: the points drawn in the twin lab now (the same store's `pts`).
  if (settings.named.dataset === 'custom') {
    const points = settings.keyOf('points');
    settings.set(points, settings.store.get(points) ?? '');
  }
  const base = settings.config('a');
  const { a, b, seeds, choose } = settings.named;
  const acts = [a, b];
  // The last seed must be valid too: show that next to the number of seeds, where it is fixed.
  const problem =
    core.M.validateConfigJson(JSON.stringify(base)) ||
    core.M.validateConfigJson(JSON.stringify({ ...base, seed: base.seed + seeds - 1 }));
  if (problem) {
    extraErrors.seeds = i18n.t('seeds.err_seed_range', {
      first: base.seed,
      last: base.seed + seeds - 1,
      detail: problem.replace(/[<&]/g, ''),
    });
    return { refused: extraErrors.seeds, resync: true };
  }
  delete extraErrors.seeds;
  return { study: startStudy({ base, acts, seeds, choose }, schedule) };
}
