/** Entry point of the `mythos` command line (`npm run cli -- ...`, or bin/mythos.js). */
import { runCli } from './program.js';

// A reader that stops early (`mythos replay game.json | head`, a pager quit) closes the pipe: the
// next write fails with EPIPE, which unheard was a stack trace and exit code 1, replay's "the
// re-run differs". What is written after that is dropped (processIo) and the command still ends
// with its own verdict's exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

process.exitCode = await runCli(process.argv.slice(2));
