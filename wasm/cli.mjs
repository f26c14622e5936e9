#!/usr/bin/env node
// activation-lab: the command line over the same WASM module the page runs.
// Contract (DESIGN.md): errors are one line on stderr, exit code 2, nothing on stdout.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { loadModule } from './module.mjs';
import { formatG } from './format.mjs';
import { runBench } from './cli-bench.mjs';
import { trainFlags, configFromFlags, runTraining } from './cli-train.mjs';
import { LM_USAGE, lmFlags, runLm } from './cli-lm.mjs';

class UsageError extends Error {}

const USAGE = `usage: activation-lab <command> [options]
  eval  --fn relu|gelu|gelu_tanh|silu|identity [--grad] [--scalar]   numbers on stdin -> f(x), one per line
  moons --n N --noise S --seed K                                        make_moons as CSV x0,x1,label
  train [--act A] [--seed S] [--epochs E] [--hidden 64,64] [--batch B] [--lr R] [--n N]
        [--noise S] [--data-seed K] [--test-fraction F] [--val-fraction F] [--no-shuffle]
        [--init FILE] [--save FILE]                                     one run -> JSON
  bench [--json]                                                        kernel and training throughput
${LM_USAGE}`;

function parse(args, options) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new UsageError(e.message.split('\n')[0]);
  }
}

/**
 * A number from a flag or stdin token, in the core's one grammar (the page reads fields the same
 * way): kind 'integer' (digits), 'real' (decimal, '.' or ','), 'any' (real, nan, inf). The core
 * checks the range.
 */
export function toNumber(M, text, what, kind = 'real') {
  const x = M.parseNumber(String(text), kind);
  if (x === null)
    throw new UsageError(
      `${what}: not ${kind === 'integer' ? 'an integer' : 'a number'}: ${M.quoteInput(String(text))}`,
    );
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
        `eval: unknown --fn ${M.quoteInput(o.fn)} (expected ${JSON.parse(M.activationNames()).join(', ')})`,
      );
    }
    const tokens = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
    const xs = Float32Array.from(tokens, (t, i) => toNumber(M, t, `eval: input ${i + 1}`, 'any'));
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
    const n = toNumber(M, o.n, '--n', 'integer'),
      noise = toNumber(M, o.noise, '--noise'),
      seed = toNumber(M, o.seed, '--seed', 'integer');
    const error = M.validateMoons(n, noise, seed);
    if (error) throw new UsageError(`moons: ${error}`);
    const rows = M.makeMoons(n, noise, seed); // Float64Array of x0, x1, label
    const lines = ['x0,x1,label'];
    for (let i = 0; i < rows.length; i += 3) {
      lines.push(`${formatG(rows[i], 17)},${formatG(rows[i + 1], 17)},${rows[i + 2]}`);
    }
    return `${lines.join('\n')}\n`;
  },

  async train(args) {
    const o = parse(args, trainFlags);
    const M = await loadModule();
    const limits = JSON.parse(M.configLimitsJson());
    const config = configFromFlags(o, (text, flag, key) =>
      toNumber(M, text, flag, key === 'hidden' || limits[key]?.integer ? 'integer' : 'real'),
    );
    const error = M.validateConfigJson(JSON.stringify(config));
    if (error) throw new UsageError(`train: ${error}`);
    const init = o.init === undefined ? undefined : readText(o.init, '--init');
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
      toNumber: (text, what, kind) => toNumber(M, text, what, kind),
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

// A path in a message, bounded as the core bounds every quoted input (text_input.hpp).
const quote = (text) =>
  text.length > 80 ? `'${text.slice(0, 80)}…' (${text.length} characters)` : `'${text}'`;

function readText(path, flag) {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag}: cannot read ${quote(path)}: ${e.code ?? e.message}`);
  }
}
function writeText(path, text, flag) {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new UsageError(`${flag}: cannot write ${quote(path)}: ${e.code ?? e.message}`);
  }
}

async function main(argv) {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!name)
    throw new UsageError('missing command (eval, moons, train, lm or bench; --help lists them)');
  const command = commands[name];
  if (!command)
    throw new UsageError(`unknown command '${name}' (expected eval, moons, train, lm or bench)`);
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
    // Every input is quoted at most ~80 characters long; this bounds what Node's own messages
    // (parseArgs') repeat of an absurd flag too.
    const line = message.split('\n')[0];
    process.stderr.write(
      `activation-lab: ${line.length > 400 ? `${line.slice(0, 400)}…` : line}\n`,
    );
    process.exitCode = 2;
  },
);
