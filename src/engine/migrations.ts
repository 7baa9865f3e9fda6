/**
 * Saves of versions 1 to 3 are migrated upward, one function per step, to version 4.
 *
 * Version 1 (the first online release) kept each player's gold, favor and military flat on the
 * player, called the trade row `table`, had no war tokens, no retreat options and one thinking
 * timer per player. Version 2 grouped the counters (gold, favor, military, warTokens), renamed
 * the row `tableIDs` and added the retreat options. Version 3 added reroll and tribute tokens,
 * the favor breakdown, clash counts, the player-board stacks and per-phase and solo thinking time.
 * Version 4 tagged the PRNG state with its generator (ChaCha20 for new games; the games before it
 * keep their xoroshiro128+) and added the seed's commitment, which older games never published.
 */
import { errors, type RuleError } from './errors.js';
import { SAVE_VERSION, type Game, type Player } from './state.js';
import type { CardID, UserID } from './types.js';

type Rest = Record<string, unknown>;

export interface PlayerV1 extends Rest {
  userID: UserID;
  cardIDs: CardID[];
  gold: number;
  favor: number;
  military: number;
}
export interface SaveV1 extends Rest {
  version: 1;
  players: PlayerV1[];
  table: (CardID | null)[];
  options: Rest;
  thinkingMillisByPlayerID: Record<UserID, number>;
}

export interface PlayerV2 extends Rest {
  userID: UserID;
  cardIDs: CardID[];
  counters: { gold: number; favor: number; military: number; warTokens: number };
}
export interface SaveV2 extends Rest {
  version: 2;
  players: PlayerV2[];
  tableIDs: (CardID | null)[];
  options: Rest;
  thinkingMillisByPlayerID: Record<UserID, number>;
}

export function migrateV1toV2(save: SaveV1): SaveV2 {
  const { table, players, options, ...rest } = save;
  return {
    ...rest,
    version: 2,
    tableIDs: table,
    options: { retreat1: false, retreat2: false, retreat3: false, ...options },
    players: players.map(({ gold, favor, military, ...p }) => ({ ...p, counters: { gold, favor, military, warTokens: 0 } })),
  };
}

/** A version 3 save: one generator (xoroshiro128+), its bare state, an integer seed. */
export type SaveV3 = Omit<Game, 'version' | 'rngState' | 'seed' | 'seedCommitment'> & { version: 3; rngState: number[]; seed: number };

export function migrateV2toV3(save: SaveV2): SaveV3 {
  const { thinkingMillisByPlayerID, players, ...rest } = save;
  const cardsByID = rest.cardsByID as Game['cardsByID'];
  const tributeCardsByID = rest.tributeCardsByID as Game['tributeCardsByID'];
  const zeros = Object.fromEntries(players.map((p) => [p.userID, 0]));
  return {
    ...(rest as unknown as SaveV3),
    version: 3,
    totalThinkingMillisByPlayerID: thinkingMillisByPlayerID,
    phaseThinkingMillisByPlayerID: { ...zeros },
    soloMillisByPlayerID: { ...zeros },
    players: players.map((p): Player => {
      const tributeIDs = (p.tributeIDs as number[] | undefined) ?? [];
      const tributeTokens = tributeIDs.reduce((n, id) => n + (tributeCardsByID[id]?.tokens ?? 0), 0);
      const cards: Player['cards'] = { Building: [], Unit: [], Event: [] };
      for (const id of p.cardIDs) cards[cardsByID[id]!.type].push(id);
      return {
        ...(p as unknown as Player),
        tributeIDs,
        cards,
        counters: { ...p.counters, rerollTokens: 0, tributeTokens },
        // Version 2 did not say where favor came from: it is all put down to cards and tributes.
        favorSources: { cards: p.counters.favor - tributeTokens * 3, tributes: tributeTokens * 3, prophecies: 0, resources: 0 },
        clashes: 0,
        clashesWon: 0,
      };
    }),
  };
}

export function migrateV3toV4(save: SaveV3): Game {
  const { rngState, ...rest } = save;
  return { ...rest, version: SAVE_VERSION, rngState: { kind: 'xoroshiro128+', state: rngState }, seedCommitment: null };
}

/** Brings a save of any known version up to the current one; a save of another version is refused. */
export function migrate(save: unknown): Game | RuleError {
  const version = (save as { version?: unknown } | null)?.version;
  switch (version) {
    case 1:
      return migrateV3toV4(migrateV2toV3(migrateV1toV2(save as SaveV1)));
    case 2:
      return migrateV3toV4(migrateV2toV3(save as SaveV2));
    case 3:
      return migrateV3toV4(save as SaveV3);
    case SAVE_VERSION:
      return save as Game;
    default:
      return errors.versionMismatch(version, SAVE_VERSION);
  }
}
