/**
 * The end of the game: prophecies (end-of-game effects) pay out, leftover gold and military are
 * scored, the winners are named (ties share the win) and each player's statistics are taken.
 */
import { credit } from '../credit.js';
import { countByDeity, noAmounts, sumOutputs } from '../effects.js';
import type { TriggeredCard } from '../events.js';
import type { Game, PlayerGameStats } from '../state.js';
import { editPlayer, emit, type Step } from '../step.js';
import type { UserID } from '../types.js';
import { endPhase } from './flow.js';

function prophecies(s: Step): void {
  s.game.players.forEach((player, seat) => {
    const triggeredCards: TriggeredCard[] = [];
    for (const cardID of player.cardIDs) {
      const effects = s.game.cardsByID[cardID]!.effects.endOfGameEffect;
      if (effects.length === 0) continue;
      triggeredCards.push({ cardID, ...sumOutputs(s.game, player, effects) });
    }
    // Each card pays out in turn; prophecies count what was held when the game ended.
    for (const t of triggeredCards) {
      const { cardID: _, ...amounts } = t;
      credit(s, seat, amounts, 'prophecies');
    }
    emit(s, 'END_GAME_EFFECTS', { userID: player.userID, triggeredCards });
  });
}

function scoreResources(s: Step): void {
  const { goldPerFavor, militaryPerFavor } = s.game.scoring;
  s.game.players.forEach((player, seat) => {
    const fromGold = Math.floor(player.counters.gold / goldPerFavor);
    const fromMilitary = Math.floor(player.counters.military / militaryPerFavor);
    const cost = { gold: fromGold * goldPerFavor, military: fromMilitary * militaryPerFavor };
    const favor = fromGold + fromMilitary;
    const p = editPlayer(s, seat);
    p.counters.gold -= cost.gold;
    p.counters.military -= cost.military;
    credit(s, seat, { ...noAmounts(), favor }, 'resources');
    emit(s, 'END_GAME_SCORING', { userID: player.userID, favor, cost });
  });
}

export function winnersOf(game: Game): UserID[] {
  const top = Math.max(...game.players.map((p) => p.counters.favor));
  return game.players.filter((p) => p.counters.favor === top).map((p) => p.userID);
}

export function statsOf(game: Game): Record<UserID, PlayerGameStats> {
  const stats: Record<UserID, PlayerGameStats> = {};
  for (const p of game.players) {
    const cardCountByType = { Building: p.cards.Building.length, Unit: p.cards.Unit.length, Event: p.cards.Event.length };
    stats[p.userID] = {
      won: game.winnerIDs.includes(p.userID),
      score: p.counters.favor,
      scoreFromCards: p.favorSources.cards,
      scoreFromProphecies: p.favorSources.prophecies,
      scoreFromTributes: p.favorSources.tributes,
      scoreFromResources: p.favorSources.resources,
      clashes: p.clashes,
      clashesWon: p.clashesWon,
      cardCountByAffinity: countByDeity(game, p.cardIDs),
      cardCountByType,
      blameMillis: game.totalThinkingMillisByPlayerID[p.userID]!,
      soloMillis: game.soloMillisByPlayerID[p.userID]!,
    };
  }
  return stats;
}

export function endGame(s: Step): void {
  prophecies(s);
  scoreResources(s);
  endPhase(s);
  const g = s.game;
  g.winnerIDs = winnersOf(g);
  g.statsByPlayerID = statsOf(g);
  g.gameEndTimestamp = s.now;
}
