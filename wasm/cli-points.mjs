// `activation-lab train --data FILE.csv`: a reader's own points, read by the core's CSV reader
// (src/mlp/points_csv.hpp) as the page's import reads them, so that both accept and refuse the
// same files with the same message.
import { FileTooLarge, readBoundedBytes } from './cli-read.mjs';

/** The flags that make the generated sets and do not apply to a file's points. */
export const GENERATOR_FLAGS = ['n', 'noise', 'factor'];

/**
 * Whether `--data VALUE` names a CSV file: not a set's name, and a path (it holds '.', '/' or
 * '\'), so that `--data iris` is still refused as an unknown set.
 * @param {string | undefined} value
 * @param {string[]} setNames
 * @returns {value is string}
 */
export const isPointsFile = (value, setNames) =>
  value !== undefined && !setNames.includes(value) && /[./\\]/.test(value);

/**
 * The points of a CSV file, or an Error with the CLI's one line: "train: --data <quoted path>:
 * line 3: …" (the core's message, as the page shows it), "train: --data <quoted path>: the file
 * is larger than N bytes", or as for --init "--data: cannot read <quoted path>: ENOENT".
 * @param {import('./activation-lab').ActivationLab} M
 * @param {string} path
 * @param {(text: string) => string} quote  how a message shows a path (the core's quoteInput)
 * @returns {import('./activation-lab').Point[]}
 */
export function readPointsFile(M, path, quote) {
  const maxBytes = JSON.parse(M.configLimitsJson()).points.csv_max_bytes;
  let text;
  try {
    // Bounded: /dev/zero or a huge file stops one byte past the core's limit.
    text = readBoundedBytes(path, maxBytes).toString('utf8');
  } catch (e) {
    // The core's own words for a file past its limit (it says the same of such a text).
    if (e instanceof FileTooLarge)
      throw new Error(`train: --data ${quote(path)}: the file is larger than ${maxBytes} bytes`);
    const reason =
      /** @type {NodeJS.ErrnoException} */ (e)?.code ?? (e instanceof Error ? e.message : e);
    throw new Error(`--data: cannot read ${quote(path)}: ${reason}`);
  }
  const read = JSON.parse(M.pointsFromCsvJson(text));
  if (read.error !== undefined) throw new Error(`train: --data ${quote(path)}: ${read.error}`);
  return read.points;
}
