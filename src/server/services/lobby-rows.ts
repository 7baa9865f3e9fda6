/**
 * A lobby's stored columns, decoded. The database holds options, modules and bot types as text;
 * they are read back through these checks, never cast, so a row written by an older server or
 * edited by hand fails loudly here instead of reaching the engine as something it is not.
 */
import { z } from 'zod';
import { BOT_TYPES, DEFAULT_OPTIONS, GAME_OPTION_KEYS, MODULE_KEYS, type BotType, type GameOptionKey, type GameOptions, type ModuleKey } from '../../engine/index.js';

const optionsColumn = z.object(Object.fromEntries(GAME_OPTION_KEYS.map((key) => [key, z.boolean().optional()])) as Record<GameOptionKey, z.ZodOptional<z.ZodBoolean>>);
const modulesColumn = z.array(z.enum(MODULE_KEYS));
const botTypeColumn = z.enum(BOT_TYPES).nullable();

function decode<T>(column: string, text: string, schema: z.ZodType<T>, json = true): T {
  let value: unknown = text;
  if (json) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`A stored lobby's ${column} is not JSON: ${text.slice(0, 80)}`);
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`A stored lobby's ${column} is not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

/** `options_json`: every option, the defaults for any an older row did not store. */
export function lobbyOptions(text: string): GameOptions {
  const stored = decode('options', text, optionsColumn);
  const options = { ...DEFAULT_OPTIONS };
  for (const key of GAME_OPTION_KEYS) options[key] = stored[key] ?? options[key];
  return options;
}

/** `modules_json`: the lobby's modules, in the order chosen. */
export const lobbyModules = (text: string): ModuleKey[] => decode('modules', text, modulesColumn);

/** A seat's `bot_type`: which bot sits there, or null for a person. */
export const seatBotType = (column: string | null): BotType | null => (column === null ? null : decode('bot type', column, botTypeColumn, false));
