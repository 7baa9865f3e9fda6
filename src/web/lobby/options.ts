/**
 * A lobby's settings as the page names them: the game options' labels and one-line hints, the
 * turn timer's choices, and the checkboxes (an option or a module) with their state as served.
 */
import type { Definitions, Lobby } from '../lib/api-types.js';

export type OptionKey = keyof Lobby['options'];
export type ModuleKey = Lobby['modules'][number];
export type BotType = Definitions['bots'][number]['type'];

/** Player-facing names of the game options. */
export const OPTION_LABELS: Record<OptionKey, string> = {
  tradeRowSlide: 'Trade row slides',
  prerollDice: 'Pre-roll dice',
  randomLeader: 'Random leaders',
  biggerTradeRow: 'Bigger trade row',
  wipeTradeRow: 'Wipe trade row each turn',
  wipeTributeRow: 'Wipe tribute row each age',
  warTokens: 'Clash tokens',
  rerollTokens: 'Reroll tokens',
  hideFavor: 'Hide favor',
  unbid: 'Allow unbid',
  retreat1: 'Retreat: half refund',
  retreat2: 'Retreat: full refund',
  retreat3: 'Retreat: refund the excess',
};

/** What each option does, in a line (the rules page has the details). */
export const OPTION_HINTS: Record<OptionKey, string> = {
  tradeRowSlide: 'Cards left on the trade row slide left; new ones are dealt on the right.',
  prerollDice: "Each turn's first clash rolls are made, hidden, before bidding. Same odds.",
  randomLeader: 'Leaders are shuffled instead of dealt in seat order.',
  biggerTradeRow: 'The trade row has one more slot: players + 2.',
  wipeTradeRow: 'Cards left on the trade row are discarded at the end of each turn.',
  wipeTributeRow: "At each age's end every tribute goes back into a fresh deck.",
  warTokens: 'Everyone in a clash gains a Clash token, win or lose.',
  rerollTokens: "A clash loser who bid at least the winner's bid gains a reroll token.",
  hideFavor: 'Favor and tribute tokens stay hidden until the game ends.',
  unbid: 'Take back your bid and bid again until the last player bids.',
  retreat1: 'A clash loser gets back half the military they spent.',
  retreat2: 'A clash loser gets back all the military they spent.',
  retreat3: "A clash loser gets back the part of their bid above the winner's.",
};

/** The call names, used in 'Error adding calling lobby {action}'. */
export type LobbyAction = 'join' | 'remove_player' | 'add_bot' | 'start' | 'set_game_option' | 'set_module' | 'set_turn_timer' | 'set_turn_pace' | 'set_show_odds' | 'contribute';

/** The lobby setting beside the game options: not a rule, so not one of them. */
export const SHOW_ODDS_LABEL = 'Show odds to players';
export const SHOW_ODDS_HINT = 'Players see the chances-to-win bar during the game too. Spectators always do.';

export type TurnTimer = Lobby['turnTimer'];

export const TURN_TIMER_LABELS: Record<TurnTimer, string> = {
  auto: 'Automatic: on with 2+ people',
  on: 'On',
  off: 'Off: wait for every player',
};

/** A lobby checkbox: a game option, a module, or "Show odds to players". */
export type Toggle = `option/${OptionKey}` | `module/${ModuleKey}` | 'setting/showOdds';

/** Whether a box is on in the lobby as the server sent it. */
export function served(lobby: Lobby, key: Toggle): boolean {
  if (key === 'setting/showOdds') return lobby.showOddsToPlayers;
  return key.startsWith('option/') ? lobby.options[key.slice('option/'.length) as OptionKey] : lobby.modules.includes(key.slice('module/'.length) as ModuleKey);
}
