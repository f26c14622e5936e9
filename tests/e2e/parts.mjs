// The two parts of a browser test file (tests/run.sh). Most tests run two files at a time; the few
// that time what a reader waits for (a Cancel's latency, a main-thread task's length) are declared
// with `timedTest` and run one file at a time after the others, since a second browser beside
// them would stretch what they time. AL_E2E_PART=untimed registers only a file's other tests,
// =timed only its timed ones; unset (a developer running one file), all of them.
import { test as nodeTest } from 'node:test';

const part = process.env.AL_E2E_PART ?? '';
if (!['', 'timed', 'untimed'].includes(part))
  throw new Error(`AL_E2E_PART must be timed or untimed, not '${part}'`);

/**
 * A test that bounds no time: it runs in the untimed part. As node:test's, with or without its
 * options (`{todo: reason}`).
 * @param {string} name
 * @param {import('node:test').TestOptions | (() => Promise<void>)} optionsOrFn
 * @param {() => Promise<void>} [fn]
 */
export const test = (name, optionsOrFn, fn) => {
  if (part === 'timed') return undefined;
  return typeof optionsOrFn === 'function'
    ? nodeTest(name, optionsOrFn)
    : nodeTest(name, optionsOrFn, fn);
};

/** A test that bounds how long the reader waits: it runs in the timed part, alone. */
export const timedTest = (/** @type {string} */ name, /** @type {() => Promise<void>} */ fn) =>
  part === 'untimed' ? undefined : nodeTest(name, fn);
