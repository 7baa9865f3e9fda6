/**
 * The replay file: everything needed to re-run one game and check it, as one JSON document.
 *
 *   { "format": "mythos-replay", "version": 2, "generator": "chacha20",
 *     "setup": { "seats": [{ "userID": "p1", "botType": "valid_move" }, ...],   // or "players"
 *                "options": { "unbid": true, ... }, "modules": ["altleaders"] },
 *     "seed": "9f07...e4" or 1042, "start": 0,
 *     "actions": [{ "userID": "p1", "action": { "type": "BID", ... }, "now": 1000 }, ...],
 *                 // an action a stand-in bot took for a person adds "standIn": "left" (or
 *                 // "turn timer", "no one connected"): why
 *     "final": { ...the Game as saved when it ended... },
 *     "meta": { "game": 42, "botSeed": 123, "createdBy": "mythos tournament" } }      // optional
 *
 * The seed is a game's 256-bit seed in hex, or a tournament's integer seed (which stands for the
 * 256-bit seed derived from it). Version 1 files come from before ChaCha20: their generator is
 * xoroshiro128+ and their seed an integer.
 *
 * The shape checks live in the engine, not the CLI, because the browser opens these files too
 * (/replay): `checkReplay` turns every problem into a one-line ReplayFileError naming the field
 * at fault, which the CLI prefixes with the file's path and the browser shows as it is.
 *
 * `forfeits` is the server's record of who forfeited the game (src/engine/forfeits.ts), written
 * for a finished game only (`{}` when nobody did). A file without it (a tournament's, a running
 * game's, one exported before it was kept) is still read: its readers then tell who forfeited from
 * the actions' `standIn`, which misses a player who left with no decision of theirs to come.
 * Optional and ignored by a reader that does not know it, so the version stays 2.
 */
import type { Action } from './actions/action.js';
import { parseAction } from './actions/parse-action.js';
import { DefinitionError, parseCard, parseTribute } from './cards/definitions.js';
import { isIdLike } from './types.js';
import { STAND_IN_REASONS, type StandInReason } from './events.js';
import { FORFEIT_REASONS, isForfeitReason, type Forfeits } from './forfeits.js';
import { migrate } from './migrations.js';
import { RNG_KINDS, type RngKind } from './rng.js';
import { isSeed, type Seed } from './seed.js';
import { isBotType, isModuleKey, isOptionKey, unknownBotMessage, unknownModuleMessage, unknownOptionMessage } from './setup-keys.js';
import { MAX_PLAYERS, MIN_PLAYERS, SAVE_VERSION, type Game } from './state.js';
import { GAME_OPTION_KEYS, type BotType, type GameOptions, type ModuleKey, type UserID } from './types.js';

export const REPLAY_FORMAT = 'mythos-replay';
export const REPLAY_VERSION = 2;
/** Files written before ChaCha20, all of them xoroshiro128+ games; still read. */
const REPLAY_VERSION_XOROSHIRO = 1;
/**
 * The most actions a file may list. An eight-seat game takes about 250, and one whose every player
 * took their bid back three times a turn (the server's limit) under 1,000. Each action is a step
 * the browser's replay re-runs and keeps: a hand-made file of 20 MB of bids taken back and made
 * again was 290,000 steps, several seconds of a viewer's tab and about 600 MB of its memory.
 */
export const MAX_REPLAY_ACTIONS = 10_000;

/**
 * How deep a file may nest its values. A saved game nests them 6 or 7 levels (a clash's rolls in
 * its event's payload); a file made by hand nested 20,000 deep overflowed the stack of whatever
 * walked it (the comparison with the re-run), a RangeError no check had said anything of.
 */
export const MAX_REPLAY_DEPTH = 64;

/** A file that is not a usable replay: the message names the field at fault, in one line. */
export class ReplayFileError extends Error {
  override name = 'ReplayFileError';
}

/** One seat of the game: a bot's kind, or null for a person (a game exported from the server). */
export interface ReplaySeat {
  userID: UserID;
  botType: BotType | null;
}

/** One logged action, with the clock it was taken at. */
export interface ReplayAction {
  userID: UserID;
  action: Action;
  now: number;
  /**
   * Set when a stand-in bot took the action for a person (a game exported from the server): why.
   * No rule reads it, so a re-run ignores it; it tells who forfeited the game (src/shared/forfeit.ts).
   */
  standIn?: StandInReason;
}

