/**
 * viewFor: the one door for secrets. What one player (or a spectator, viewer null) may see of a
 * game: never the PRNG, the order of a deck or discard pile (their contents only, sorted) or
 * pre-rolled dice, nor the seed or the server's secret before the game ends; other players' bids,
 * gains and reroll choices only once revealed; and under hideFavor, until the game ends, no favor at all, nor the
 * tribute tokens and tributes of other players (each token is 3 favor). The seed's commitment, the
 * server secret's and the players' values for the seed are shown from the start, so that at the
 * end anyone can check the revealed seed and secret against them.
 */
import type { GameEvent, TriggeredCard } from './events.js';
import { pendingDecision, type Decision } from './pending.js';
import type { Game, Player, RerollChoice } from './state.js';
import type { UserID } from './types.js';

type Hidden = 'rngState' | 'seed' | 'serverSecret' | 'prerolledDiceByPlayerID' | 'turnRecordByPlayerID';
/**
 * The seed and the server's secret are shown only once the game has ended (their commitments, and
 * the players' values mixed into the seed, are shown throughout).
 */
export type GameView = Omit<Game, Hidden> & {
  viewerID: UserID | null;
  seed: Game['seed'] | null;
  serverSecret: Game['serverSecret'];
  /**
   * What the viewer must decide now, with its legal ranges and choices and the engine's reason
   * for any choice it would refuse (pendingDecision, as the bots see it); null for a spectator,
   * for a player with nothing to do, and once the game has ended.
   */
  decision: Decision | null;
  /** Whether the game is over (its phase stays the last one played, TRIBUTE). */
  ended: boolean;
};

/**
 * A deck's (or discard pile's) contents in order of id, made once per array (the engine replaces
 * one, never changes it): every view of the same pile shares one array, so a step that leaves the
 * pile alone makes no new one, and comparing two views of it is one identity check.
 */
const sortedDecks = new WeakMap<readonly number[], readonly number[]>();
function sorted(ids: number[]): number[] {
  let out = sortedDecks.get(ids);
  if (!out) sortedDecks.set(ids, (out = Object.freeze(ids.slice().sort((a, b) => a - b))));
  return out as number[];
}

function hideTriggered(list: TriggeredCard[]): TriggeredCard[] {
  return list.map((t) => ({ ...t, favor: 0 }));
}

/** The userID of another player's tributes while favor is hidden: nobody's. */
export const HIDDEN_PLAYER: UserID = '';

/** An event as `viewerID` may see it while favor is hidden. */
function withoutFavor(event: GameEvent, viewerID: UserID | null): GameEvent {
  switch (event.type) {
    case 'GAIN_CARD':
      return {
        ...event,
        payload: { ...event.payload, favor: 0, prophecyFavor: 0, triggeredCards: hideTriggered(event.payload.triggeredCards) },
      };
    case 'GAIN_TRIBUTES': {
      if (event.payload.userID === viewerID) return { ...event, payload: { ...event.payload, favor: 0, triggeredCards: hideTriggered(event.payload.triggeredCards) } };
      // Another player's tributes would tell their tokens, and so their favor. Not even whose they
      // were: with the tributes seen leaving the row, that would name them; and the cards they
      // triggered are on the table, so they would name the player too.
      return { ...event, payload: { userID: HIDDEN_PLAYER, tributeIDs: [], tributeTokens: 0, favor: 0, triggeredCards: [] } };
    }
    case 'EARN_TOKEN':
      return { ...event, payload: { ...event.payload, triggeredCards: hideTriggered(event.payload.triggeredCards) } };
    default:
      return event;
  }
}

/** A view without the card set and the event log: what goes on the wire beside the log. */
export type OpenView = Omit<GameView, 'cardsByID' | 'tributeCardsByID' | 'events'>;

/** Whether views of the game hide favor now: under hideFavor, until the game ends. */
export const favorHidden = (game: Game) => game.options.hideFavor && game.gameEndTimestamp === null;

export function viewFor(game: Game, viewerID: UserID | null): GameView {
  return {
    ...openViewFor(game, viewerID),
    cardsByID: game.cardsByID,
    tributeCardsByID: game.tributeCardsByID,
    // Unchanged events are the game's own array, not a copy.
    events: favorHidden(game) ? game.events.map((event) => withoutFavor(event, viewerID)) : game.events,
  };
}

/** The game's events from `from` on, as `viewerID` may see them (a new array). */
export function eventsFor(game: Game, from: number, viewerID: UserID | null): GameEvent[] {
  const events = game.events.slice(from);
  return favorHidden(game) ? events.map((event) => withoutFavor(event, viewerID)) : events;
}

