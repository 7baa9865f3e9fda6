/**
 * createGame: a new game in its SETUP phase, players seated with their leaders and starting
 * resources; `advance` then deals the first age.
 */
import { buildCardSet, type CardSet, type GameDefinitions } from './cards/definitions.js';
import { chachaState, rngFromState, shuffle, stateOf, xoroshiroState, type RngKind } from './rng.js';
import { commitmentOf, isSeed, mixedSeed, seedFromNumber, seedValueProblem, type Seed, type SeedMix } from './seed.js';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  SAVE_VERSION,
  STARTING_GOLD,
  STARTING_MILITARY,
  TRIBUTE_ROW_SIZE,
  TURNS_PER_AGE,
  type Game,
  type Player,
} from './state.js';
import { DEFAULT_OPTIONS, MODULE_KEYS, moduleNotFound, SEAT_COLORS, type BotType, type CardID, type GameOptions, type ModuleKey, type TributeID, type UserID } from './types.js';

export interface PlayerSetup {
  userID: UserID;
  botType?: BotType | null;
}

export interface GameSetup {
  id?: string;
  players: readonly PlayerSetup[];
  options?: Partial<GameOptions>;
  modules?: readonly ModuleKey[];
  definitions: GameDefinitions;
  scoring?: { goldPerFavor: number; militaryPerFavor: number };
  /** 'chacha20' unless replaying a game made before save version 4 with 'xoroshiro128+'. */
  generator?: RngKind;
}

/** A setup the engine cannot start a game from (the server validates before it gets here). */
export class SetupError extends Error {
  override name = 'SetupError';
}

function checkSetup(setup: GameSetup): void {
  const n = setup.players.length;
  if (n < MIN_PLAYERS || n > MAX_PLAYERS) throw new SetupError(`A game needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${n}.`);
  const ids = new Set(setup.players.map((p) => p.userID));
  if (ids.size !== n) throw new SetupError('Each player may take only one seat.');
  for (const key of setup.modules ?? []) if (!MODULE_KEYS.includes(key)) throw new SetupError(moduleNotFound(key));
}

type Seeding = Pick<Game, 'seed' | 'seedCommitment' | 'serverSecretCommitment' | 'serverSecret' | 'seedContributions' | 'rngState'>;
const UNMIXED = { serverSecretCommitment: null, serverSecret: null, seedContributions: null } as const;

/** The seed a game keeps, its commitments, the parts it was mixed from, and its generator's first state. */
function seeding(seed: Seed | number | SeedMix, generator: RngKind, players: readonly PlayerSetup[]): Seeding {
  if (generator === 'xoroshiro128+') {
    if (typeof seed !== 'number') throw new SetupError('A xoroshiro128+ game needs an integer seed.');
    return { seed, seedCommitment: null, ...UNMIXED, rngState: xoroshiroState(seed) };
  }
  if (typeof seed === 'object') return mixed(seed, players);
  const full = typeof seed === 'number' ? seedFromNumber(seed) : seed;
  if (!isSeed(full)) throw new SetupError('A seed must be 64 hex digits (256 bits).');
  return { seed: full, seedCommitment: commitmentOf(full), ...UNMIXED, rngState: chachaState(full) };
}

/** A seed mixed from the server's secret and one value per seat, in the seats' order. */
function mixed(mix: SeedMix, players: readonly PlayerSetup[]): Seeding {
  if (!isSeed(mix.serverSecret)) throw new SetupError("The server's secret must be 64 hex digits (256 bits).");
  const { contributions } = mix;
  if (contributions.length !== players.length || contributions.some((c, seat) => c.userID !== players[seat]!.userID)) {
    throw new SetupError('The values for the seed must name every seat, in seat order.');
  }
  contributions.forEach((c, seat) => {
    if (c.value === '') return;
    if (players[seat]!.botType) throw new SetupError(`A bot's seat adds nothing to the seed (seat ${seat + 1}).`);
    const problem = seedValueProblem(c.value);
    if (problem) throw new SetupError(`Seat ${seat + 1}: ${problem}`);
  });
  const seed = mixedSeed(mix);
  return {
    seed,
    seedCommitment: commitmentOf(seed),
    serverSecretCommitment: commitmentOf(mix.serverSecret),
    serverSecret: mix.serverSecret,
    seedContributions: contributions.map((c) => ({ userID: c.userID, value: c.value })),
    rngState: chachaState(seed),
  };
}

interface SetIDs {
  leaders: readonly CardID[];
  tributeIDs: readonly TributeID[];
}

// The leaders and tributes depend only on the card set, which games share by reference (see
// buildCardSet): sort them once (shuffle copies, so the sorted lists are never changed).
const setIDsCache = new WeakMap<CardSet, SetIDs>();

