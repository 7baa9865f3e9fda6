/**
 * Errors a user can fix (a bad argument, an unknown bot, a bad file). The CLI prints their message
 * as one line and exits with code 2; anything else is a bug and keeps its stack (InternalError:
 * one met while reading a file, named).
 */
export const EXIT_OK = 0;
/** The command ran but the answer is "no" (a replay that does not reproduce its game). */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
  }
}

/**
 * A bug met while a command read a file (`message` names the file), not a fault of the file: the
 * CLI prints the message and what was thrown with its stack, and exits with code 1, so that a bug
 * is never taken for a bad file.
 */
export class InternalError extends Error {
  override name = 'InternalError';
  constructor(
    message: string,
    readonly thrown: unknown,
  ) {
    super(message);
  }
}

/** "a, b, c": how valid values are listed in error messages. */
export function listOf(values: readonly string[]): string {
  return values.join(', ');
}
