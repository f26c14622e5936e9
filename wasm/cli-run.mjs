// activation-lab's commands, as one function: runCli(argv) gives what the command line prints and
// its exit code (cli.mjs, the executable, writes them). The tests that read many answers call it in
// their own process, with the module loaded once.
// Contract (wasm/README.md): errors are one line on stderr, exit code 2, nothing on stdout.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { loadModule } from './module.mjs';
import { formatG } from './format.mjs';
import { runBench } from './cli-bench.mjs';
import {
  trainFlags,
  configFromFlags,
  runTraining,
  INIT_SCHEMES,
  IMAGE_ONLY,
  imageConfigFromFlags,
} from './cli-train.mjs';
import { IMAGE_DATA, imageFiles, runImageTraining } from './cli-images.mjs';
import { GENERATOR_FLAGS, isPointsFile, readPointsFile } from './cli-points.mjs';
import { LM_USAGE, lmFlags, runLm } from './cli-lm.mjs';
import { readBounded, readBoundedBytes } from './cli-read.mjs';

class UsageError extends Error {}

// eval's stdin: 16 MB of text is millions of numbers; /dev/zero or an endless pipe stops here.
const MAX_EVAL_BYTES = 16 * 1024 * 1024;

/**
 * The usage text (--help): the commands, then the activations each takes, as the core lists them
 * (a new activation shows up here without an edit).
 * @param {import('./activation-lab').ActivationLab} M
 */
function usage(M) {
  /** @type {string[]} */
  const mlp = JSON.parse(M.activationNames());
  const limits = JSON.parse(M.lmConfigLimitsJson());
  return `usage: activation-lab <command> [options]
  eval  --fn A [--grad] [--scalar]                                      numbers on stdin -> f(x), one per line
  moons --n N --noise S --seed K                                        make_moons as CSV x0,x1,label
  data  --set moons|circles|xor|checkerboard|spirals --n N --noise S --seed K [--factor F]
                                                                        a data set as CSV x0,x1,label
  train [--act A] [--seed S] [--epochs E] [--hidden 64,64|32x16] [--batch B] [--lr R] [--n N]
        [--noise S] [--data-seed K] [--data SET] [--factor F] [--test-fraction F]
        [--val-fraction F] [--no-shuffle] [--init default|he|FILE] [--norm none|layer]
        [--diagnostics] [--save FILE]                                   one run -> JSON
  train --data FILE.csv [the flags above but --n, --noise, --factor]    a file's points (x0,x1,label)
  train --data fashion-mnist [--images DIR] [--n-train N] [--n-test M] [--hidden 128x8]
        [--act A] [--dropout P] [--batch B] [--lr R] [--epochs E] [--seed S] [--init FILE]
        [--no-shuffle] [--save FILE]                                    images, 10 classes -> JSON
  bench [--json]                                                        kernel and training throughput
${LM_USAGE}
activations (A):
  eval --fn, train --act:            ${mlp.join(', ')}
  lm train, swap, sample, study:     ${limits.act.join(', ')}
  lm swap --act also:                ${limits.swap_only_act.join(', ')}`;
}

/**
 * The flags of one command; a bad or unknown flag is a usage error.
 * @template {NonNullable<import('node:util').ParseArgsConfig['options']>} const T
 * @param {string[]} args
 * @param {T} options
 */
