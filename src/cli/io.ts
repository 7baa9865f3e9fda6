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

/**
 * Control characters (C0 but tab and newline, DEL, C1) shown as JSON writes them (`\u001b`, `\r`). What
 * the CLI prints holds text it did not write (a replay file's seat ids and bot kinds, card names,
 * values in its error messages), and a file's ESC [2K, a carriage return and ESC [8m made a forged
 * game's FAIL line read as an OK one; ESC ] 52 writes the clipboard in many terminals. No command
 * writes a control character of its own (the progress bar draws on stderr by itself), and in JSON
 * output the escape means the same character.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const NAMED: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\r': '\\r' };
export const terminalText = (text: string): string =>
  text.replace(CONTROLS, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The same Io with every control character escaped (terminalText): what `runCli` writes through. */
export function terminalSafe(io: Io): Io {
  return { out: (text) => io.out(terminalText(text)), err: (text) => io.err(terminalText(text)), errIsTTY: io.errIsTTY };
}

/** Writes to the process's streams; nothing once a stream's reader has gone (EPIPE, main.ts). */
export const processIo: Io = {
  out: (text) => void (process.stdout.destroyed || process.stdout.write(text)),
  err: (text) => void (process.stderr.destroyed || process.stderr.write(text)),
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