export interface ReplaySetup {
  /** The game's id, for a game exported from the server (a tournament game has none). */
  id?: string;
  seats: ReplaySeat[];
  options: Partial<GameOptions>;
  modules: ModuleKey[];
}

export interface ReplayFile {
  format: typeof REPLAY_FORMAT;
  version: typeof REPLAY_VERSION;
  /** The generator the game was made with. */
  generator: RngKind;
  setup: ReplaySetup;
  seed: Seed | number;
  start: number;
  actions: ReplayAction[];
  final: Game;
  meta?: Record<string, unknown>;
  /** Who forfeited the game and why, as the server recorded it at its end; only in a finished game's export. */
  forfeits?: Forfeits;
}

export function replayOf(setup: ReplaySetup, seed: Seed | number, start: number, actions: ReplayAction[], final: Game, meta?: Record<string, unknown>): ReplayFile {
  const generator = final.rngState.kind;
  return { format: REPLAY_FORMAT, version: REPLAY_VERSION, generator, setup, seed, start, actions, final, ...(meta ? { meta } : {}) };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkSeats(raw: unknown, where: string): ReplaySeat[] {
  if (!Array.isArray(raw) || raw.length < MIN_PLAYERS || raw.length > MAX_PLAYERS) {
    throw new ReplayFileError(`${where} must list ${MIN_PLAYERS} to ${MAX_PLAYERS} seats`);
  }
  const seats = raw.map((seat: unknown, i): ReplaySeat => {
    const at = `${where}[${i}]`;
    if (!isObject(seat) || typeof seat.userID !== 'string' || seat.userID === '') throw new ReplayFileError(`${at} needs a userID`);
    const botType = seat.botType ?? null;
    if (botType !== null && (typeof botType !== 'string' || !isBotType(botType))) throw new ReplayFileError(unknownBotMessage(String(botType), at));
    return { userID: seat.userID, botType: botType as BotType | null };
  });
  if (new Set(seats.map((s) => s.userID)).size !== seats.length) throw new ReplayFileError(`${where} has a userID twice`);
  return seats;
}

function checkOptions(raw: unknown): Partial<GameOptions> {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw new ReplayFileError(`setup.options must be an object of ${GAME_OPTION_KEYS.length} booleans`);
  const options: Partial<GameOptions> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!isOptionKey(name)) throw new ReplayFileError(unknownOptionMessage(name, 'setup.options'));
    if (typeof value !== 'boolean') throw new ReplayFileError(`setup.options.${name} must be true or false`);
    options[name] = value;
  }
  return options;
}

function checkModules(raw: unknown): ModuleKey[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new ReplayFileError('setup.modules must be a list of module keys');
  for (const key of raw) if (typeof key !== 'string' || !isModuleKey(key)) throw new ReplayFileError(unknownModuleMessage(String(key), 'setup.modules'));
  return raw as ModuleKey[];
}

function checkActions(raw: unknown): ReplayAction[] {
  if (!Array.isArray(raw)) throw new ReplayFileError('actions must be a list');
  if (raw.length > MAX_REPLAY_ACTIONS) throw new ReplayFileError(`actions lists ${raw.length} actions, more than any game takes (at most ${MAX_REPLAY_ACTIONS})`);
  return raw.map((item: unknown, i): ReplayAction => {
    const at = `actions[${i}]`;
    if (!isObject(item)) throw new ReplayFileError(`${at} must be an object of userID, action and now`);
    if (typeof item.userID !== 'string') throw new ReplayFileError(`${at}.userID must be a user id`);
    if (typeof item.now !== 'number' || !Number.isFinite(item.now)) throw new ReplayFileError(`${at}.now must be a number (milliseconds)`);
    const action = parseAction(item.action);
    if ('ok' in action) throw new ReplayFileError(`${at}.action: ${action.message}`);
    const standIn = item.standIn ?? null;
    if (standIn === null) return { userID: item.userID, action, now: item.now };
    if (!isStandInReason(standIn)) throw new ReplayFileError(`${at}.standIn must be one of ${STAND_IN_REASONS.map((r) => `"${r}"`).join(', ')}, or absent`);
    return { userID: item.userID, action, now: item.now, standIn };
  });
}

