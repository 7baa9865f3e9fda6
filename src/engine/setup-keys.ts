/**
 * The names a game's setup is given in: bot kinds, modules and game options. One check for each,
 * and one message for an unknown name (naming where it was found and the valid ones), shared by
 * the CLI's flags and the replay file's checks (the browser reads replay files too).
 */
import { BOT_TYPES, GAME_OPTION_KEYS, MODULE_KEYS, type BotType, type GameOptionKey, type ModuleKey } from './types.js';

export function isBotType(value: string): value is BotType {
  return (BOT_TYPES as readonly string[]).includes(value);
}

export function isModuleKey(value: string): value is ModuleKey {
  return (MODULE_KEYS as readonly string[]).includes(value);
}

export function isOptionKey(value: string): value is GameOptionKey {
  return (GAME_OPTION_KEYS as readonly string[]).includes(value);
}

export const unknownBotMessage = (kind: string, where: string) => `unknown bot kind '${kind}' in ${where} (valid: ${BOT_TYPES.join(', ')})`;

export const unknownModuleMessage = (key: string, where: string) => `unknown module '${key}' in ${where} (valid: ${MODULE_KEYS.join(', ')})`;

export const unknownOptionMessage = (name: string, where: string) => `unknown game option '${name}' in ${where} (valid: ${GAME_OPTION_KEYS.join(', ')})`;