function setIDs(cardSet: CardSet): SetIDs {
  const known = setIDsCache.get(cardSet);
  if (known) return known;
  const ids: SetIDs = {
    leaders: Object.values(cardSet.cardsByID)
      .filter((c) => c.affinity === 'Leader')
      .map((c) => c.id)
      .sort((a, b) => a - b),
    tributeIDs: Object.keys(cardSet.tributeCardsByID)
      .map(Number)
      .sort((a, b) => a - b),
  };
  setIDsCache.set(cardSet, ids);
  return ids;
}

/**
 * A new game from a 256-bit seed (64 hex digits); from an integer, which stands for the seed
 * `seedFromNumber` derives from it (tournaments and tests; never a live game's); or from the
 * server's secret and the seats' values, mixed (`mixedSeed`: a game started from a lobby).
 */
export function createGame(setup: GameSetup, seed: Seed | number | SeedMix, now: number): Game {
  checkSetup(setup);
  const seeded = seeding(seed, setup.generator ?? 'chacha20', setup.players);
  const modules = [...new Set(setup.modules ?? [])];
  const cardSet = buildCardSet(setup.definitions, modules);
  const options: GameOptions = { ...DEFAULT_OPTIONS, ...setup.options, ...cardSet.optionsToAdd };
  const rng = rngFromState(seeded.rngState);
  const { leaders, tributeIDs } = setIDs(cardSet);
  if (leaders.length < setup.players.length) {
    throw new SetupError(`The card set has ${leaders.length} leaders, too few for ${setup.players.length} players.`);
  }
  const dealt: readonly CardID[] = options.randomLeader ? shuffle(leaders, rng) : leaders;
  const tributeDeck = shuffle(tributeIDs, rng);
  const zeros = () => Object.fromEntries(setup.players.map((p) => [p.userID, 0]));

  const players: Player[] = setup.players.map((p, seat) => {
    const leaderID = dealt[seat % dealt.length]!;
    const leader = cardSet.cardsByID[leaderID]!;
    const cards: Player['cards'] = { Building: [], Unit: [], Event: [] };
    cards[leader.type] = [leaderID];
    return {
      userID: p.userID,
      botType: p.botType ?? null,
      color: SEAT_COLORS[seat]!,
      cardIDs: [leaderID],
      cards,
      tributeIDs: [],
      counters: { gold: STARTING_GOLD, favor: 0, military: STARTING_MILITARY, warTokens: 0, rerollTokens: 0, tributeTokens: 0 },
      bid: null,
      selectedCard: null,
      favorSources: { cards: 0, tributes: 0, prophecies: 0, resources: 0 },
      clashes: 0,
      clashesWon: 0,
    };
  });

  return {
    version: SAVE_VERSION,
    // A default id must not give a secret seed away (an integer seed is public anyway).
    id: setup.id ?? `game-${typeof seed === 'number' ? seed : seeded.seedCommitment!.slice(0, 12)}`,
    sequenceID: 0,
    rngState: stateOf(rng),
    seed: seeded.seed,
    seedCommitment: seeded.seedCommitment,
    serverSecretCommitment: seeded.serverSecretCommitment,
    serverSecret: seeded.serverSecret,
    seedContributions: seeded.seedContributions,
    players,
    options,
    modules,
    scoring: setup.scoring ?? { goldPerFavor: 3, militaryPerFavor: 3 },
    age: 1,
    turn: 1,
    phase: 'SETUP',
    turnsPerAge: TURNS_PER_AGE,
    boardSize: players.length + 1 + (options.biggerTradeRow ? 1 : 0),
    tributeRowSize: TRIBUTE_ROW_SIZE,
    tableIDs: [],
    tributeRow: [],
    basicPile: [],
    deck: [],
    discard: [],
    tributeDeck,
    tributeDiscard: [],
    cardsByID: cardSet.cardsByID,
    tributeCardsByID: cardSet.tributeCardsByID,
    bidsByPlayerID: {},
    resolvesByPlayerID: {},
    readyByUserID: Object.fromEntries(setup.players.map((p) => [p.userID, true])),
    rollsByPlayerID: {},
    prerolledDiceByPlayerID: {},
    clashes: [],
    rerollRound: 0,
    rollSelectionsByPlayerID: {},
    winnersByTradeRowIndex: {},
    revealedTableIDs: [],
    turnRecordByPlayerID: {},
    events: [],
    phaseThinkingMillisByPlayerID: zeros(),
    totalThinkingMillisByPlayerID: zeros(),
    soloMillisByPlayerID: zeros(),
    productionDataByPlayerID: {},
    planningDataByPlayerID: {},
    gameStartTimestamp: now,
    gameEndTimestamp: null,
    phaseStartTimestamp: now,
    updateTimestamp: now,
    winnerIDs: [],
    statsByPlayerID: null,
  };
}
