/** Input schemas shared by tRPC, the REST compat routes and /channel: one definition of each. */
import { z } from 'zod';
import { BOT_TYPES, GAME_OPTION_KEYS, MODULE_KEYS, parseAction, type Action } from '../../engine/index.js';
import { TURN_PACES } from '../services/attendance.js';
import { ruleRefusal } from '../services/errors.js';
import { MAX_IDS_PER_CALL } from '../../shared/request-limits.js';

const id = z.string().min(1).max(64);

/**
 * An action from a client, read by the engine's one parser; a malformed one is refused with the
 * documented message for the field (thrown, for each transport's error mapper).
 */
export function actionInput(input: unknown): Action {
  const action = parseAction(input);
  if ('ok' in action) throw ruleRefusal(action);
  return action;
}

const actEnvelope = z.object({ gameID: id, action: z.unknown().optional() });

export const gameInput = z.object({ gameID: id });
/** A tab of the game screen: its own id (presence counts tabs), and whether the page is shown. */
const tab = z.string().min(1).max(64);
export const watchGameInput = z.object({ gameID: id, tab: tab.optional(), visible: z.boolean().optional() });
export const presenceInput = z.object({ gameID: id, tab, visible: z.boolean() });
export const lobbyInput = z.object({ lobbyID: id });
/** games.act: a function parser, so tRPC types the input `{ gameID: string; action: Action }`. */
export function actInput(input: unknown): { gameID: string; action: Action } {
  const { gameID, action } = actEnvelope.parse(input);
  return { gameID, action: actionInput(action) };
}
export const kickInput = z.object({ lobbyID: id, playerID: id });
/** Any text here: the lobby service refuses a value the seed cannot take with a sentence of its own. */
export const contributeInput = z.object({ lobbyID: id, value: z.string() });
/** A seat, with the joiner's value for the dice if they give one (read as `contribute`'s). */
export const joinInput = z.object({ lobbyID: id, value: contributeInput.shape.value.optional() });
export const addBotInput = z.object({ lobbyID: id, botType: z.enum(BOT_TYPES) });
export const setOptionInput = z.object({ lobbyID: id, option: z.enum(GAME_OPTION_KEYS), value: z.boolean() });
export const setTurnTimerInput = z.object({ lobbyID: id, turnTimer: z.enum(['auto', 'on', 'off']) });
export const setTurnPaceInput = z.object({ lobbyID: id, pace: z.enum(TURN_PACES) });
export const setShowOddsInput = z.object({ lobbyID: id, value: z.boolean() });
export const setModuleInput = z.object({ lobbyID: id, module: z.enum(MODULE_KEYS), enabled: z.boolean() });
export const roomInput = z.object({ room: z.string().min(1).max(80) });
/** chat.lobbyUnread: lobbies, each with the time of the newest message the caller read in its room (0: none). */
export const lobbyUnreadInput = z.object({ lobbies: z.array(z.object({ lobbyID: id, after: z.number().int().min(0) })).max(MAX_IDS_PER_CALL) });
/** chat.markRead: a room, read up to the `createdAt` of its newest message the caller has seen. */
export const markReadInput = z.object({ room: z.string().min(1).max(80), upTo: z.number().int().min(0) });
/** chat.readMarks: rooms, few enough that a call is one cheap read (the site asks for its page's one). */
export const MAX_READ_MARK_ROOMS = 50;
export const readMarksInput = z.object({ rooms: z.array(z.string().min(1).max(80)).max(MAX_READ_MARK_ROOMS) });
export const sendChatInput = z.object({ room: z.string().min(1).max(80), message: z.string().max(2_000) });
export const historyInput = z.object({ includeBots: z.boolean().default(false), userID: id.nullish() });
export const userIDsInput = z.object({ ids: z.array(id).max(MAX_IDS_PER_CALL) });
export const userInput = z.object({ userID: id });
export const leaderboardInput = z.object({ provisional: z.boolean().default(false), offset: z.number().int().min(0).max(1_000_000).default(0), limit: z.number().int().min(1).max(100).default(25) });
export const gameRatingsInput = z.object({ gameID: id });
export const usersRatingsInput = z.object({ userIDs: z.array(id).max(MAX_IDS_PER_CALL) });
export const myGamesInput = z.object({ offset: z.number().int().min(0).max(1_000_000).default(0), limit: z.number().int().min(1).max(50).default(10) });
export const renameInput = z.object({ name: z.string().max(100) });
