/**
 * What the odds may use (odds-client.ts): the spectator's view of a game or of any player's view
 * of it. A module of its own, without the worker, so the tests that hold the odds to it run it.
 */
import type { Game } from '../../engine/state.js';
import { openViewFor, type GameView } from '../../engine/view.js';

/**
 * The spectator's view of a game or of any player's view of it: what the odds may use. A seated
 * player's page holds their own bid and choices; the odds must not (every seat and spectator
 * sees the same bar, "from what spectators see"). The event log is left out: the odds never read it.
 */
export function spectatorView(game: Game | GameView): GameView {
  return { ...openViewFor(game as Game, null), cardsByID: game.cardsByID, tributeCardsByID: game.tributeCardsByID, events: [] };
}

/**
 * What is the same between two spectator views that differ only in when and who is thinking: a
 * step that shows a spectator nothing new (a hidden bid made or taken back) has the key of the
 * step before. The game's card set is left out too: it never changes within a game, and it was 85
 * of the key's 88 KB, written out and hashed at every step a page showed.
 */
export function publicKey(view: GameView): string {
  const {
    sequenceID: _s,
    updateTimestamp: _u,
    phaseStartTimestamp: _p,
    phaseThinkingMillisByPlayerID: _t,
    totalThinkingMillisByPlayerID: _a,
    soloMillisByPlayerID: _o,
    cardsByID: _c,
    tributeCardsByID: _r,
    readyByUserID,
    ...rest
  } = view;
  // In planning the odds bid afresh for every seat whatever the readiness; elsewhere it counts.
  return JSON.stringify(view.phase === 'PLANNING' ? rest : { ...rest, readyByUserID });
}

/**
 * The odds' sampling seed for a spectator's view: from what it shows (its `publicKey`, hashed with
 * 32-bit FNV-1a), so every page draws the same samples for the same step and a step that shows
 * nothing new gets the odds of the step before. Seeded by the step's number instead, a hidden bid
 * moved the bar by the samples' noise alone (58% to 48% on one review's screen), which read as if
 * the bid had given something away.
 */
export function samplingSeed(view: GameView): number {
  return seedOfKey(publicKey(view));
}

/** `samplingSeed` from a view's `publicKey` already worked out (the chart's steps compare keys anyway). */
export function seedOfKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
