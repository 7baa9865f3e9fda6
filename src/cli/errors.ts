/**
 * Errors a user can fix (a bad argument, an unknown bot, a bad file). The CLI prints their message
 * as one line and exits with code 2; anything else is a bug and keeps its stack.
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

/** "a, b, c": how valid values are listed in error messages. */
export function listOf(values: readonly string[]): string {
  return values.join(', ');
}
