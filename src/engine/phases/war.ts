/**
 * War: bids are revealed and paid, lone bids win outright, and two or more bids on one card clash.
 *
 * In a clash each player rolls as many dice as the age; total = dice + bid (the "bonus"). Ties for
 * the best total are re-rolled among the tied until one player is best. Then every loser who holds
 * a reroll token may spend one to roll again (or decline); these reroll rounds repeat until nobody
 * is left to ask. Only then are the clashes settled: results, war and reroll tokens, retreats.
 */
import { baseMilitary, capped } from '../effects.js';
import { earnTokens } from '../tokens.js';
import { rollDice } from '../rng.js';
import { type Clash, type ClashRound, type Game, type RollResult } from '../state.js';
import { editPlayer, emit, own, rngOf, seatOf, type Step } from '../step.js';
import type { UserID } from '../types.js';
import { enterPhase } from './flow.js';

/** Reveals every bid, pays its military above base, and opens the war phase. */
export function revealBids(s: Step): void {
  const g = s.game;
  g.revealedTableIDs = g.tableIDs.filter((id) => id !== null);
  g.players.forEach((player, seat) => {
    const bid = g.bidsByPlayerID[player.userID]!;
    const spentMilitary = Math.max(0, bid.military - baseMilitary(g, player));
    const cardID = g.tableIDs[bid.tradeRowIndex]!;
    const militaryLeft = player.counters.military - spentMilitary;
    editPlayer(s, seat).counters.military = militaryLeft;
    own(s, 'planningDataByPlayerID')[player.userID] = { military: bid.military, tradeRowIndex: bid.tradeRowIndex, cardID, spentMilitary, militaryLeft };
    emit(s, 'BID', { userID: player.userID, cardID, spentMilitary, military: bid.military });
  });
  enterPhase(s, 'WAR');
  startClashes(s);
}

function rollRound(s: Step, clash: Clash, rolling: readonly UserID[], previous: ClashRound | null): ClashRound {
  const g = s.game;
  const round: ClashRound = {};
  for (const playerID of clash.playerIDs) {
    const bonus = g.bidsByPlayerID[playerID]!.military;
    if (!rolling.includes(playerID)) {
      round[playerID] = { ...previous![playerID]!, didRoll: false };
      continue;
    }
    const preRolled = previous === null && g.options.prerollDice ? g.prerolledDiceByPlayerID[playerID] : undefined;
    const rolls = preRolled ?? rollDice(g.age, rngOf(s));
    round[playerID] = { playerID, bonus, rolls, total: rolls.reduce((a, b) => a + b, bonus), didRoll: true };
    own(s, 'rollsByPlayerID')[playerID] = rolls;
  }
  return round;
}

function best(round: ClashRound): RollResult[] {
  const results = Object.values(round);
  const top = Math.max(...results.map((r) => r.total));
  return results.filter((r) => r.total === top);
}

/** Re-rolls ties for the best total until one player stands alone; returns the clash settled. */
function settleTies(s: Step, clash: Clash): Clash {
  const rounds = clash.rounds.slice();
  let leaders = best(rounds[rounds.length - 1]!);
  while (leaders.length > 1) {
    rounds.push(rollRound(s, clash, leaders.map((r) => r.playerID), rounds[rounds.length - 1]!));
    leaders = best(rounds[rounds.length - 1]!);
  }
  return { ...clash, rounds, winningPlayerID: leaders[0]!.playerID };
}

function startClashes(s: Step): void {
  const g = s.game;
  // The bidders of each slot in seat order, slot by slot from the left (slots are small integers).
  const bidders: UserID[][] = [];
  for (const player of g.players) {
    const index = g.bidsByPlayerID[player.userID]!.tradeRowIndex;
    (bidders[index] ??= []).push(player.userID);
  }
  const winners: Record<number, UserID> = {};
  const clashes: Clash[] = [];
  for (let index = 0; index < bidders.length; index++) {
    const playerIDs = bidders[index];
    if (playerIDs === undefined) continue;
    if (playerIDs.length === 1) {
      winners[index] = playerIDs[0]!;
      continue;
    }
    const clash: Clash = {
      cardID: g.tableIDs[index]!,
      tradeRowIndex: index,
      playerIDs,
      rounds: [],
      winningPlayerID: playerIDs[0]!,
      playerIDsWithRerolls: [],
      declinedPlayerIDs: [],
    };
    clash.rounds = [rollRound(s, clash, playerIDs, null)];
    clashes.push(settleTies(s, clash));
  }
  g.winnersByTradeRowIndex = winners;
  g.clashes = clashes;
  g.rerollRound = 0;
  offerRerolls(s);
}

/** Losers who hold a reroll token and have not declined in that clash. */
export function rerollCandidates(game: Game): UserID[] {
  const out: UserID[] = [];
  for (const clash of game.clashes) {
    for (const playerID of clash.playerIDs) {
      if (playerID === clash.winningPlayerID || clash.declinedPlayerIDs.includes(playerID)) continue;
      if (game.players[seatOf(game, playerID)]!.counters.rerollTokens > 0) out.push(playerID);
    }
  }
  return out;
}

