/**
 * viewFor: the one door for secrets. What one player (or a spectator, viewer null) may see of a
 * game: never the PRNG, the deck orders or pre-rolled dice, nor the seed before the game ends;
 * other players' bids, gains and reroll choices only once revealed; and no favor at all under
 * hideFavor until the game ends. The seed's commitment is shown from the start, so that at the end
 * anyone can check the revealed seed against it.
 */
import type { GameEvent, TriggeredCard } from './events.js';
import type { Game, Player, RerollChoice } from './state.js';
import type { UserID } from './types.js';

type Hidden = 'rngState' | 'seed' | 'prerolledDiceByPlayerID' | 'turnRecordByPlayerID';
/** The seed is shown only once the game has ended (its commitment is shown throughout). */
export type GameView = Omit<Game, Hidden> & { viewerID: UserID | null; seed: Game['seed'] | null };

const sorted = (ids: readonly number[]) => ids.slice().sort((a, b) => a - b);

function hideTriggered(list: TriggeredCard[]): TriggeredCard[] {
  return list.map((t) => ({ ...t, favor: 0 }));
}

/** An event as it may be shown while favor is hidden. */
function withoutFavor(event: GameEvent): GameEvent {
  switch (event.type) {
    case 'GAIN_CARD':
      return {
        ...event,
        payload: { ...event.payload, favor: 0, prophecyFavor: 0, triggeredCards: hideTriggered(event.payload.triggeredCards) },
      };
    case 'GAIN_TRIBUTES':
      return { ...event, payload: { ...event.payload, favor: 0, triggeredCards: hideTriggered(event.payload.triggeredCards) } };
    case 'EARN_TOKEN':
      return { ...event, payload: { ...event.payload, triggeredCards: hideTriggered(event.payload.triggeredCards) } };
    default:
      return event;
  }
}

export function viewFor(game: Game, viewerID: UserID | null): GameView {
  const { rngState: _r, seed, prerolledDiceByPlayerID: _p, turnRecordByPlayerID: _t, ...open } = game;
  const ended = game.gameEndTimestamp !== null;
  const isOwn = (id: UserID) => id === viewerID;
  const planning = game.phase === 'PLANNING';
  const resolving = game.phase === 'RESOLUTION';
  const hideFavor = game.options.hideFavor && !ended;

  const players = game.players.map((p): Player => {
    let out = p;
    if (planning && !isOwn(p.userID) && (p.bid !== null || p.selectedCard !== null)) out = { ...out, bid: null, selectedCard: null };
    if (hideFavor) {
      out = { ...out, counters: { ...out.counters, favor: 0 }, favorSources: { cards: 0, tributes: 0, prophecies: 0, resources: 0 } };
    }
    return out;
  });

  const rollSelections: Record<UserID, RerollChoice> = {};
  for (const [id, choice] of Object.entries(game.rollSelectionsByPlayerID)) rollSelections[id] = isOwn(id) ? choice : 'na';

  return {
    ...open,
    viewerID,
    seed: ended ? seed : null,
    players,
    deck: sorted(game.deck),
    tributeDeck: sorted(game.tributeDeck),
    bidsByPlayerID: planning ? pick(game.bidsByPlayerID, viewerID) : game.bidsByPlayerID,
    resolvesByPlayerID: resolving ? pick(game.resolvesByPlayerID, viewerID) : game.resolvesByPlayerID,
    rollSelectionsByPlayerID: rollSelections,
    events: hideFavor ? game.events.map(withoutFavor) : game.events,
  };
}

function pick<V>(record: Record<UserID, V>, viewerID: UserID | null): Record<UserID, V> {
  return viewerID !== null && record[viewerID] !== undefined ? { [viewerID]: record[viewerID] } : {};
}
