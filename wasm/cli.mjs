#!/usr/bin/env node
// activation-lab: the command line over the same WASM module the page runs (its commands:
// cli-run.mjs). Contract (wasm/README.md): errors are one line on stderr, exit code 2, nothing on
// stdout.
import { runCli } from './cli-run.mjs';

const { status, stdout, stderr } = await runCli(process.argv.slice(2));
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = status;
