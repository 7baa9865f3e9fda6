/**
 * The progress bar on stderr: games done, games/s and ETA. Drawn only on a terminal and without
 * --quiet, so piped and logged output stays clean.
 */
import cliProgress from 'cli-progress';
import type { Io } from './io.js';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

const silent: Progress = { update: () => undefined, stop: () => undefined };

export function progressBar(io: Io, total: number, { quiet, label }: { quiet: boolean; label: string }): Progress {
  if (quiet || !io.errIsTTY || total === 0) return silent;
  const started = performance.now();
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {value}/{total} games | {rate} games/s | ETA {eta_formatted}`,
      etaBuffer: 200,
      fps: 10,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { rate: '0.0' });
  return {
    update(done) {
      const seconds = (performance.now() - started) / 1000;
      bar.update(done, { rate: (seconds > 0 ? done / seconds : 0).toFixed(1) });
    },
    stop: () => bar.stop(),
  };
}