const isRngKind = (value: unknown): value is RngKind => RNG_KINDS.some((kind) => kind === value);
const isStandInReason = (value: unknown): value is StandInReason => STAND_IN_REASONS.some((reason) => reason === value);

function checkGenerator(doc: Json): RngKind {
  if (doc.version === REPLAY_VERSION_XOROSHIRO) return 'xoroshiro128+';
  if (!isRngKind(doc.generator)) throw new ReplayFileError(`generator must be one of ${RNG_KINDS.join(', ')}`);
  return doc.generator;
}

function checkSeed(raw: unknown, generator: RngKind): Seed | number {
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return raw;
  if (generator === 'xoroshiro128+') throw new ReplayFileError('seed must be a whole number');
  if (isSeed(raw)) return raw;
  throw new ReplayFileError('seed must be 64 hex digits (or a whole number for a tournament game)');
}

/**
 * A saved card set (`cardsByID` or `tributeCardsByID`), each definition checked as the data files'
 * are and keyed by its own id. The game is re-run with these cards and the replay draws them: a
 * hand-made file's tribute of no known kind threw a TypeError out of the engine, and a card of no
 * known type, affinity or name out of the replay's drawing, leaving a page with nothing on it.
 */
function checkDefinitions<T extends { id: number }>(raw: unknown, where: string, parse: (item: unknown, index: number) => T): Record<number, T> {
  if (!isObject(raw)) throw new ReplayFileError(`${where} must be an object of definitions by id`);
  const checked: Record<number, T> = {};
  Object.entries(raw).forEach(([key, item], index) => {
    let definition: T;
    try {
      definition = parse(item, index);
    } catch (error) {
      if (error instanceof DefinitionError) throw new ReplayFileError(error.message);
      throw error;
    }
    if (String(definition.id) !== key) throw new ReplayFileError(`${where}[${JSON.stringify(key)}] holds the definition of ${definition.id}`);
    checked[definition.id] = definition;
  });
  return checked;
}

/** A card as saved: its definition and the effects worked out from it, which are worked out again. */
const definitionOf = (card: unknown): unknown => {
  if (!isObject(card)) return card;
  const { effects: _effects, ...definition } = card;
  return definition;
};

/**
 * The saved card set checked (a file without one is left to its reader: `mythos replay` can re-run
 * it with the current cards).
 */
function checkCardSet(final: Json): Json {
  const checked: Json = {};
  if (final.cardsByID !== undefined) checked.cardsByID = checkDefinitions(final.cardsByID, 'final.cardsByID', (card, i) => parseCard('final.cardsByID', definitionOf(card), i));
  if (final.tributeCardsByID !== undefined) checked.tributeCardsByID = checkDefinitions(final.tributeCardsByID, 'final.tributeCardsByID', (tribute, i) => parseTribute('final.tributeCardsByID', tribute, i));
  return checked;
}

/** The save versions the migrations take: 1 up to the current one. */
const SAVE_VERSIONS: readonly unknown[] = Array.from({ length: SAVE_VERSION }, (_, i) => i + 1);

/** Whether `value` nests objects or lists deeper than `limit`: walked without recursion, as a file may nest past the stack's depth. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const waiting: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= limit) return true;
    for (const inner of Object.values(next.value)) waiting.push({ value: inner, depth: next.depth + 1 });
  }
  return false;
}

/**
 * The saved final state, brought up to the current save version (the file may predate it). Its
 * players and its events are what every reader walks (the migrations, the comparison of each
 * event with the re-run's): a list of something else, or null in it, threw a TypeError there.
 */
function checkFinal(raw: unknown): Game {
  if (!isObject(raw)) throw new ReplayFileError('final (the saved final game) is missing');
  // A save of no known version is said as such by the migrations, whatever else it holds.
  if (!SAVE_VERSIONS.includes(raw.version)) return checkMigrated(raw);
  if (!Array.isArray(raw.players) || !raw.players.every(isObject)) throw new ReplayFileError('final.players must be a list of players');
  if (!Array.isArray(raw.events)) throw new ReplayFileError('final.events must be a list of events');
  const notEvent = raw.events.findIndex((event) => !isObject(event) || typeof event.type !== 'string');
  if (notEvent >= 0) throw new ReplayFileError(`final.events[${notEvent}] must be an event (an object with a "type")`);
  // The players' values for the seed, when kept, start the re-run: what each holds is verify's to
  // judge against the seats, but one that is no object at all threw a TypeError as the game began.
  const values = raw.seedContributions ?? null;
  if (values !== null && (!Array.isArray(values) || !values.every(isObject))) {
    throw new ReplayFileError("final.seedContributions must be null or a list of the seats' values (objects of userID and value)");
  }
  return checkMigrated(raw);
}

