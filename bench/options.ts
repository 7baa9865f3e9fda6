/**
 * The benches' command lines, read by Node's own parser (util.parseArgs, strict): an unknown
 * option, a missing value or a stray word stops the bench with what was wrong and the options it
 * takes, rather than running a long measurement with a default nobody asked for.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** Stops the bench with a command-line mistake (exit code 2, as for any usage error). */
function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The options given on this process's command line, with the defaults of those not given. */
export function benchOptions<const O extends OptionsConfig>(options: O, args: string[] = process.argv.slice(2)) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const takes = Object.entries(options).map(([name, o]) => (o.type === 'string' ? `--${name} <value>` : `--${name}`));
    return refuse(`${(error as Error).message}\nThis bench takes: ${takes.join(', ')}`);
  }
}

/** A number option's value (Number's reading of it, as the benches always took it), refusing what is not a number. */
export function numberOption(name: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || Number.isNaN(number)) refuse(`--${name} takes a number, not '${value}'`);
  return number;
}

/** An option that takes one of a few words. */
export function choiceOption<const C extends string>(name: string, value: string, choices: readonly C[]): C {
  if (!(choices as readonly string[]).includes(value)) refuse(`--${name} takes one of ${choices.join(', ')}; not '${value}'`);
  return value as C;
}

/**
 * The shape of a loaded run, as the server benches take it (server-load and transport-floor):
 * games at once, a run's seconds, the warm-up's seconds before it, and how many runs. One set, so
 * the two benches compared in bench/RESULTS.md run the same window by default.
 */
export const LOAD_RUN_OPTIONS = {
  games: { type: 'string', default: '50' },
  seconds: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '3' },
  runs: { type: 'string', default: '3' },
} as const satisfies OptionsConfig;
