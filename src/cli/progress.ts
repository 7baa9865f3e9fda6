/**
 * Progress on stderr: games done, games/s and ETA. On a terminal it is a bar; otherwise (a log
 * file, CI) a plain line every 30 s, so short runs print nothing and long ones show they are alive.
 * --quiet silences both. The ETA is the remaining games at the average rate since the start: games
 * take about the same time throughout a run, so that is steadier and more honest than a short
 * moving window, which jumps whenever a worker hands in a batch.
 */
import cliProgress from 'cli-progress';
import type { Io } from './io.js';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

const silent: Progress = { update: () => undefined, stop: () => undefined };

/** Seconds as 1h02m, 3m05s or 42s. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** Games/s and the ETA after `done` of `total` games in `seconds`. */
export function pace(done: number, total: number, seconds: number): { rate: string; eta: string } {
  if (done === 0 || seconds <= 0) return { rate: '0.0', eta: '?' };
  const perSecond = done / seconds;
  return { rate: perSecond.toFixed(1), eta: formatDuration((total - done) / perSecond) };
}

const LOG_EVERY_MS = 30_000;

function logLines(io: Io, total: number, label: string): Progress {
  const started = performance.now();
  let lastLog = started;
  return {
    update(done) {
      const now = performance.now();
      if (now - lastLog < LOG_EVERY_MS || done === total) return;
      lastLog = now;
      const { rate, eta } = pace(done, total, (now - started) / 1000);
      io.err(`${label}: ${done}/${total} games, ${rate} games/s, ETA ${eta}\n`);
    },
    stop: () => undefined,
  };
}

export function progressBar(io: Io, total: number, { quiet, label }: { quiet: boolean; label: string }): Progress {
  if (quiet || total === 0) return silent;
  if (!io.errIsTTY) return logLines(io, total, label);
  const started = performance.now();
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {value}/{total} games | {rate} games/s | ETA {remaining}`,
      fps: 10,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { rate: '0.0', remaining: '?' });
  return {
    update(done) {
      const { rate, eta } = pace(done, total, (performance.now() - started) / 1000);
      bar.update(done, { rate, remaining: eta });
    },
    stop: () => bar.stop(),
  };
}
