/**
 * Saves of versions 1 to 4 are migrated upward, one function per step, to version 5. Every place
 * a save is read migrates it: the server's game store, replay files and `games export` files.
 * tests/fixtures/ holds a save of versions 1 and 2 with only their own fields.
 *
 * Version 1 (the first online release) kept each player's gold, favor and military flat on the
 * player, called the trade row `table`, had no war tokens (nor their option `warTokens`), no
 * retreat options and one thinking timer per player. Version 2 grouped the counters (gold,
 * favor, military, warTokens), renamed the row `tableIDs` and added war tokens and the retreat
 * options. Version 3 added reroll tokens (and their option `rerollTokens`) and tribute tokens, the
 * favor breakdown, clash counts, the player-board stacks and per-phase and solo thinking time,
 * and with them the end-of-game stats' favor breakdown (`scoreFrom...`), clash counts and solo
 * time. Version 4 tagged the PRNG state with its generator (ChaCha20 for new games; the games
 * before it keep their xoroshiro128+) and added the seed's commitment, which older games never
 * published. Version 5 added where a seed mixed from the server's secret and the players' values
 * came from (the secret's commitment, the secret, the values); a game before it had its seed
 * from the server alone, so they are null. The event log is the same in every version. An option
 * a save does not name is off.
 */
import { errors, type RuleError } from './errors.js';
import { SAVE_VERSION, type Game, type Player, type PlayerGameStats } from './state.js';
import { GAME_OPTION_KEYS, type CardID, type GameOptions, type UserID } from './types.js';

type Rest = Record<string, unknown>;

/** What version 5 added: the parts of a mixed seed. */
type AddedInV5 = 'serverSecretCommitment' | 'serverSecret' | 'seedContributions';
/** A version 4 save: its seed drawn by the server alone. */
export type SaveV4 = Omit<Game, 'version' | AddedInV5> & { version: 4 };
/** A version 3 save: one generator (xoroshiro128+), its bare state, an integer seed. */
export type SaveV3 = Omit<SaveV4, 'version' | 'rngState' | 'seed' | 'seedCommitment'> & { version: 3; rngState: number[]; seed: number };

/** What version 3 added to a player (see above); the rest of a version 2 player is as in version 3. */
type AddedToPlayerInV3 = 'cards' | 'counters' | 'favorSources' | 'clashes' | 'clashesWon' | 'tributeIDs';
export type PlayerV2 = Omit<Player, AddedToPlayerInV3> & {
  counters: { gold: number; favor: number; military: number; warTokens: number };
  tributeIDs?: CardID[];
};
/** What version 3 added to a save, or changed: the rest of a version 2 save is as in version 3. */
type AddedInV3 = 'version' | 'players' | 'options' | 'totalThinkingMillisByPlayerID' | 'phaseThinkingMillisByPlayerID' | 'soloMillisByPlayerID' | 'statsByPlayerID';
export type SaveV2 = Omit<SaveV3, AddedInV3> & {
  version: 2;
  players: PlayerV2[];
  options: Partial<GameOptions>;
  thinkingMillisByPlayerID: Record<UserID, number>;
  statsByPlayerID: Record<UserID, Rest> | null;
};

export type PlayerV1 = Omit<PlayerV2, 'counters'> & { gold: number; favor: number; military: number };
export type SaveV1 = Omit<SaveV2, 'version' | 'players' | 'tableIDs'> & {
  version: 1;
  players: PlayerV1[];
  table: (CardID | null)[];
};

export function migrateV1toV2(save: SaveV1): SaveV2 {
  const { table, players, options, ...rest } = save;
  return {
    ...rest,
    version: 2,
    tableIDs: table,
    options: { warTokens: false, retreat1: false, retreat2: false, retreat3: false, ...options },
    players: players.map(({ gold, favor, military, ...p }) => ({ ...p, counters: { gold, favor, military, warTokens: 0 } })),
  };
}

/** Every option off: what a save means by an option it does not name (it came later). */
const OPTIONS_OFF = Object.fromEntries(GAME_OPTION_KEYS.map((key) => [key, false])) as GameOptions;

/** The stats version 3 added to a finished game's, from the player as migrated. */
function statsV3(stats: Rest, player: Player): PlayerGameStats {
  const { cards, tributes, prophecies, resources } = player.favorSources;
  const added = { scoreFromCards: cards, scoreFromTributes: tributes, scoreFromProphecies: prophecies, scoreFromResources: resources };
  return { ...added, clashes: 0, clashesWon: 0, soloMillis: 0, ...stats } as PlayerGameStats;
}

export function migrateV2toV3(save: SaveV2): SaveV3 {
  const { thinkingMillisByPlayerID, players, options, ...rest } = save;
  const { cardsByID, tributeCardsByID, statsByPlayerID: oldStats } = rest;
  const zeros = Object.fromEntries(players.map((p) => [p.userID, 0]));
  const migrated = players.map((p): Player => {
    const tributeIDs = p.tributeIDs ?? [];
    const tributeTokens = tributeIDs.reduce((n, id) => n + (tributeCardsByID[id]?.tokens ?? 0), 0);
    const cards: Player['cards'] = { Building: [], Unit: [], Event: [] };
    for (const id of p.cardIDs) cards[cardsByID[id]!.type].push(id);
    return {
      ...p,
      tributeIDs,
      cards,
      counters: { ...p.counters, rerollTokens: 0, tributeTokens },
      // Version 2 did not say where favor came from: it is all put down to cards and tributes.
      favorSources: { cards: p.counters.favor - tributeTokens * 3, tributes: tributeTokens * 3, prophecies: 0, resources: 0 },
      clashes: 0,
      clashesWon: 0,
    };
  });
  return {
    ...rest,
    version: 3,
    options: { ...OPTIONS_OFF, ...options },
    totalThinkingMillisByPlayerID: thinkingMillisByPlayerID,
    phaseThinkingMillisByPlayerID: { ...zeros },
    soloMillisByPlayerID: { ...zeros },
    players: migrated,
    statsByPlayerID: oldStats && Object.fromEntries(migrated.map((p) => [p.userID, statsV3(oldStats[p.userID] ?? {}, p)])),
  };
}

export function migrateV3toV4(save: SaveV3): SaveV4 {
  const { rngState, ...rest } = save;
  return { ...rest, version: 4, rngState: { kind: 'xoroshiro128+', state: rngState }, seedCommitment: null };
}

export function migrateV4toV5(save: SaveV4): Game {
  return { ...save, version: SAVE_VERSION, serverSecretCommitment: null, serverSecret: null, seedContributions: null };
}

/** Brings a save of any known version up to the current one; a save of another version is refused. */
export function migrate(save: unknown): Game | RuleError {
  const version = (save as { version?: unknown } | null)?.version;
  switch (version) {
    case 1:
      return migrateV4toV5(migrateV3toV4(migrateV2toV3(migrateV1toV2(save as SaveV1))));
    case 2:
      return migrateV4toV5(migrateV3toV4(migrateV2toV3(save as SaveV2)));
    case 3:
      return migrateV4toV5(migrateV3toV4(save as SaveV3));
    case 4:
      return migrateV4toV5(save as SaveV4);
    case SAVE_VERSION:
      return save as Game;
    default:
      return errors.versionMismatch(version, SAVE_VERSION);
  }
}
