/** One-line descriptions of a game setup for report headers. */
import { DEFAULT_OPTIONS, GAME_OPTION_KEYS, type GameOptions, type ModuleKey } from '../engine/index.js';

/** The options that differ from the defaults: "warTokens, unbid=false", or "default". */
export function describeOptions(options: GameOptions): string {
  const changed = GAME_OPTION_KEYS.filter((k) => options[k] !== DEFAULT_OPTIONS[k]).map((k) => (options[k] ? k : `${k}=false`));
  return changed.length > 0 ? changed.join(', ') : 'default';
}

export function describeSetup(setup: { seats: readonly string[]; seed: number; options: GameOptions; modules: readonly ModuleKey[] }): string {
  const modules = setup.modules.length > 0 ? setup.modules.join(', ') : 'none';
  return `seats ${setup.seats.join(',')} (rotating), seed ${setup.seed}, options: ${describeOptions(setup.options)}, modules: ${modules}`;
}
