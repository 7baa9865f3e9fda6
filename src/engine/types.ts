/**
 * The vocabulary of the rules: every name here is the rulebook's.
 * Unions come from `as const` arrays so data files, validators and code share one list.
 */

export const AFFINITIES = ['Leader', 'Basic', 'Derion', 'Tyros', 'Zeona', 'None'] as const;
export type Affinity = (typeof AFFINITIES)[number];

/** The three gods whose cards make up a deity set. */
export const DEITIES = ['Derion', 'Tyros', 'Zeona'] as const;
export type Deity = (typeof DEITIES)[number];

export const CARD_TYPES = ['Building', 'Unit', 'Event'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const AGES = [1, 2, 3] as const;
export type Age = (typeof AGES)[number];

export const PHASES = ['SETUP', 'PRODUCTION', 'PLANNING', 'WAR', 'RESOLUTION', 'TRIBUTE'] as const;
export type Phase = (typeof PHASES)[number];

/** Resources a card can output, keyed by their notation letter (G V M W R). */
export const RESOURCE_BY_LETTER = {
  G: 'gold',
  V: 'favor',
  M: 'military',
  W: 'warTokens',
  R: 'rerollTokens',
} as const;
export type Resource = (typeof RESOURCE_BY_LETTER)[keyof typeof RESOURCE_BY_LETTER];

/** Things an output can be multiplied by or upgraded on (upgradeType values). */
export const COUNTED_THINGS = ['Tyros', 'Derion', 'Zeona', 'Unit', 'Building', 'Event', 'War', 'card_set'] as const;
export type CountedThing = (typeof COUNTED_THINGS)[number];

export const GAME_OPTION_KEYS = [
  'tradeRowSlide',
  'prerollDice',
  'randomLeader',
  'biggerTradeRow',
  'wipeTradeRow',
  'wipeTributeRow',
  'warTokens',
  'rerollTokens',
  'hideFavor',
  'unbid',
  'retreat1',
  'retreat2',
  'retreat3',
] as const;
export type GameOptionKey = (typeof GAME_OPTION_KEYS)[number];
export type GameOptions = Record<GameOptionKey, boolean>;

export const DEFAULT_OPTIONS: GameOptions = {
  tradeRowSlide: false,
  prerollDice: false,
  randomLeader: false,
  biggerTradeRow: false,
  wipeTradeRow: false,
  wipeTributeRow: false,
  warTokens: false,
  rerollTokens: false,
  hideFavor: false,
  unbid: true,
  retreat1: false,
  retreat2: false,
  retreat3: false,
};

export const MODULE_KEYS = ['conquest', 'beta', 'altleaders', 'noupgrade', 'legacy'] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];
/** What is said of a module key the game's definitions do not have: by a game's setup, a lobby and the card gallery alike. */
export const moduleNotFound = (key: string): string => `Module ${key} not found`;
export const MODULE_STATES = ['enabled', 'devOnly', 'disabled'] as const;
export type ModuleState = (typeof MODULE_STATES)[number];

export const BOT_TYPES = ['easy_bot', 'basic_bot', 'basic_bot2', 'valid_move', 'random_card', 'expert_bot'] as const;
export type BotType = (typeof BOT_TYPES)[number];

/** The eight seat colours, in seat order. */
export const SEAT_COLORS = ['#d9480f', '#1971c2', '#2f9e44', '#f08c00', '#9c36b5', '#0c8599', '#e64980', '#495057'] as const;

/**
 * What an id or key of the site may be: 1 to 64 letters, digits, dashes and underscores, as the
 * server makes a game's, a lobby's and a person's (`g_…`, `l_…`, `u_…`), `createGame` its
 * (`game-…`), and the card modules name themselves. Anything else is no id of the site's: a
 * stranger's sentence in its place is never looked up as a topic or a room, nor said back as an id.
 */
export const ID_PATTERN = '[A-Za-z0-9_-]{1,64}';
const WHOLE_ID = new RegExp(`^${ID_PATTERN}$`);
/** Whether `text` could be an id or key of the site (ID_PATTERN, whole). */
export const isIdLike = (text: string): boolean => WHOLE_ID.test(text);

export type UserID = string;
export type CardID = number;
export type TributeID = number;
