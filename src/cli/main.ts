/** Entry point of the `mythos` command line (`npm run cli -- ...`, or bin/mythos.js). */
import { runCli } from './program.js';

process.exitCode = await runCli(process.argv.slice(2));