/** The saved final state migrated, its card set checked. */
function checkMigrated(raw: Json): Game {
  const migrated = migrate({ ...raw, ...checkCardSet(raw) });
  if ('ok' in migrated) throw new ReplayFileError(`final: ${migrated.message}`);
  return migrated;
}

/** Who forfeited, when the file says: only people seated in it, each for one of the reasons, and only once the game has ended. */
function checkForfeits(raw: unknown, seats: readonly ReplaySeat[], final: Game): Forfeits | undefined {
  if (raw === undefined) return undefined;
  const reasons = FORFEIT_REASONS.map((r) => `"${r}"`).join(' or ');
  if (!isObject(raw)) throw new ReplayFileError(`forfeits must be an object of user ids, each ${reasons}`);
  // Nobody has forfeited a game that is still running: the server records forfeits at the end.
  if (final.gameEndTimestamp === null) throw new ReplayFileError('forfeits: the game has not ended, so nobody has forfeited it yet');
  return Object.fromEntries(
    Object.entries(raw).map(([userID, reason]) => {
      if (!seats.some((s) => s.userID === userID && s.botType === null)) throw new ReplayFileError(`forfeits.${userID} is not a person seated in the game`);
      if (!isForfeitReason(reason)) throw new ReplayFileError(`forfeits.${userID} must be ${reasons}`);
      return [userID, reason];
    }),
  );
}

/** Checks a parsed document; the messages name the field at fault (without the file name). */
export function checkReplay(doc: unknown): ReplayFile {
  if (!isObject(doc) || doc.format !== REPLAY_FORMAT) throw new ReplayFileError(`not a mythos replay (expected "format": "${REPLAY_FORMAT}")`);
  if (nestsDeeperThan(doc, MAX_REPLAY_DEPTH)) throw new ReplayFileError(`a value is nested more than ${MAX_REPLAY_DEPTH} levels deep, as in no saved game`);
  if (doc.version !== REPLAY_VERSION && doc.version !== REPLAY_VERSION_XOROSHIRO) {
    throw new ReplayFileError(`unsupported replay version ${JSON.stringify(doc.version)} (supported: ${REPLAY_VERSION_XOROSHIRO}, ${REPLAY_VERSION})`);
  }
  const generator = checkGenerator(doc);
  const setup = doc.setup;
  if (!isObject(setup)) throw new ReplayFileError('setup is missing');
  const seatsKey = setup.seats !== undefined ? 'seats' : 'players';
  const seats = checkSeats(setup[seatsKey], `setup.${seatsKey}`);
  const options = checkOptions(setup.options);
  const modules = checkModules(setup.modules);
  const seed = checkSeed(doc.seed, generator);
  const start = doc.start ?? 0;
  if (typeof start !== 'number' || !Number.isFinite(start)) throw new ReplayFileError('start must be a number (milliseconds)');
  const actions = checkActions(doc.actions);
  const final = checkFinal(doc.final);
  const meta = isObject(doc.meta) ? doc.meta : undefined;
  const forfeits = checkForfeits(doc.forfeits, seats, final);
  // What the site's games are called: the id a file names is said back on /replay, beside the
  // file's check, in the site's own verdict on it, and a sentence there ("no game g_x, the 2026
  // final as this site recorded it, ...") read as the site's words (tests/web/components/security-review-26.test.tsx).
  if (setup.id !== undefined && (typeof setup.id !== 'string' || !isIdLike(setup.id))) {
    throw new ReplayFileError('setup.id must be a game id (at most 64 letters, digits, dashes and underscores)');
  }
  const id = setup.id === undefined ? {} : { id: setup.id };
  return { format: REPLAY_FORMAT, version: REPLAY_VERSION, generator, setup: { ...id, seats, options, modules }, seed, start, actions, final, ...(meta ? { meta } : {}), ...(forfeits ? { forfeits } : {}) };
}
