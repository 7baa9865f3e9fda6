/**
 * Where a command writes. Commands take an `Io` instead of touching `process` so that tests run
 * them in-process and read what they printed.
 */
export interface Io {
  /** Writes to standard output (the results: tables, narrations, verdicts). */
  out(text: string): void;
  /** Writes to standard error (errors and the progress bar). */
  err(text: string): void;
  /** The progress bar is drawn only on a terminal. */
  errIsTTY: boolean;
}

export const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  errIsTTY: Boolean(process.stderr.isTTY),
};

/** An Io that keeps everything written, for tests and for callers that post-process output. */
export function bufferIo(): Io & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    errIsTTY: false,
    stdout: () => out,
    stderr: () => err,
  };
}