/**
 * `viewFor` without the card set and the event log. Field by field rather than spread: the game
 * has some fifty fields, and live delivery makes a view per viewer at every step (as `cloneGame`).
 */
export function openViewFor(game: Game, viewerID: UserID | null): OpenView {
  const ended = game.gameEndTimestamp !== null;
  const isOwn = (id: UserID) => id === viewerID;
  const planning = game.phase === 'PLANNING';
  const resolving = game.phase === 'RESOLUTION';
  const hideFavor = favorHidden(game);

  const players = game.players.map((p): Player => {
    let out = p;
    if (planning && !isOwn(p.userID) && (p.bid !== null || p.selectedCard !== null)) out = { ...out, bid: null, selectedCard: null };
    if (hideFavor) {
      // Favor shows as 0 to everyone; another player's tribute tokens and tributes would tell theirs.
      const own = isOwn(p.userID);
      out = {
        ...out,
        counters: { ...out.counters, favor: 0, tributeTokens: own ? out.counters.tributeTokens : 0 },
        tributeIDs: own ? out.tributeIDs : [],
        favorSources: { cards: 0, tributes: 0, prophecies: 0, resources: 0 },
      };
    }
    return out;
  });

  const rollSelections: Record<UserID, RerollChoice> = {};
  for (const [id, choice] of Object.entries(game.rollSelectionsByPlayerID)) rollSelections[id] = isOwn(id) ? choice : 'na';
  const bidsByPlayerID = planning ? pick(game.bidsByPlayerID, viewerID) : game.bidsByPlayerID;
  const resolvesByPlayerID = resolving ? pick(game.resolvesByPlayerID, viewerID) : game.resolvesByPlayerID;

  return {
    version: game.version,
    id: game.id,
    sequenceID: game.sequenceID,
    seed: ended ? game.seed : null,
    seedCommitment: game.seedCommitment,
    serverSecretCommitment: game.serverSecretCommitment,
    serverSecret: ended ? game.serverSecret : null,
    seedContributions: game.seedContributions,
    players,
    options: game.options,
    modules: game.modules,
    scoring: game.scoring,
    age: game.age,
    turn: game.turn,
    phase: game.phase,
    turnsPerAge: game.turnsPerAge,
    boardSize: game.boardSize,
    tributeRowSize: game.tributeRowSize,
    tableIDs: game.tableIDs,
    tributeRow: game.tributeRow,
    basicPile: game.basicPile,
    deck: sorted(game.deck),
    // Sorted too: at an age's end the undealt deck goes onto the discard pile in its dealing order.
    discard: sorted(game.discard),
    tributeDeck: sorted(game.tributeDeck),
    tributeDiscard: sorted(game.tributeDiscard),
    bidsByPlayerID,
    resolvesByPlayerID,
    readyByUserID: game.readyByUserID,
    rollsByPlayerID: game.rollsByPlayerID,
    clashes: game.clashes,
    rerollRound: game.rerollRound,
    rollSelectionsByPlayerID: rollSelections,
    winnersByTradeRowIndex: game.winnersByTradeRowIndex,
    revealedTableIDs: game.revealedTableIDs,
    phaseThinkingMillisByPlayerID: game.phaseThinkingMillisByPlayerID,
    totalThinkingMillisByPlayerID: game.totalThinkingMillisByPlayerID,
    soloMillisByPlayerID: game.soloMillisByPlayerID,
    productionDataByPlayerID: game.productionDataByPlayerID,
    planningDataByPlayerID: game.planningDataByPlayerID,
    gameStartTimestamp: game.gameStartTimestamp,
    gameEndTimestamp: game.gameEndTimestamp,
    phaseStartTimestamp: game.phaseStartTimestamp,
    updateTimestamp: game.updateTimestamp,
    winnerIDs: game.winnerIDs,
    statsByPlayerID: game.statsByPlayerID,
    viewerID,
    // Worked out from what the view shows, so the decision cannot tell more than the view does.
    decision:
      viewerID === null
        ? null
        : pendingDecision(
            {
              gameEndTimestamp: game.gameEndTimestamp,
              players,
              phase: game.phase,
              options: game.options,
              tableIDs: game.tableIDs,
              basicPile: game.basicPile,
              cardsByID: game.cardsByID,
              bidsByPlayerID,
              resolvesByPlayerID,
              rollSelectionsByPlayerID: rollSelections,
              rerollRound: game.rerollRound,
              winnersByTradeRowIndex: game.winnersByTradeRowIndex,
            },
            viewerID,
          ),
    ended,
  };
}

function pick<V>(record: Record<UserID, V>, viewerID: UserID | null): Record<UserID, V> {
  return viewerID !== null && record[viewerID] !== undefined ? { [viewerID]: record[viewerID] } : {};
}
