/** Input schemas shared by tRPC, the REST compat routes and /channel: one definition of each. */
import { z } from 'zod';
import { BOT_TYPES, GAME_OPTION_KEYS, MODULE_KEYS } from '../../engine/index.js';

const id = z.string().min(1).max(64);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('BID'), bid: z.object({ military: z.number(), tradeRowIndex: z.number() }) }),
  z.object({ type: z.literal('UNBID') }),
  z.object({
    type: z.literal('REROLL'),
    rollSelection: z.object({ rerollType: z.string().max(16), rerollRound: z.number() }),
  }),
  z.object({ type: z.literal('RESOLVE'), resolve: z.object({ cardIDToGain: z.number() }) }),
]);

export const gameInput = z.object({ gameID: id });
export const lobbyInput = z.object({ lobbyID: id });
export const actInput = z.object({ gameID: id, action: actionSchema });
export const kickInput = z.object({ lobbyID: id, playerID: id });
export const addBotInput = z.object({ lobbyID: id, botType: z.enum(BOT_TYPES) });
export const setOptionInput = z.object({ lobbyID: id, option: z.enum(GAME_OPTION_KEYS), value: z.boolean() });
export const setModuleInput = z.object({ lobbyID: id, module: z.enum(MODULE_KEYS), enabled: z.boolean() });
export const roomInput = z.object({ room: z.string().min(1).max(80) });
export const sendChatInput = z.object({ room: z.string().min(1).max(80), message: z.string().max(2_000) });
export const historyInput = z.object({ includeBots: z.boolean().default(false), userID: id.nullish() });
export const userIDsInput = z.object({ ids: z.array(id).max(200) });
export const userInput = z.object({ userID: id });
export const renameInput = z.object({ name: z.string().max(100) });
export const setTurnTimerInput = z.object({ lobbyID: id, turnTimer: z.enum(['auto', 'on', 'off']) });
