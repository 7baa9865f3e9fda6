/**
 * Phase changes: closing a phase (END_OF_PHASE with its thinking times) and opening the next
 * (SET_UP_PHASE). The server drives phases; players only ever answer the phase they are in.
 */
import type { Game } from '../state.js';
import { emit, mapPlayerIDs, own, replaceRecord, type Step } from '../step.js';
import type { Phase, UserID } from '../types.js';

/** The phases in which the game waits for players. */
export const WAITING_PHASES: readonly Phase[] = ['PLANNING', 'WAR', 'RESOLUTION'];

/**
 * Whoever acted last in a waiting phase kept everyone else waiting, alone, since the one before
 * them acted: that stretch is their "solo" time.
 */
function soloTime(game: Game): { userID: UserID; millis: number } | null {
  // The latest to act (the last in seat order of those tied latest) and the latest of the others,
  // as soloTimeSorted finds them, in one pass: this runs at the end of every phase.
  const thinking = game.phaseThinkingMillisByPlayerID;
  const war = game.phase === 'WAR';
  const players = game.players;
  let lastID: UserID | null = null;
  let lastAt = 0;
  let before = -Infinity;
  for (let i = 0; i < players.length; i++) {
    const userID = players[i]!.userID;
    const at = thinking[userID]!;
    if (war && !(at > 0)) continue;
    if (typeof at !== 'number' || Number.isNaN(at)) return soloTimeSorted(game);
    if (lastID === null) {
      lastID = userID;
      lastAt = at;
    } else if (at >= lastAt) {
      before = lastAt;
      lastID = userID;
      lastAt = at;
    } else if (at > before) {
      before = at;
    }
  }
  if (lastID === null) return null;
  return { userID: lastID, millis: lastAt - (before === -Infinity ? 0 : before) };
}

function soloTimeSorted(game: Game): { userID: UserID; millis: number } | null {
  // In war only the players asked about rerolls were waited on; they are the ones who took time.
  const waitedOn = game.players
    .map((p) => p.userID)
    .filter((id) => game.phase !== 'WAR' || game.phaseThinkingMillisByPlayerID[id]! > 0);
  const acted = waitedOn.map((userID) => ({ userID, at: game.phaseThinkingMillisByPlayerID[userID]! })).sort((a, b) => a.at - b.at);
  const last = acted[acted.length - 1];
  if (!last) return null;
  const before = acted.length > 1 ? acted[acted.length - 2]!.at : 0;
  return { userID: last.userID, millis: last.at - before };
}

export function endPhase(s: Step): void {
  const g = s.game;
  emit(s, 'END_OF_PHASE', {
    phase: g.phase,
    elapsed_phase_time: s.now - g.phaseStartTimestamp,
    elapsed_phase_time_by_player_id: g.phaseThinkingMillisByPlayerID,
  });
  if (!WAITING_PHASES.includes(g.phase)) return;
  g.totalThinkingMillisByPlayerID = mapPlayerIDs(
    g,
    (p) => g.totalThinkingMillisByPlayerID[p.userID]! + g.phaseThinkingMillisByPlayerID[p.userID]!,
  );
  const solo = soloTime(g);
  if (solo && solo.millis > 0) {
    own(s, 'soloMillisByPlayerID')[solo.userID] = g.soloMillisByPlayerID[solo.userID]! + solo.millis;
  }
}

/** Closes the current phase and opens `phase`; in a waiting phase everyone starts not ready. */
export function enterPhase(s: Step, phase: Phase): void {
  endPhase(s);
  const g = s.game;
  g.phase = phase;
  g.phaseStartTimestamp = s.now;
  replaceRecord(s, 'phaseThinkingMillisByPlayerID', mapPlayerIDs(g, () => 0));
  const ready = !WAITING_PHASES.includes(phase);
  replaceRecord(s, 'readyByUserID', mapPlayerIDs(g, () => ready));
  emit(s, 'SET_UP_PHASE', { phase });
}

/** Marks a player ready and notes how long they took since the phase began. */
export function markReady(s: Step, userID: UserID, ready: boolean): void {
  const g = s.game;
  own(s, 'readyByUserID')[userID] = ready;
  own(s, 'phaseThinkingMillisByPlayerID')[userID] = Math.max(0, s.now - g.phaseStartTimestamp);
}

export function everyoneReady(game: Game): boolean {
  for (const p of game.players) if (!game.readyByUserID[p.userID]) return false;
  return true;
}
