#!/usr/bin/env node
// activation-lab: the command line over the same WASM module the page runs.
// Contract (DESIGN.md): errors are one line on stderr, exit code 2, nothing on stdout.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { loadModule } from './module.mjs';
import { formatG } from './format.mjs';
import { runBench } from './cli-bench.mjs';
import { trainFlags, configFromFlags, runTraining, INIT_SCHEMES } from './cli-train.mjs';
import { LM_USAGE, lmFlags, runLm } from './cli-lm.mjs';

class UsageError extends Error {}

const USAGE = `usage: activation-lab <command> [options]
  eval  --fn relu|gelu|gelu_tanh|silu|identity [--grad] [--scalar]   numbers on stdin -> f(x), one per line
  moons --n N --noise S --seed K                                        make_moons as CSV x0,x1,label
  data  --set moons|circles|xor|checkerboard|spirals --n N --noise S --seed K [--factor F]
                                                                        a data set as CSV x0,x1,label
  train [--act A] [--seed S] [--epochs E] [--hidden 64,64|32x16] [--batch B] [--lr R] [--n N]
        [--noise S] [--data-seed K] [--data SET] [--factor F] [--test-fraction F]
        [--val-fraction F] [--no-shuffle] [--init default|he|FILE] [--norm none|layer]
        [--diagnostics] [--save FILE]                                   one run -> JSON
  bench [--json]                                                        kernel and training throughput
${LM_USAGE}`;

function parse(args, options) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new UsageError(e.message.split('\n')[0]);
  }
}

/** A number from a flag or stdin token; the core checks the range. */
export function toNumber(text, what) {
  const t = String(text).trim().toLowerCase();
  const special = {
    nan: NaN,
    inf: Infinity,
    '+inf': Infinity,
    '-inf': -Infinity,
    infinity: Infinity,
    '+infinity': Infinity,
    '-infinity': -Infinity,
  };
  if (t in special) return special[t];
  const x = t === '' ? NaN : Number(t);
  if (Number.isNaN(x)) throw new UsageError(`${what}: not a number: '${text}'`);
  return x;
}

const commands = {
  async eval(args) {
    const o = parse(args, {
      fn: { type: 'string' },
      grad: { type: 'boolean' },
      scalar: { type: 'boolean' },
    });
    if (!o.fn)
      throw new UsageError('eval: --fn is required (relu, gelu, gelu_tanh, silu, identity)');
    const M = await loadModule();
    if (!JSON.parse(M.activationNames()).includes(o.fn)) {
      throw new UsageError(
        `eval: unknown --fn '${o.fn}' (expected ${JSON.parse(M.activationNames()).join(', ')})`,
      );
    }
    const tokens = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
    const xs = Float32Array.from(tokens, (t, i) => toNumber(t, `eval: input ${i + 1}`));
    const ys = M.evaluate(o.fn, Boolean(o.grad), Boolean(o.scalar), xs);
    return Array.from(ys, (y) => `${formatG(y, 9)}\n`).join('');
  },

  async moons(args) {
    const o = parse(args, {
      n: { type: 'string' },
      noise: { type: 'string' },
      seed: { type: 'string' },
    });
    for (const k of ['n', 'noise', 'seed'])
      if (o[k] === undefined) throw new UsageError(`moons: --${k} is required`);
    const M = await loadModule();
    const n = toNumber(o.n, '--n'),
      noise = toNumber(o.noise, '--noise'),
      seed = toNumber(o.seed, '--seed');
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
    for (const k of ['set', 'n', 'noise', 'seed'])
      if (o[k] === undefined) throw new UsageError(`data: --${k} is required`);
    const M = await loadModule();
    const config = { dataset: o.set, n: toNumber(o.n, '--n'), noise: toNumber(o.noise, '--noise') };
    config.data_seed = toNumber(o.seed, '--seed');
    if (o.factor !== undefined) config.factor = toNumber(o.factor, '--factor');
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
    const M = await loadModule();
    const config = configFromFlags(o, (text, flag) => toNumber(text, flag));
    const error = M.validateConfigJson(JSON.stringify(config));
    if (error) throw new UsageError(`train: ${error}`);
    const init =
      o.init === undefined || INIT_SCHEMES.includes(o.init)
        ? undefined
        : readText(o.init, '--init');
    const result = runTraining(M, config, init);
    if (result.error) throw new UsageError(`train: ${result.error}`);
    if (o.save !== undefined) writeText(o.save, result.state, '--save');
    return `${JSON.stringify(result.report)}\n`;
  },

  async lm(args) {
    const [sub, ...rest] = args;
    if (!(sub in lmFlags))
      throw new UsageError(
        sub
          ? `lm: unknown subcommand '${sub}' (expected train, swap or sample)`
          : 'lm: missing subcommand (train, swap or sample)',
      );
    const o = parse(rest, lmFlags[sub]);
    const M = await loadModule();
    const io = {
      readText,
      writeText,
      toNumber,
      fail: (message) => {
        throw new UsageError(message);
      },
    };
    return runLm(M, sub, o, io);
  },

  async bench(args) {
    const o = parse(args, { json: { type: 'boolean' } });
    const M = await loadModule();
    const report = runBench(M);
    return o.json ? `${JSON.stringify(report, null, 2)}\n` : report.text;
  },
};

/** x0, x1, label triples (Float64Array) as CSV, values as %.17g. */
function csv(rows) {
  const lines = ['x0,x1,label'];
  for (let i = 0; i < rows.length; i += 3) {
    lines.push(`${formatG(rows[i], 17)},${formatG(rows[i + 1], 17)},${rows[i + 2]}`);
  }
  return `${lines.join('\n')}\n`;
}

function readText(path, flag) {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag}: cannot read '${path}': ${e.code ?? e.message}`);
  }
}
function writeText(path, text, flag) {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new UsageError(`${flag}: cannot write '${path}': ${e.code ?? e.message}`);
  }
}

async function main(argv) {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!name)
    throw new UsageError(
      'missing command (eval, moons, data, train, lm or bench; --help lists them)',
    );
  const command = commands[name];
  if (!command)
    throw new UsageError(
      `unknown command '${name}' (expected eval, moons, data, train, lm or bench)`,
    );
  process.stdout.write(await command(rest)); // written only once everything succeeded
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    const message =
      e instanceof UsageError || e instanceof RangeError || e instanceof TypeError
        ? e.message
        : `error: ${e.message}`;
    process.stderr.write(`activation-lab: ${message.split('\n')[0]}\n`);
    process.exitCode = 2;
  },
);
