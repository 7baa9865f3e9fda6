/**
 * A user's aggregate statistics: the sum of what each finished
 * game contributed. Averages are these totals divided by gamesPlayed. The score's parts (from
 * cards, prophecies, tributes and left-over resources) add up to the score.
 */
import type { CardLookup } from './effects.js';
import type { Game, PlayerGameStats } from './state.js';
import type { CardID, UserID } from './types.js';

/**
 * A player's stats of one game as the server records them: the engine's, and how many cards they
 * drafted. Drafted means gained from the trade row: not the leader they started with, nor basic
 * cards. The engine's own stats are part of a finished game's state, which replays must reach bit
 * for bit, so the count is added beside them rather than inside.
 */
export interface RecordedGameStats extends PlayerGameStats {
  cardsDrafted: number;
}

/** Cards of the age decks among `cardIDs`: only the trade row deals them. */
export function draftedCount(game: CardLookup, cardIDs: readonly CardID[]): number {
  return cardIDs.filter((id) => {
    const affinity = game.cardsByID[id]!.affinity;
    return affinity !== 'Leader' && affinity !== 'Basic';
  }).length;
}

/** A finished game's stats per player, as recorded. */
export function recordedStats(game: Game): Record<UserID, RecordedGameStats> {
  const stats = game.statsByPlayerID!;
  return Object.fromEntries(game.players.map((p) => [p.userID, { ...stats[p.userID]!, cardsDrafted: draftedCount(game, p.cardIDs) }]));
}

/**
 * Every figure of a game's recorded stats summed over games (`scoreFromResources` and
 * `cardsDrafted` were added after the others: see `userStatsFrom`), with how many games were
 * played and won.
 */
export interface UserStats extends Omit<RecordedGameStats, 'won'> {
  gamesPlayed: number;
  gamesWon: number;
}

export function emptyUserStats(): UserStats {
  return {
    gamesPlayed: 0,
    gamesWon: 0,
    blameMillis: 0,
    soloMillis: 0,
    score: 0,
    scoreFromCards: 0,
    scoreFromProphecies: 0,
    scoreFromTributes: 0,
    scoreFromResources: 0,
    clashes: 0,
    clashesWon: 0,
    cardsDrafted: 0,
    cardCountByAffinity: { Derion: 0, Tyros: 0, Zeona: 0 },
    cardCountByType: { Building: 0, Unit: 0, Event: 0 },
  };
}

export function addGameStats(total: UserStats, game: RecordedGameStats): UserStats {
  return {
    gamesPlayed: total.gamesPlayed + 1,
    gamesWon: total.gamesWon + (game.won ? 1 : 0),
    blameMillis: total.blameMillis + game.blameMillis,
    soloMillis: total.soloMillis + game.soloMillis,
    score: total.score + game.score,
    scoreFromCards: total.scoreFromCards + game.scoreFromCards,
    scoreFromProphecies: total.scoreFromProphecies + game.scoreFromProphecies,
    scoreFromTributes: total.scoreFromTributes + game.scoreFromTributes,
    scoreFromResources: total.scoreFromResources + game.scoreFromResources,
    clashes: total.clashes + game.clashes,
    clashesWon: total.clashesWon + game.clashesWon,
    cardsDrafted: total.cardsDrafted + game.cardsDrafted,
    cardCountByAffinity: {
      Derion: total.cardCountByAffinity.Derion + game.cardCountByAffinity.Derion,
      Tyros: total.cardCountByAffinity.Tyros + game.cardCountByAffinity.Tyros,
      Zeona: total.cardCountByAffinity.Zeona + game.cardCountByAffinity.Zeona,
    },
    cardCountByType: {
      Building: total.cardCountByType.Building + game.cardCountByType.Building,
      Unit: total.cardCountByType.Unit + game.cardCountByType.Unit,
      Event: total.cardCountByType.Event + game.cardCountByType.Event,
    },
  };
}

/**
 * The totals stored in `users.stats_json`, complete. Totals written before scoreFromResources
 * existed lack it: favor has only the four sources, so it is what the other three leave of the
 * score. Totals written before cardsDrafted existed lack it too: their cards of the three deities
 * were all drafted, and only the few neutral cards drafted then go uncounted (their games' card
 * counts by type held the leader and basic cards as well). Unreadable JSON counts as no games yet
 * rather than stopping a game from ending.
 */
export function userStatsFrom(json: string): UserStats {
  let stored: Partial<UserStats>;
  try {
    stored = (JSON.parse(json) as Partial<UserStats> | null) ?? {};
  } catch {
    stored = {};
  }
  const stats = { ...emptyUserStats(), ...stored };
  if (typeof stored.scoreFromResources !== 'number') {
    stats.scoreFromResources = stats.score - stats.scoreFromCards - stats.scoreFromProphecies - stats.scoreFromTributes;
  }
  if (typeof stored.cardsDrafted !== 'number') {
    const deities = stats.cardCountByAffinity;
    stats.cardsDrafted = deities.Derion + deities.Tyros + deities.Zeona;
  }
  return stats;
}