/** Opens a reroll round if anyone may reroll; otherwise settles the war and moves on. */
function offerRerolls(s: Step): void {
  const g = s.game;
  const candidates = rerollCandidates(g);
  if (candidates.length === 0) {
    finishWar(s);
    return;
  }
  g.rollSelectionsByPlayerID = Object.fromEntries(candidates.map((id) => [id, 'na' as const]));
  g.readyByUserID = Object.fromEntries(g.players.map((p) => [p.userID, !candidates.includes(p.userID)]));
  for (const userID of candidates) emit(s, 'GAIN_REROLL', { userID });
}

/** Every candidate has chosen: the rerolls are rolled, ties settled, and the next round offered. */
export function playRerollRound(s: Step): void {
  const g = s.game;
  const choices = g.rollSelectionsByPlayerID;
  g.clashes = g.clashes.map((clash) => {
    const rerolling = clash.playerIDs.filter((id) => choices[id] === 'reroll');
    const declining = clash.playerIDs.filter((id) => choices[id] === 'decline');
    for (const userID of declining) emit(s, 'DECLINE_REROLL', { userID });
    if (rerolling.length === 0) return { ...clash, declinedPlayerIDs: [...clash.declinedPlayerIDs, ...declining] };
    for (const userID of rerolling) {
      editPlayer(s, seatOf(g, userID)).counters.rerollTokens -= 1;
    }
    const round = rollRound(s, clash, rerolling, clash.rounds[clash.rounds.length - 1]!);
    for (const userID of rerolling) emit(s, 'USE_REROLL', { userID, rolls: round[userID]!.rolls });
    return settleTies(s, {
      ...clash,
      rounds: [...clash.rounds, round],
      declinedPlayerIDs: [...clash.declinedPlayerIDs, ...declining],
      playerIDsWithRerolls: [...new Set([...clash.playerIDsWithRerolls, ...rerolling])],
    });
  });
  g.rerollRound += 1;
  g.rollSelectionsByPlayerID = {};
  offerRerolls(s);
}

/** The military a losing bid gets back under the retreat options (the largest that applies). */
export function retreatRefund(game: Game, spent: number, bid: number, winnerBonus: number, base: number): number {
  let refund = 0;
  if (game.options.retreat1) refund = Math.max(refund, Math.floor(spent / 2));
  if (game.options.retreat2) refund = Math.max(refund, spent);
  if (game.options.retreat3) refund = Math.max(refund, Math.min(spent, bid - Math.max(winnerBonus, base)));
  return Math.max(0, refund);
}


function finishWar(s: Step): void {
  const g = s.game;
  const winners = { ...g.winnersByTradeRowIndex };
  for (const clash of g.clashes) {
    const winner = clash.winningPlayerID;
    winners[clash.tradeRowIndex] = winner;
    emit(s, 'CONFLICT_RESULTS', {
      cardID: clash.cardID,
      winningPlayerID: winner,
      rounds: clash.rounds,
      playerIDsWithRerolls: clash.playerIDsWithRerolls,
    });
    const winnerBonus = g.bidsByPlayerID[winner]!.military;
    for (const playerID of clash.playerIDs) {
      const seat = seatOf(g, playerID);
      const won = playerID === winner;
      const p = editPlayer(s, seat);
      p.clashes += 1;
      if (won) p.clashesWon += 1;
      recordClash(s, clash, playerID, won);
    }
    if (g.options.warTokens) for (const playerID of clash.playerIDs) earnTokens(s, seatOf(g, playerID), 'War');
    const losers = clash.playerIDs.filter((id) => id !== winner);
    if (g.options.rerollTokens) {
      for (const playerID of losers) if (g.bidsByPlayerID[playerID]!.military >= winnerBonus) earnTokens(s, seatOf(g, playerID), 'Reroll');
    }
    for (const playerID of losers) {
      const data = g.planningDataByPlayerID[playerID]!;
      const seat = seatOf(g, playerID);
      const base = baseMilitary(g, g.players[seat]!);
      const refundedMilitary = retreatRefund(g, data.spentMilitary, data.military, winnerBonus, base);
      if (refundedMilitary === 0) continue;
      // A refund gives back what was spent: it is not a gain (tributes do not count it).
      const counters = editPlayer(s, seat).counters;
      counters.military = capped(counters.military + refundedMilitary);
      emit(s, 'REFUND_MILITARY', { userID: playerID, refundedMilitary });
    }
  }
  g.winnersByTradeRowIndex = winners;
  // A player who lost their clash has no trade row card to gain: only the basic pile is left.
  g.players.forEach((player, seat) => {
    const index = g.bidsByPlayerID[player.userID]!.tradeRowIndex;
    if (winners[index] !== player.userID && player.selectedCard !== null) editPlayer(s, seat).selectedCard = null;
  });
  enterPhase(s, 'RESOLUTION');
}

const favorOf = (g: Game, id: UserID) => g.players[seatOf(g, id)]!.counters.favor;

function recordClash(s: Step, clash: Clash, playerID: UserID, won: boolean): void {
  const g = s.game;
  const record = g.turnRecordByPlayerID[playerID]!;
  const entry = {
    won,
    bid: g.bidsByPlayerID[playerID]!.military,
    favor: favorOf(g, playerID),
    opponents: clash.playerIDs
      .filter((id) => id !== playerID)
      .map((id) => ({ playerID: id, bid: g.bidsByPlayerID[id]!.military, favor: favorOf(g, id) })),
  };
  own(s, 'turnRecordByPlayerID')[playerID] = { ...record, clashes: [...record.clashes, entry] };
}