function parse(args, options) {
  try {
    return parseArgs({
      args: negativesJoined(args),
      options,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    // Node's message repeats the argument as typed: shown as the core shows any input instead.
    const line = messageOf(e).split('\n')[0];
    throw new UsageError(line.replace(/'([^']*)'/g, (_, text) => quote(text)));
  }
}

/**
 * `--steps -1` as `--steps=-1`: parseArgs takes a value that starts with '-' for a flag ("argument
 * is ambiguous"), but no command has one-letter flags, so a negative value reaches the range check.
 * @param {string[]} args
 */
const negativesJoined = (args) =>
  args.flatMap((a, i) =>
    /^-(?!-)/.test(args[i + 1] ?? '') && /^--[^=]+$/.test(a)
      ? [`${a}=${args[i + 1]}`]
      : i > 0 && /^-(?!-)/.test(a) && /^--[^=]+$/.test(args[i - 1])
        ? []
        : [a],
  );

/** @param {unknown} e */
const messageOf = (e) => (e instanceof Error ? e.message : String(e));

/**
 * A number from a flag or stdin token, in the core's one grammar (the page reads fields the same
 * way): kind 'integer' (digits), 'real' (decimal, '.' or ','), 'any' (real, nan, inf). The core
 * checks the range.
 * @param {import('./activation-lab').ActivationLab} M
 * @param {string} text
 * @param {string} what
 * @param {'integer' | 'real' | 'any'} [kind]
 */
export function toNumber(M, text, what, kind = 'real') {
  const x = M.parseNumber(String(text), kind);
  if (x === null)
    throw new UsageError(
      `${what}: not ${kind === 'integer' ? 'an integer' : 'a number'}: ${M.quoteInput(String(text))}`,
    );
  return x;
}

/**
 * `train --data fashion-mnist`: the config is checked by the core, the files read here.
 * @param {{[flag: string]: string | boolean | undefined}} o
 */
async function trainImages(o) {
  const M = core;
  const limits = JSON.parse(M.configLimitsJson());
  const imageLimits = JSON.parse(M.imageConfigLimitsJson());
  /** @type {object} */
  let config;
  try {
    config = imageConfigFromFlags(o, (text, flag) => {
      const key = flag.slice(2).replace('-', '_');
      const integer = (imageLimits[key] ?? limits[key])?.integer;
      return toNumber(M, text, flag, integer ? 'integer' : 'real');
    });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`train: ${messageOf(e)}`);
  }
  const invalid = M.validateImageConfigJson(JSON.stringify(config));
  if (invalid) throw new UsageError(`train: ${invalid}`);
  const init =
    typeof o.init !== 'string' || INIT_SCHEMES.includes(o.init)
      ? undefined
      : readText(o.init, '--init', M.stateDictMaxBytes());
  /** @type {Uint8Array[]} */
  let files;
  try {
    files = imageFiles(typeof o.images === 'string' ? o.images : undefined, quote);
  } catch (e) {
    throw new UsageError(`train: ${messageOf(e)}`);
  }
  const result = runImageTraining(M, config, files, init);
  if ('error' in result) throw new UsageError(`train: ${result.error}`);
  if (typeof o.save === 'string') writeText(o.save, result.state, '--save');
  return `${JSON.stringify(result.report)}\n`;
}

/** @type {Record<string, (args: string[]) => Promise<string>>} */
const commands = {
  async eval(args) {
    const o = parse(args, {
      fn: { type: 'string' },
      grad: { type: 'boolean' },
      scalar: { type: 'boolean' },
    });
    const M = core;
    if (!o.fn)
      throw new UsageError(
        `eval: --fn is required (${JSON.parse(M.activationNames()).join(', ')})`,
      );
    /** @type {import('./activation-lab').ActivationName[]} */
    const names = JSON.parse(M.activationNames());
    const fn = names.find((name) => name === o.fn);
    if (!fn) {
      throw new UsageError(
        `eval: unknown --fn ${M.quoteInput(o.fn)} (expected ${JSON.parse(M.activationNames()).join(', ')})`,
      );
    }
    let text;
    try {
      text = stdinText ?? readBounded(0, MAX_EVAL_BYTES);
    } catch (e) {
      throw new UsageError(`eval: cannot read stdin: ${reasonOf(e)}`);
    }
    const tokens = text.split(/\s+/).filter(Boolean);
    const xs = Float32Array.from(tokens, (t, i) => toNumber(M, t, `eval: input ${i + 1}`, 'any'));
    const ys = M.evaluate(fn, Boolean(o.grad), Boolean(o.scalar), xs);
    return Array.from(ys, (y) => `${formatG(y, 9)}\n`).join('');
  },

  async moons(args) {
    const o = parse(args, {
      n: { type: 'string' },
      noise: { type: 'string' },
      seed: { type: 'string' },
    });
    const { n: nText, noise: noiseText, seed: seedText } = o;
    if (nText === undefined) throw new UsageError('moons: --n is required');
    if (noiseText === undefined) throw new UsageError('moons: --noise is required');
    if (seedText === undefined) throw new UsageError('moons: --seed is required');
    const M = core;
    const n = toNumber(M, nText, '--n', 'integer'),
      noise = toNumber(M, noiseText, '--noise'),
      seed = toNumber(M, seedText, '--seed', 'integer');
    const error = M.validateMoons(n, noise, seed);
    if (error) throw new UsageError(`moons: ${error}`);
    return csv(M.makeMoons(n, noise, seed));
  },

  async data(args) {
    const o = parse(args, {
      set: { type: 'string' },
      n: { type: 'string' },
      noise: { type: 'string' },
      seed: { type: 'string' },
      factor: { type: 'string' },
    });
    const { set, n: nText, noise: noiseText, seed: seedText, factor } = o;
    if (set === undefined) throw new UsageError('data: --set is required');
    if (nText === undefined) throw new UsageError('data: --n is required');
    if (noiseText === undefined) throw new UsageError('data: --noise is required');
    if (seedText === undefined) throw new UsageError('data: --seed is required');
    const M = core;
    /** @type {Record<string, string | number>} */
    const config = {
      dataset: set,
      n: toNumber(M, nText, '--n', 'integer'),
      noise: toNumber(M, noiseText, '--noise'),
    };
    config.data_seed = toNumber(M, seedText, '--seed', 'integer');
    if (factor !== undefined) config.factor = toNumber(M, factor, '--factor');
    for (const [key, v] of Object.entries(config))
      if (typeof v === 'number' && !Number.isFinite(v))
        throw new UsageError(`data: ${key} must be a finite number`);
    // The core's messages name config keys: say the flags instead.
    const error = M.validateConfigJson(JSON.stringify(config));
    if (error)
      throw new UsageError(
        `data: ${error.replace(/^data_seed\b/, 'seed').replace(/^dataset\b/, 'set')}`,
      );
    return csv(M.makeData(JSON.stringify(config)));
  },

  async train(args) {
    const o = parse(args, trainFlags);
    if (o.data === IMAGE_DATA) return trainImages(o);
    const imageOnly = IMAGE_ONLY.find((f) => o[/** @type {keyof typeof o} */ (f)] !== undefined);
    if (imageOnly)
      throw new UsageError(`train: --${imageOnly} applies to --data fashion-mnist only`);
    const M = core;
    const limits = JSON.parse(M.configLimitsJson());
    const file = isPointsFile(o.data, limits.dataset.values) ? o.data : undefined;
    if (o.data === 'custom')
      throw new UsageError('train: --data custom takes its points from a file: --data FILE.csv');
    const generator = GENERATOR_FLAGS.find((f) => file && o[/** @type {'n'} */ (f)] !== undefined);
    if (generator)
      throw new UsageError(
        `train: --${generator} does not apply to --data FILE.csv (the points are the file's)`,
      );
    const config = configFromFlags(o, (text, flag, key) =>
      toNumber(M, text, flag, limits[key]?.integer ? 'integer' : 'real'),
    );
    if (file !== undefined) {
      try {
        config.points = readPointsFile(M, file, quote);
      } catch (e) {
        throw new UsageError(messageOf(e));
      }
      config.dataset = 'custom';
    }
    const error = M.validateConfigJson(JSON.stringify(config));
    if (error) throw new UsageError(`train: ${error}`);
    const init =
      o.init === undefined || INIT_SCHEMES.includes(o.init)
        ? undefined
        : readText(o.init, '--init', M.stateDictMaxBytes());
    const result = runTraining(M, config, init);
    if ('error' in result) throw new UsageError(`train: ${result.error}`);
    if (o.save !== undefined) writeText(o.save, result.state, '--save');
    return `${JSON.stringify(result.report)}\n`;
  },

  async lm(args) {
    const [sub, ...rest] = args;
    if (sub !== 'train' && sub !== 'swap' && sub !== 'sample' && sub !== 'parts' && sub !== 'study')
      throw new UsageError(
        sub
          ? `lm: unknown subcommand '${sub}' (expected train, swap, sample, parts or study)`
          : 'lm: missing subcommand (train, swap, sample, parts or study)',
      );
    const o = /** @type {{[flag: string]: string | undefined}} */ (parse(rest, lmFlags[sub]));
    const M = core;
    const io = {
      readText,
      readBytes,
      writeText,
      toNumber: (
        /** @type {string} */ text,
        /** @type {string} */ what,
        /** @type {'integer' | 'real' | 'any' | undefined} */ kind,
      ) => toNumber(M, text, what, kind),
      fail: (/** @type {string} */ message) => {
        throw new UsageError(message);
      },
    };
    return runLm(M, sub, o, io);
  },

  async bench(args) {
    const o = parse(args, { json: { type: 'boolean' } });
    const M = core;
    const report = runBench(M);
    return o.json ? `${JSON.stringify(report, null, 2)}\n` : report.text;
  },
};

/** x0, x1, label triples as CSV, values as %.17g. @param {Float64Array} rows */
function csv(rows) {
  const lines = ['x0,x1,label'];
  for (let i = 0; i < rows.length; i += 3) {
    lines.push(`${formatG(rows[i], 17)},${formatG(rows[i + 1], 17)},${rows[i + 2]}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Node's error code (ENOENT, ...) or else the message. @param {unknown} e */
const reasonOf = (e) => /** @type {NodeJS.ErrnoException} */ (e)?.code ?? messageOf(e);

/** The core, once main() has loaded it: messages quote paths with it. @type {import('./activation-lab').ActivationLab} */
let core;
/**
 * A path in a message, quoted by the core as every user input is (text_input.hpp: control and
 * bidi characters escaped, at most 80 characters shown), so a name cannot garble the terminal.
 * @param {string} text
 */
const quote = (text) => core.quoteInput(text);

/**
 * A file named by `flag`, read no further than maxBytes (the core's limit for that kind of file).
 * @param {string} path
 * @param {string} flag
 * @param {number} maxBytes
 */
function readText(path, flag, maxBytes) {
  return readWith(readBounded, path, flag, maxBytes);
}
/**
 * A binary file (safetensors weights), read as readText reads a text.
 * @param {string} path
 * @param {string} flag
 * @param {number} maxBytes
 */
function readBytes(path, flag, maxBytes) {
  return new Uint8Array(readWith(readBoundedBytes, path, flag, maxBytes));
}
/**
 * @template T
 * @param {(path: string, maxBytes: number) => T} read
 * @param {string} path
 * @param {string} flag
 * @param {number} maxBytes
 * @returns {T}
 */
function readWith(read, path, flag, maxBytes) {
  try {
    return read(path, maxBytes);
  } catch (e) {
    throw new UsageError(`${flag}: cannot read ${quote(path)}: ${reasonOf(e)}`);
  }
}
/**
 * @param {string} path
 * @param {string | Uint8Array} text
 * @param {string} flag
 */
function writeText(path, text, flag) {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new UsageError(`${flag}: cannot write ${quote(path)}: ${reasonOf(e)}`);
  }
}

/** The module, loaded once per process (a run of the executable, or a test's many runs). */
let loaded;
/**
 * What is on stdin for eval, given as text (runCli's `input`) or read from descriptor 0.
 * @type {string | undefined}
 */
let stdinText;

/** @param {string[]} argv  @returns {Promise<string>} stdout */
async function main(argv) {
  const [name, ...rest] = argv;
  if (!name)
    throw new UsageError(
      'missing command (eval, moons, data, train, lm or bench; --help lists them)',
    );
  core = await (loaded ??= loadModule());
  if (name === '--help' || name === '-h') return `${usage(core)}\n`;
  const command = Object.prototype.hasOwnProperty.call(commands, name) ? commands[name] : null;
  if (!command)
    throw new UsageError(
      `unknown command ${quote(name)} (expected eval, moons, data, train, lm or bench)`,
    );
  return command(rest); // printed only once everything succeeded
}

/**
 * One run of the command line: `argv` as typed after the program's name; `input`, eval's stdin as
 * text (else it reads descriptor 0). Runs one at a time: the contract's three parts,
 * { status: 0, stdout, stderr: '' } or { status: 2, stdout: '', stderr: one line }.
 * @param {string[]} argv
 * @param {{input?: string}} [options]
 * @returns {Promise<{status: number, stdout: string, stderr: string}>}
 */
export async function runCli(argv, { input } = {}) {
  stdinText = input;
  try {
    return { status: 0, stdout: await main(argv), stderr: '' };
  } catch (e) {
    const message =
      e instanceof UsageError || e instanceof RangeError || e instanceof TypeError
        ? e.message
        : `error: ${messageOf(e)}`;
    // Every input is quoted at most ~80 characters long; this bounds what Node's own messages
    // (parseArgs') repeat of an absurd flag too.
    const line = message.split('\n')[0];
    const shown = line.length > 400 ? `${line.slice(0, 400)}…` : line;
    return { status: 2, stdout: '', stderr: `activation-lab: ${shown}\n` };
  } finally {
    stdinText = undefined;
  }
}
